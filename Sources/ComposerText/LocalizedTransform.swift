import Foundation
import PatternDetection

/// Keeps tags and styles up to date by touching only the window around each edit.
///
/// Per edit: the incremental tokenizer rescans the window (grown from the edit to the rule set's
/// separators) and reports what changed; then, inside `text.transform(updating: &selection)`, the
/// tags in that window are made equal to the spans found there — written only where a run's tag
/// differs — and the formatting definition restyles the window. Nothing outside the window is read
/// or written: runs, user formatting (bold, italic, links) and the selection survive.
///
/// Why the whole window and not just `added`/`removed`: the editor's own edit can invalidate more
/// than the spans the tokenizer drops. `TextPatternAttribute` is invalidated on `.textChanged`, and
/// Foundation removes it from the whole run of equal values around the change — which can hold two
/// touching spans of one kind (`#tag#tag2` under icysky). Touching spans never cross a separator, so
/// they all lie in the window, and making the window exact repairs them.
///
/// - Complexity: O(log n + w) per edit for a window of w bytes (index look-ups in the string's
///   rope, the rescan, the runs inside the window), independent of the document's length.
public struct LocalizedTransform: HighlightingStrategy {
    public let name = "localized"
    public let tokenizer: IncrementalTokenizer
    public var definition: FormattingDefinition
    /// What the last edit rescanned and changed (for reports and benchmarks).
    public private(set) var lastChange: SpanChange?

    public init(rules: any RuleSet, definition: FormattingDefinition = .standard) {
        self.tokenizer = IncrementalTokenizer(rules: rules)
        self.definition = definition
    }

    public var rules: any RuleSet { tokenizer.rules }

    /// The spans the tokenizer holds (equal to a full scan of the text after every edit).
    public var spans: [Span] { tokenizer.spans }

    public mutating func load(_ text: inout AttributedString) throws(PatternError) {
        try tokenizer.reset(AttributedTextSource(text))
        let whole = 0..<text.utf8.count
        retag(&text, in: whole)
        definition.apply(to: &text)
        lastChange = nil
    }

    public mutating func textDidChange(
        _ text: inout AttributedString, edit: TextEdit, selection: inout Range<AttributedString.Index>
    ) throws(PatternError) {
        let change = try applyToTokenizer(edit, text: text)
        lastChange = change
        let window = Self.hull(change.rescannedUTF8Range, edit.newUTF8Range)
        text.transform(updating: &selection) { text in
            retag(&text, in: window)
            definition.apply(to: &text, in: [text.utf8Range(window)])
        }
    }

    /// Runs the tokenizer on a read-only view that is released before the string is mutated.
    private func applyToTokenizer(_ edit: TextEdit, text: AttributedString) throws(PatternError) -> SpanChange {
        try tokenizer.apply(edit, to: AttributedTextSource(text))
    }

    /// Makes the tags in `window` equal to the tokenizer's spans there, writing only what differs.
    private func retag(_ text: inout AttributedString, in window: Range<Int>) {
        guard !window.isEmpty else { return }
        // The wanted tagging of the window as consecutive segments (kind or nil).
        var wanted: [(Range<Int>, PatternKind?)] = []
        var position = window.lowerBound
        for span in spans(overlapping: window) {
            let range = max(span.utf8Range.lowerBound, window.lowerBound)..<min(span.utf8Range.upperBound, window.upperBound)
            if range.lowerBound > position { wanted.append((position..<range.lowerBound, nil)) }
            wanted.append((range, span.kind))
            position = range.upperBound
        }
        if position < window.upperBound { wanted.append((position..<window.upperBound, nil)) }

        // Compare with the tags there now, run by run (runs coalesced by the tag only).
        var writes: [(Range<Int>, PatternKind?)] = []
        let windowStart = text.utf8Index(window.lowerBound)
        let windowRange = windowStart..<text.utf8.index(windowStart, offsetBy: window.count)
        var current: [(Range<Int>, PatternKind?)] = []
        var offset = window.lowerBound
        for (kind, range) in text[windowRange].runs[\.textPattern] {
            let length = text.utf8.distance(from: range.lowerBound, to: range.upperBound)
            current.append((offset..<offset + length, kind))
            offset += length
        }
        for (range, kind) in wanted where !Self.isTagged(range, as: kind, in: current) {
            writes.append((range, kind))
        }
        for (range, kind) in writes {
            text[text.utf8Range(range)][TextPatternAttribute.self] = kind
        }
    }

    /// Whether every byte of `range` already carries `kind` according to `runs`.
    private static func isTagged(_ range: Range<Int>, as kind: PatternKind?, in runs: [(Range<Int>, PatternKind?)]) -> Bool {
        for (runRange, runKind) in runs where runRange.overlaps(range) && runKind != kind {
            return false
        }
        return true
    }

    /// The tokenizer's spans that overlap `window`, found by binary search on the span table.
    private func spans(overlapping window: Range<Int>) -> [Span] {
        var low = 0, high = tokenizer.spanCount
        while low < high {
            let middle = (low + high) / 2
            if tokenizer.span(at: middle).utf8Range.upperBound <= window.lowerBound { low = middle + 1 } else { high = middle }
        }
        var found: [Span] = []
        var index = low
        while index < tokenizer.spanCount {
            let span = tokenizer.span(at: index)
            if span.utf8Range.lowerBound >= window.upperBound { break }
            found.append(span)
            index += 1
        }
        return found
    }

    static func hull(_ a: Range<Int>, _ b: Range<Int>) -> Range<Int> {
        min(a.lowerBound, b.lowerBound)..<max(a.upperBound, b.upperBound)
    }
}
