#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PatternDetection

/// Keeps tags and styles up to date by touching only the bytes around each edit.
///
/// Per edit: the edit is applied to the strategy's own UTF-8 mirror of the text and the incremental
/// tokenizer rescans the window (grown from the edit to the rule set's separators) and reports the
/// spans that changed; then, inside `text.transform(updating: &selection)`, one pass over the runs of
/// the *focus* reads the tags there, the tags are made equal to the spans found — written only over
/// bytes whose tag differs — and only the bytes whose style may be stale are restyled: the inserted
/// ones (they took the styles of the text before them) and those whose kind changed. Nothing outside
/// the focus is read or written: runs, user formatting (bold, italic, links) and the selection survive.
///
/// The focus is the bytes the change touched (the inserted bytes, the removed and the added spans)
/// and a margin on each side, inside the window. The editor's own edit can drop more tags than the
/// tokenizer's change names: `TextPatternAttribute` is invalidated on `.textChanged`, and Foundation
/// removes it from the whole stretch of equal values around the replaced bytes — editing the end
/// of a link untags the whole link, and the stretch can hold several touching spans of one kind
/// (`#tag#tag2` under icysky), none of them changed. That stretch is contiguous, touches the edit
/// and is wrong all through (its spans did not change), so where a margin holds a byte whose tag is
/// right the stretch ends inside the focus; where a margin is wrong all through, that side is read
/// again out to the window's edge (touching spans never cross a separator, so the stretch lies in
/// the window). Its bytes get their kind back unchanged, so their styles (a function of the kind,
/// never dropped) need no restyling.
///
/// - Complexity: O(log n + w + k + f) per edit for a window of w bytes (the rescan), k inserted
///   bytes and a focus of f runs and spans (index look-ups in the string's rope, then the runs and
///   spans of the focus): independent of the document's length and, inside an enormous word, of
///   the spans away from the edit unless Foundation dropped their tags; O(n) memory for the mirror.
public struct LocalizedTransform: HighlightingStrategy {
    public let name = "localized"
    /// The text's bytes in a gap buffer and the incremental tokenizer over them. The tokenizer
    /// reads its window from this mirror, not from the string's rope: the rope costs a root-to-leaf
    /// descent per look-up, and the mirror is edited where the last edit was (O(edit)). A value
    /// (copied on write), so a copy of the strategy is independent of the original.
    private(set) package var document: SpanDocument
    public var definition: FormattingDefinition
    /// What the last edit rescanned and changed (for reports and benchmarks).
    public private(set) var lastChange: SpanChange?
    public private(set) var lastRescannedUTF8Range: Range<Int>?

    public init(rules: any RuleSet, definition: FormattingDefinition = .standard) {
        self.init(rules: rules, definition: definition, focusMarginBytes: 32)
    }

    /// With a focus margin of its own (the tests use 1, to reach the window's edge often).
    /// - Precondition: `focusMarginBytes` > 0.
    package init(rules: any RuleSet, definition: FormattingDefinition = .standard, focusMarginBytes: Int) {
        precondition(focusMarginBytes > 0, "the focus margin must be positive")
        self.document = SpanDocument(rules: rules)
        self.definition = definition
        self.focusMarginBytes = focusMarginBytes
    }

    public var rules: any RuleSet { document.rules }

    /// The tokenizer keeping the spans (its text is the strategy's mirror of the string).
    package var tokenizer: IncrementalTokenizer { document.tokenizer }

    /// The spans the tokenizer holds (equal to a full scan of the text after every edit).
    public var spans: [Span] { document.spans }

    public mutating func load(_ text: inout AttributedString) {
        document.load(String(text.characters[...]))
        let whole = 0..<text.utf8.count
        _ = update(&text, in: whole, touched: whole, restyling: [whole])
        lastChange = nil
        lastRescannedUTF8Range = nil
    }

    /// The strategy's mirror and the spans it keeps.
    public var spanDocument: SpanDocument? { document }

    @discardableResult
    public mutating func textDidChange(
        _ text: inout AttributedString, edit: TextEdit, selection: inout Range<AttributedString.Index>
    ) -> [Range<Int>] {
        // Through the UTF-8 view: an inserted combining mark is not a whole `Character`, and a
        // character view would round the range out to one.
        let inserted = edit.newUTF8Range.isEmpty
            ? "" : String(decoding: text.utf8[text.utf8Range(edit.newUTF8Range)], as: UTF8.self)
        let change = document.replace(utf8Range: edit.start..<edit.oldEnd, with: inserted)
        lastChange = change
        let window = TagSegments.hull(change.rescannedUTF8Range, edit.newUTF8Range)
        lastRescannedUTF8Range = window
        let restyle = TagSegments.restyleRanges(after: change)
        let touched = TagSegments.touchedRange(by: change)
        var written: [Range<Int>] = []
        text.transform(updating: &selection) { text in
            written = update(&text, in: window, touched: touched, restyling: restyle)
        }
        return written
    }

    /// Bytes read on each side of the touched ones: enough (32 by default) to hold a whole word
    /// being typed, so that in ordinary text the focus is the window and is read once. Any
    /// positive margin gives the same tags and styles.
    package let focusMarginBytes: Int

