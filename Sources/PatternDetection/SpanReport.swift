/// A span as `highlight --format json` reports it: kind, text, value and its range in all three
/// units. Ranges are `[start, end]` pairs, start-inclusive, end-exclusive. Written by
/// ``SpanJSONEncoder``; `Decodable` reads that output back.
public struct SpanReport: Hashable, Sendable, Decodable {
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

    /// Reports for `spans` found in `text` by `rules`.
    public static func reports(for spans: [Span], in text: String, rules: any RuleSet) -> [SpanReport] {
        var copy = text
        return copy.withUTF8 { reports(for: spans, in: $0, rules: rules) }
    }
}
