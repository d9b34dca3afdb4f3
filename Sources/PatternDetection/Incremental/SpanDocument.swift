/// A plain-text document that keeps its spans up to date as it is edited: the text's bytes and an
/// ``IncrementalTokenizer`` together, for callers without `AttributedString` (composer backends,
/// the CLI's replay runner, tests).
///
/// ```swift
/// let document = try SpanDocument(text: "hi @al", rules: IcyskyRules.shared)
/// let change = try document.replace(utf8Range: 6..<6, with: "ice")   // "hi @alice"
/// change.removed  // [mention[3,6)]  (offsets before the edit)
/// change.added    // [mention[3,9)]
/// ```
///
/// The bytes live in a gap buffer kept at the last edit, so a keystroke costs O(edit) for the text
/// and O(window) for the spans whatever the document's length. Measured (release, icysky, typing in
/// the middle): a whole keystroke takes ~0.65 µs at 1 KB and at 1 MB; with a `[UInt8]` and
/// `replaceSubrange` instead it takes ~7 µs at 1 MB, ~6 µs of which move the half-megabyte tail.
/// Moving the edit point far away costs O(distance) once (~60 µs to cross 0.5 MB and 12,600 spans).
///
/// Not `Sendable` (it owns match scratch); one per document and thread.
public final class SpanDocument {
    private(set) var bytes: UTF8GapBuffer
    public let tokenizer: IncrementalTokenizer

    /// Scans `text` in full.
    /// - Throws: ``PatternError`` when PCRE2 fails.
    public init(text: String, rules: any RuleSet, scratch: MatchScratch = MatchScratch()) throws(PatternError) {
        bytes = UTF8GapBuffer(text)
        tokenizer = IncrementalTokenizer(rules: rules, scratch: scratch)
        try tokenizer.reset(bytes)
    }

    /// An empty document (no scan needed: an empty text has no spans). Fill it with ``load(_:)``.
    public init(rules: any RuleSet, scratch: MatchScratch = MatchScratch()) {
        bytes = UTF8GapBuffer("")
        tokenizer = IncrementalTokenizer(rules: rules, scratch: scratch)
    }

    public var rules: any RuleSet { tokenizer.rules }

    /// Replaces the whole text with `text` and scans it in full.
    /// - Throws: ``PatternError`` when PCRE2 fails; the text is then replaced and the document has
    ///   no spans until ``rescanAll()`` succeeds.
    public func load(_ text: String) throws(PatternError) {
        bytes = UTF8GapBuffer(text)
        try tokenizer.reset(bytes)
    }

    /// The text. O(n).
    public var text: String { bytes.string }

    /// Length of the text in UTF-8 bytes.
    public var utf8Count: Int { bytes.utf8Count }

    /// The spans of the current text, sorted by start. O(s).
    public var spans: [Span] { tokenizer.spans }

    /// Whether `utf8Range` can be replaced: within `0...utf8Count`, both ends on scalar boundaries.
    public func isValidReplacementRange(_ utf8Range: Range<Int>) -> Bool {
        bytes.isValidRange(utf8Range)
    }

    /// Replaces the bytes of `utf8Range` with `replacement` and updates the spans.
    ///
    /// - Precondition: ``isValidReplacementRange(_:)`` holds for `utf8Range`; a range outside the text
    ///   or one that splits a scalar stops the program (check first when the range comes from
    ///   outside, e.g. a network client).
    /// - Throws: ``PatternError`` when PCRE2 fails; the text is then already replaced and the spans
    ///   are incomplete until ``rescanAll()`` succeeds.
    /// - Complexity: O(k + d) for the bytes (k inserted, d the distance from the last edit) plus
    ///   the tokenizer's O(window) (see ``IncrementalTokenizer/apply(_:to:)``).
    @discardableResult
    public func replace(utf8Range: Range<Int>, with replacement: String) throws(PatternError) -> SpanChange {
        precondition(isValidReplacementRange(utf8Range), "\(utf8Range) is outside the text or splits a scalar")
        let inserted = replacement.utf8
        bytes.replace(utf8Range, with: inserted)
        return try tokenizer.apply(TextEdit(replacing: utf8Range, insertedUTF8Count: inserted.count), to: bytes)
    }

    /// Scans the whole text again (after a thrown error, or to compare with the incremental state).
    public func rescanAll() throws(PatternError) {
        try tokenizer.reset(bytes)
    }

    /// Runs `body` on the text as one contiguous buffer (moves the buffer's gap to the end: O(n)
    /// once, free while no edit happens in between).
    public func withUTF8<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try bytes.withContiguousUTF8(body)
    }
}

extension SpanDocument: UTF8TextSource {
    public func scalar(startingAt utf8Offset: Int) -> Unicode.Scalar { bytes.scalar(startingAt: utf8Offset) }
    public func scalar(endingAt utf8Offset: Int) -> Unicode.Scalar { bytes.scalar(endingAt: utf8Offset) }
    public func isScalarBoundary(_ utf8Offset: Int) -> Bool { bytes.isScalarBoundary(utf8Offset) }
    public func copyUTF8(_ utf8Range: Range<Int>, into destination: UnsafeMutableBufferPointer<UInt8>) {
        bytes.copyUTF8(utf8Range, into: destination)
    }
}
