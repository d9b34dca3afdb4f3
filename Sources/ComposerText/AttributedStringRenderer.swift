#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PatternDetection

/// How many colours a terminal shows.
public enum ANSIColorDepth: Sendable, Hashable {
    case none
    case palette256
    case trueColor

    /// The SGR escape that starts `style`, or empty when there is nothing to draw.
    public func opening(for style: PatternStyle) -> String {
        guard self != .none else { return "" }
        var codes: [String] = []
        if style.underline { codes.append("4") }
        if let color = style.color {
            switch self {
            case .trueColor: codes.append("38;2;\(color.red);\(color.green);\(color.blue)")
            case .palette256: codes.append("38;5;\(color.xterm256Index)")
            case .none: break
            }
        }
        return codes.isEmpty ? "" : "\u{1B}[\(codes.joined(separator: ";"))m"
    }

    public static let reset = "\u{1B}[0m"
}

/// Renders the tags of an `AttributedString` for a terminal or a page through the same encoders
/// the CLI streams bytes with (the ANSI and HTML encoders), so a composer's text and the same
/// text piped through `highlight` render alike: for the spans the string's tags hold, the output is
/// byte for byte what the encoders write.
///
/// The tags are read back as spans (`taggedSpans()`): two spans of one kind that touch
/// (`#tag#tag2` under icysky) share one attribute run and render as one.
public enum AttributedStringRenderer {
    /// The text with SGR escapes around each tagged span, styled from `styles` (the standard
    /// definition's by default, as the CLI); removing them gives back the characters exactly.
    /// - Complexity: O(n + runs).
    public static func ansi(_ text: AttributedString, depth: ANSIColorDepth, styles: PatternStyleTable = .default) -> String {
        let bytes = Array(text.utf8)
        let spans = text.taggedSpans()
        let encoder = ANSIEncoder(depth: depth, styles: styles, kinds: PatternKind.builtIn + Set(spans.map(\.kind)).sorted())
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + spans.count * 16)
        bytes.withUnsafeBufferPointer { encoder.encode($0, spans: spans, into: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    /// An escaped HTML fragment: tagged spans become `<span class="KIND">`, links `<a class="url"
    /// href>` when their value under `rules` (the link's URI) is http or https, as `HTMLEncoder`
    /// writes them; strongly emphasized runs are wrapped in `<strong>` (a span that crosses such a
    /// run's edge is written as one element on each side, with the whole span's URI). Text and
    /// URIs are escaped, so nothing in them can open a tag or an attribute.
    /// - Complexity: O(n + runs).
    public static func html(_ text: AttributedString, rules: any RuleSet) -> String {
        let bytes = Array(text.utf8)
        let spans = text.taggedSpans()
        let encoder = HTMLEncoder(kinds: PatternKind.builtIn)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            var next = 0
            for (emphasis, range) in text.runs[\.emphasis] {
                let piece = offset..<offset + text.utf8.distance(from: range.lowerBound, to: range.upperBound)
                offset = piece.upperBound
                let strong = emphasis?.contains(.stronglyEmphasized) == true
                // The spans overlapping this piece, cut to it, each remembering the whole span.
                while next < spans.count, spans[next].utf8Range.upperBound <= piece.lowerBound { next += 1 }
                var cut: [(part: Span, whole: Span)] = []
                var index = next
                while index < spans.count, spans[index].utf8Range.lowerBound < piece.upperBound {
                    let part = spans[index].utf8Range.clamped(to: piece)
                    cut.append((Span(kind: spans[index].kind, utf8Range: part.lowerBound - piece.lowerBound..<part.upperBound - piece.lowerBound), spans[index]))
                    index += 1
                }
                if strong { out.write("<strong>") }
                let wholes = Dictionary(cut.map { ($0.part.utf8Range.lowerBound, $0.whole) }, uniquingKeysWith: { a, _ in a })
                encoder.encode(
                    UnsafeBufferPointer(rebasing: buffer[piece]), spans: cut.map(\.part),
                    value: { part in rules.value(of: wholes[part.utf8Range.lowerBound]!, in: buffer) }, into: &out)
                if strong { out.write("</strong>") }
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
