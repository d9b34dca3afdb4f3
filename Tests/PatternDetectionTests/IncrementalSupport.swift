import RegexEngine
import Testing
@testable import PatternDetection

/// The rule sets every incremental test runs against. Extend the list as rule sets land
/// (`bluesky`, `twitter`): the tests are written against the ``RuleSet`` protocol only.
enum IncrementalRuleSets {
    static let all: [RuleSetCase] = [
        RuleSetCase(IcyskyRules.shared),
        RuleSetCase(BlueskyRules.shared),
        RuleSetCase(TwitterRules.shared),
        RuleSetCase(ShortcodeTestRules.shared),
        RuleSetCase(WithoutSeparators(IcyskyRules.shared)),
    ]

    /// The rule sets whose windows are bounded by separators (all but the degenerate one).
    static let local: [RuleSetCase] = all.filter { !($0.rules is WithoutSeparators) }
}

/// A rule set as a test argument, named by its rule set.
struct RuleSetCase: Sendable, CustomTestStringConvertible {
    let rules: any RuleSet
    init(_ rules: any RuleSet) { self.rules = rules }
    var testDescription: String { rules.name }
}

/// A small custom rule set, as a user would write one, whose matches read context on both sides:
/// - `shortcode`: `:[a-z_]+:`;
/// - `quote`: `>` + letters at the start of a line (`(?m)^`), so it depends on the separator before
///   its word being a newline (or the text start);
/// - `bang`: `!` + letters followed by a newline or the text end, so it depends on the separator
///   after its word.
/// Separators are PCRE2's `\s`; no match can contain one, and each reads only its bordering
/// separator or the text's ends, so the locality contract holds. A slice missing a bordering
/// separator would make `^` / `\z` match where a full scan does not.
struct ShortcodeTestRules: RuleSet {
    static let shared: ShortcodeTestRules = {
        do { return try ShortcodeTestRules() } catch { fatalError("test rules must compile: \(error)") }
    }()

    let name = "test-shortcodes"
    let kinds: [PatternKind] = ["shortcode", "quote", "bang"]
    let pattern: CompiledPattern