    /// Makes the tags in `window` equal to the tokenizer's spans there and restyles `restyle`
    /// (sorted, disjoint ranges inside `touched`), writing only the bytes and keys that differ and
    /// reading only the focus: `touched` (inside `window`) and about ``focusMarginBytes`` on each
    /// side, read again reaching to the window's edge on a side where the margin holds no byte
    /// whose tag is right (see the type's documentation). On load, `touched` is the whole text.
    /// Returns the UTF-8 ranges written (tags, then styles; they may overlap).
    private func update(
        _ text: inout AttributedString, in window: Range<Int>, touched: Range<Int>, restyling restyle: [Range<Int>]
    ) -> [Range<Int>] {
        // The margins end on scalar boundaries, as the window's and the touched bytes' ends do:
        // an index inside a scalar is rounded by the string, and the offsets would no longer agree.
        var lower = max(window.lowerBound, touched.lowerBound - focusMarginBytes)
        while !document.isScalarBoundary(lower) { lower -= 1 }
        var upper = min(window.upperBound, touched.upperBound + focusMarginBytes)
        while !document.isScalarBoundary(upper) { upper += 1 }
        let focus = lower..<upper
        guard !focus.isEmpty else { return [] }
        let reading = FocusReading(text, focus: focus, restyling: restyle, spans: document.spans(overlapping: focus))
        let settled = TagSegments.focus(focus, around: touched, within: window, stale: reading.stale)
        if settled == focus { return reading.write(to: &text, restyling: restyle, definition: definition) }
        return FocusReading(text, focus: settled, restyling: restyle, spans: document.spans(overlapping: settled))
            .write(to: &text, restyling: restyle, definition: definition)
    }
}

/// What one pass over the runs of a focus reads, given the spans overlapping it, before anything is
/// written: the tags there now (Foundation may have dropped some, see ``LocalizedTransform``), the
/// tags the spans want, where they differ, and the attributes of the runs to restyle. Their styles are computed for the
/// attributes they will have once tagged — a run's attributes with the tag replaced by the wanted
/// one — so the writes can follow without reading again.
private struct FocusReading {
    var current: [TagSegment] = []
    var runStarts: [AttributedString.Index] = []
    var runsToRestyle: [(run: Int, attributes: AttributeContainer, firstRange: Int)] = []
    var wanted: [TagSegment]
    /// Where `current` differs from `wanted` (``TagSegments/differences(from:to:)``).
    var stale: [TagSegment]

    init(
        _ text: AttributedString, focus: Range<Int>, restyling restyle: [Range<Int>], spans: [Span]
    ) {
        let start = text.utf8Index(focus.lowerBound)
        let end = text.utf8.index(start, offsetBy: focus.count)
        var offset = focus.lowerBound
        var nextRestyle = 0
        for run in text[start..<end].runs {
            let length = text.utf8.distance(from: run.range.lowerBound, to: run.range.upperBound)
            let range = offset..<offset + length
            let attributes = run.attributes
            current.append(TagSegment(utf8Range: range, kind: attributes[TextPatternAttribute.self]))
            runStarts.append(run.range.lowerBound)
            while nextRestyle < restyle.count, restyle[nextRestyle].upperBound <= range.lowerBound { nextRestyle += 1 }
            if nextRestyle < restyle.count, restyle[nextRestyle].overlaps(range) {
                runsToRestyle.append((current.count - 1, attributes, nextRestyle))
            }
            offset += length
        }
        wanted = TagSegments.tiling(of: focus, tagged: spans.lazy.map { ($0.utf8Range, $0.kind) })
        stale = TagSegments.differences(from: current, to: wanted)
    }

    /// Writes the stale tags and the styles of `restyle` (the ranges the reading was made with).
    func write(
        to text: inout AttributedString, restyling restyle: [Range<Int>], definition: FormattingDefinition
    ) -> [Range<Int>] {
        // The index range of bytes `range`, stepping from the start of run `run` (which holds
        // `range.lowerBound`): no descent from the root of the string's rope.
        func indices(_ range: Range<Int>, inRun run: Int) -> Range<AttributedString.Index> {
            let lower = text.utf8.index(runStarts[run], offsetBy: range.lowerBound - current[run].utf8Range.lowerBound)
            return lower..<text.utf8.index(lower, offsetBy: range.count)
        }

        var written: [Range<Int>] = []
        var tagWrites: [(Range<AttributedString.Index>, PatternKind?)] = []
        var run = 0
        for write in stale {
            while current[run].utf8Range.upperBound <= write.utf8Range.lowerBound { run += 1 }
            tagWrites.append((indices(write.utf8Range, inRun: run), write.kind))
            written.append(write.utf8Range)
        }

        var styleWrites: [(Range<AttributedString.Index>, original: AttributeContainer, constrained: AttributeContainer)] = []
        var wantedIndex = 0
        for (run, attributes, firstRange) in runsToRestyle {
            let runRange = current[run].utf8Range
            for range in restyle[firstRange...] {
                if range.lowerBound >= runRange.upperBound { break }
                let piece = range.clamped(to: runRange)
                // The piece as the wanted tags cut it.
                while wanted[wantedIndex].utf8Range.upperBound <= piece.lowerBound { wantedIndex += 1 }
                var segment = wantedIndex
                while segment < wanted.count, wanted[segment].utf8Range.lowerBound < piece.upperBound {
                    let part = wanted[segment].utf8Range.clamped(to: piece)
                    var original = attributes
                    original[TextPatternAttribute.self] = wanted[segment].kind
                    let constrained = definition.constrained(original)
                    if constrained != original {
                        styleWrites.append((indices(part, inRun: run), original, constrained))
                        written.append(part)
                    }
                    segment += 1
                }
            }
        }

        for (range, kind) in tagWrites {
            text[range][TextPatternAttribute.self] = kind
        }
        for (range, original, constrained) in styleWrites {
            definition.write(constrained, over: original, to: &text, in: range)
        }
        return written
    }
}
