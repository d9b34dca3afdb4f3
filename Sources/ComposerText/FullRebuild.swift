#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PatternDetection

/// The published workaround, implemented faithfully and efficiently: on every edit, take the plain
/// text out, scan all of it, build a fresh `AttributedString` with every span tagged and styled, and
/// replace the whole string. The selection is carried over by its UTF-8 offsets (the text is the
/// same, so the offsets still mean the same place).
///
/// What it costs and breaks, by design: O(document) per keystroke (extracting, scanning and
/// building the whole string), and every attribute that is not a tag or a constraint's output —
/// the user's bold or italic, links, any other formatting — is dropped, as are the editor's runs.
///
/// - Complexity: O(n + spans) per edit for a text of n bytes.
public struct FullRebuild: HighlightingStrategy {
    public let name = "full-rebuild"
    public let rules: any RuleSet
    public var definition: FormattingDefinition

    public init(rules: any RuleSet, definition: FormattingDefinition = .standard) {
        self.rules = rules
        self.definition = definition
    }

    public mutating func load(_ text: inout AttributedString) {
        text = rebuilt(from: text)
    }

    /// Rebuilds the whole string: every byte's attributes are written.
    @discardableResult
    public mutating func textDidChange(
        _ text: inout AttributedString, edit: TextEdit, selection: inout Range<AttributedString.Index>
    ) -> [Range<Int>] {
        let selectionOffsets = text.utf8Offsets(selection)
        text = rebuilt(from: text)
        selection = text.utf8Range(selectionOffsets)
        return [0..<text.utf8.count]
    }

    /// None: no span document is kept between edits.
    public var spanDocument: SpanDocument? { nil }

    /// The spans of the last rebuild's scan: the text's spans.
    public private(set) var lastSpans: [Span]?

    /// A fresh string with the same characters, every span tagged, constraints applied.
    private mutating func rebuilt(from text: AttributedString) -> AttributedString {
        // `String(text.characters[...])` takes the fast path; `String(text.characters)` is ~500×
        // slower on Linux.
        let plain = String(text.characters[...])
        let spans = withUTF8Bytes(of: plain) { bytes in
            rules.spans(in: bytes)
        }
        lastSpans = spans
        return Self.styledString(plain, spans: spans, definition: definition)
    }

    /// Builds `plain` as an `AttributedString` whose spans carry their tag and the definition's
    /// styles, segment by segment (one run per gap and per span: no run-by-run restyling pass).
    static func styledString(_ plain: String, spans: [Span], definition: FormattingDefinition) -> AttributedString {
        var containers: [PatternKind?: AttributeContainer] = [:]
        func container(for kind: PatternKind?) -> AttributeContainer {
            if let cached = containers[kind] { return cached }
            var tagged = AttributeContainer()
            tagged[TextPatternAttribute.self] = kind
            let attributes = definition.constrained(tagged)
            containers[kind] = attributes
            return attributes
        }
        let utf8 = plain.utf8
        var result = AttributedString()
        var position = utf8.startIndex
        var offset = 0
        func append(upTo end: Int, kind: PatternKind?) {
            let endIndex = utf8.index(position, offsetBy: end - offset)
            result.append(AttributedString(String(plain[position..<endIndex]), attributes: container(for: kind)))
            position = endIndex
            offset = end
        }
        for span in spans where span.utf8Range.lowerBound >= offset {
            if span.utf8Range.lowerBound > offset { append(upTo: span.utf8Range.lowerBound, kind: nil) }
            append(upTo: span.utf8Range.upperBound, kind: span.kind)
        }
        if offset < utf8.count { append(upTo: utf8.count, kind: nil) }
        return result
    }
}