    init() throws(RegexCompileFailure) {
        pattern = try CompiledPattern(#":[a-z_]+:|(?m)^>[a-z]+|![a-z]+(?=\n|\z)"#)
    }

    func isSeparator(_ scalar: Unicode.Scalar) -> Bool { UnicodeWhitespace.isPCRE2Space(scalar) }

    func spans(
        in text: UnsafeBufferPointer<UInt8>, startingIn window: Range<Int>
    ) -> [Span] {
        var spans: [Span] = []
        pattern.forEachMatch(in: text, startingIn: window) { range in
            let kind: PatternKind =
                switch text[range.lowerBound] {
                case UInt8(ascii: ":"): "shortcode"
                case UInt8(ascii: ">"): "quote"
                default: "bang"
                }
            spans.append(Span(kind: kind, utf8Range: range))
        }
        return spans
    }
}

/// Another rule set's rules with no separators at all: every window is the whole text. Checks the
/// degenerate path is correct (only slow).
struct WithoutSeparators: RuleSet {
    let base: any RuleSet
    init(_ base: any RuleSet) { self.base = base }
    var name: String { base.name + "-without-separators" }
    var kinds: [PatternKind] { base.kinds }
    func isSeparator(_ scalar: Unicode.Scalar) -> Bool { false }
    func spans(
        in text: UnsafeBufferPointer<UInt8>, startingIn window: Range<Int>
    ) -> [Span] {
        base.spans(in: text, startingIn: window)
    }
}

/// The reference: a full scan of the whole text.
func fullScan(_ rules: any RuleSet, _ bytes: [UInt8]) -> [Span] {
    bytes.withUnsafeBufferPointer { rules.spans(in: $0) }
}

/// Checks a reported change against full scans before and after the edit. Returns a description
/// of every problem (empty when the change is right):
/// - the reported lists are sorted, removed ⊆ before, added ⊆ after;
/// - before − removed, shifted by the edit, plus added, is exactly after;
/// - nothing is reported that did not change (a removed span with untouched bytes is not found
///   again at its shifted place; an added one is not such an old span);
/// - every byte whose tag changed lies inside a removed (mapped) or added range, and those lie in
///   the rescanned window.
func changeProblems(_ change: SpanChange, before: [Span], after: [Span], newUTF8Count: Int) -> [String] {
    var problems: [String] = []
    let edit = change.edit
    if change.removed != change.removed.sorted() { problems.append("removed not sorted") }
    if change.added != change.added.sorted() { problems.append("added not sorted") }
    let beforeSet = Set(before), afterSet = Set(after)
    for span in change.removed where !beforeSet.contains(span) { problems.append("removed \(span) was not a span") }
    for span in change.added where !afterSet.contains(span) { problems.append("added \(span) is not a span") }

    func shifted(_ span: Span) -> Span {
        let shift = span.utf8Range.upperBound <= edit.start ? 0 : edit.delta
        return span.shifted(by: shift)
    }
    let removedSet = Set(change.removed)
    let kept = before.filter { !removedSet.contains($0) }
    for span in kept where edit.changesContent(of: span.utf8Range) {
        problems.append("\(span) lost bytes to the edit but is not reported removed")
    }
    let rebuilt = (kept.map(shifted) + change.added).sorted()
    if rebuilt != after { problems.append("before − removed + added = \(rebuilt), expected \(after)") }
    for span in change.removed where !edit.changesContent(of: span.utf8Range) && afterSet.contains(shifted(span)) {
        problems.append("removed \(span) is unchanged in the new text")
    }
    let untouchedOld = Set(before.filter { !edit.changesContent(of: $0.utf8Range) }.map(shifted))
    for span in change.added where untouchedOld.contains(span) {
        problems.append("added \(span) was already there")
    }

    // Byte by byte: the span covering each new byte, against the (shifted, untouched) old one.
    var newTag = [Span?](repeating: nil, count: newUTF8Count)
    for span in after { for byte in span.utf8Range { newTag[byte] = span } }
    var oldTag = [Span?](repeating: nil, count: newUTF8Count)
    for span in before {
        // A span whose bytes the edit changed tags the bytes it maps to with a marker no new span
        // equals: they must all be covered by the change.
        let moved = edit.changesContent(of: span.utf8Range)
            ? Span(kind: PatternKind("~" + span.kind.rawValue), utf8Range: edit.map(span.utf8Range)) : shifted(span)
        for byte in moved.utf8Range where byte < newUTF8Count { oldTag[byte] = moved }
    }
    var covered = [Bool](repeating: false, count: newUTF8Count)
    for range in change.removedUTF8RangesInNewText + change.added.map(\.utf8Range) {
        if !range.isEmpty && !(change.rescannedUTF8Range.contains(range.lowerBound) && range.upperBound <= change.rescannedUTF8Range.upperBound) {
            problems.append("changed range \(range) outside the window \(change.rescannedUTF8Range)")
        }
        for byte in range where byte < newUTF8Count { covered[byte] = true }
    }
    for byte in 0..<newUTF8Count where newTag[byte] != oldTag[byte] && !covered[byte] {
        problems.append("byte \(byte) changed tag outside the reported change")
    }
    return problems
}

/// Scalar-boundary helpers on byte arrays.
extension Array where Element == UInt8 {
    func isBoundary(_ offset: Int) -> Bool { offset == count || self[offset] & 0xC0 != 0x80 }

    /// The nearest scalar boundary at or before `offset`.
    func boundary(atOrBefore offset: Int) -> Int {
        var position = Swift.min(Swift.max(offset, 0), count)
        while !isBoundary(position) { position -= 1 }
        return position
    }

    /// The offset `characters` Characters after `offset` (or the end), segmenting from `offset`.
    func offset(after offset: Int, characters: Int) -> Int {
        guard characters > 0 else { return offset }
        let suffix = String(decoding: self[offset...], as: UTF8.self)
        return offset + suffix.prefix(characters).utf8.count
    }

    /// The offset `characters` Characters before `offset` (or 0), segmenting up to `offset`.
    func offset(before offset: Int, characters: Int) -> Int {
        guard characters > 0 else { return offset }
        let prefix = String(decoding: self[..<offset], as: UTF8.self)
        return offset - prefix.suffix(characters).utf8.count
    }
}
