/// A span as `highlight --format json` reports it: kind, text, value and its range in all three
/// units. Ranges are `[start, end]` pairs, start-inclusive, end-exclusive.
public struct SpanReport: Hashable, Sendable, Codable {
    public var kind: PatternKind
    public var text: String
    public var value: String
    public var utf8: [Int]
    public var utf16: [Int]
    public var scalars: [Int]

    public init(kind: PatternKind, text: String, value: String, utf8: [Int], utf16: [Int], scalars: [Int]) {
        self.kind = kind
        self.text = text
        self.value = value
        self.utf8 = utf8
        self.utf16 = utf16
        self.scalars = scalars
    }

    /// Reports for `spans` found in `text` by `rules`, with every offset converted in one pass.
    public static func reports(
        for spans: [Span], in text: UnsafeBufferPointer<UInt8>, rules: any RuleSet
    ) -> [SpanReport] {
        let bounds = spans.flatMap { [$0.utf8Range.lowerBound, $0.utf8Range.upperBound] }
        let converted = TextOffsets.convert(bounds, in: text)
        return spans.enumerated().map { index, span in
            let start = converted[2 * index], end = converted[2 * index + 1]
            return SpanReport(
                kind: span.kind,
                text: String(decoding: UnsafeBufferPointer(rebasing: text[span.utf8Range]), as: UTF8.self),
                value: rules.value(of: span, in: text),
                utf8: [span.utf8Range.lowerBound, span.utf8Range.upperBound],
                utf16: [start.utf16, end.utf16],
                scalars: [start.scalars, end.scalars])
        }
    }

    /// This report as one JSON object, keys in the documented order.
    public var json: String {
        var out = "{\"kind\":"
        JSONText.appendString(kind.rawValue, to: &out)
        out += ",\"text\":"
        JSONText.appendString(text, to: &out)
        out += ",\"value\":"
        JSONText.appendString(value, to: &out)
        out += ",\"utf8\":[\(utf8[0]),\(utf8[1])],\"utf16\":[\(utf16[0]),\(utf16[1])]"
        out += ",\"scalars\":[\(scalars[0]),\(scalars[1])]}"
        return out
    }

    /// `{"spans":[…]}` for one document.
    public static func documentJSON(_ reports: [SpanReport]) -> String {
        "{\"spans\":[" + reports.map(\.json).joined(separator: ",") + "]}"
    }
}

/// Minimal JSON text helpers with a fixed key order and no Foundation dependency.
public enum JSONText {
    /// Appends `value` as a JSON string literal (quotes, backslashes and control characters
    /// escaped; everything else written as UTF-8).
    public static func appendString(_ value: String, to out: inout String) {
        out.append("\"")
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out.append("\\\"")
            case "\\": out.append("\\\\")
            case "\n": out.append("\\n")
            case "\r": out.append("\\r")
            case "\t": out.append("\\t")
            case "\u{08}": out.append("\\b")
            case "\u{0C}": out.append("\\f")
            case "\u{2028}": out.append("\\u2028")
            case "\u{2029}": out.append("\\u2029")
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out.append("\"")
    }

    public static func string(_ value: String) -> String {
        var out = ""
        appendString(value, to: &out)
        return out
    }
}
