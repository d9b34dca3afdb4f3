/// A plain-text document that keeps its spans up to date as it is edited: the text's bytes and the
/// incremental tokenizer together, for callers without `AttributedString` (composer backends, the
/// CLI's replay runner, tests).
///
/// ```swift
/// var document = SpanDocument(text: "hi @al", rules: IcyskyRules.shared)
/// let change = document.replace(utf8Range: 6..<6, with: "ice")   // "hi @alice"
/// change.removed  // [mention[3,6)]  (offsets before the edit)
/// change.added    // [mention[3,9)]
/// ```
///
/// A value: a copy (an undo snapshot, a value sent to another task) is independent of the
/// original. The storage is shared until one of them is edited, which then copies it first
/// (O(n) once per copy that is edited, never per keystroke).
///
/// The bytes live in a gap buffer kept at the last edit, so a keystroke costs O(edit) for the text
/// and O(window) for the spans whatever the document's length. Moving the edit point far away
/// costs O(distance) once.
public struct SpanDocument: Sendable {
    private var storage: Storage

    /// Scans `text` in full.
    /// - Throws: ``PatternError`` when PCRE2 fails.
    public init(text: String, rules: any RuleSet) {
        storage = Storage(bytes: UTF8GapBuffer(text), tokenizer: IncrementalTokenizer(rules: rules))
        storage.tokenizer.reset(storage.bytes)
    }

    /// An empty document (no scan needed: an empty text has no spans). Fill it with ``load(_:)``.
    public init(rules: any RuleSet) {
        storage = Storage(bytes: UTF8GapBuffer(""), tokenizer: IncrementalTokenizer(rules: rules))
    }

    public var rules: any RuleSet { storage.tokenizer.rules }

    /// The tokenizer keeping the spans (read-only use: statistics, span look-ups).
    package var tokenizer: IncrementalTokenizer { storage.tokenizer }

    /// Replaces the whole text with `text` and scans it in full.
    /// - Throws: ``PatternError`` when PCRE2 fails; the text is then replaced and the document has
    ///   no spans until ``rescanAll()`` succeeds.
    public mutating func load(_ text: String) {
        makeUnique()
        storage.bytes = UTF8GapBuffer(text)
        storage.tokenizer.reset(storage.bytes)
    }

    /// The text. O(n).
    public var text: String { storage.bytes.string }

    /// Length of the text in UTF-8 bytes.
    public var utf8Count: Int { storage.bytes.utf8Count }

    /// The spans of the current text, sorted by start. O(s).
    public var spans: [Span] { storage.tokenizer.spans }

    /// The spans that overlap `utf8Range`, sorted. O(log s + k).
    public func spans(overlapping utf8Range: Range<Int>) -> [Span] {
        storage.tokenizer.spans(overlapping: utf8Range)
    }

    /// Whether `utf8Range` can be replaced: within `0...utf8Count`, both ends on scalar boundaries.
    public func isValidReplacementRange(_ utf8Range: Range<Int>) -> Bool {
        storage.bytes.isValidRange(utf8Range)
    }

    /// Replaces the bytes of `utf8Range` with `replacement` and updates the spans.
    ///
    /// - Precondition: ``isValidReplacementRange(_:)`` holds for `utf8Range`; a range outside the text
    ///   or one that splits a scalar stops the program (check first when the range comes from
    ///   outside, e.g. a network client).
    /// - Throws: ``PatternError`` when PCRE2 fails; the text is then already replaced and the spans
    ///   are incomplete until ``rescanAll()`` succeeds.
    /// - Complexity: O(k + d) for the bytes (k inserted, d the distance from the last edit) plus
    ///   the tokenizer's O(window); O(n) more the first time a shared copy is edited.
    @discardableResult
    public mutating func replace(utf8Range: Range<Int>, with replacement: String) -> SpanChange {
        precondition(isValidReplacementRange(utf8Range), "\(utf8Range) is outside the text or splits a scalar")
        makeUnique()
        let inserted = replacement.utf8
        storage.bytes.replace(utf8Range, with: inserted)
        return storage.tokenizer.apply(
            TextEdit(replacing: utf8Range, insertedUTF8Count: inserted.count), to: storage.bytes)
    }

    /// Scans the whole text again (after a thrown error, or to compare with the incremental state).
    public mutating func rescanAll() {
        makeUnique()
        storage.tokenizer.reset(storage.bytes)
    }

    /// Runs `body` on the text as one contiguous buffer (moves the buffer's gap to the end: O(n)
    /// once, free while no edit happens in between).
    public mutating func withUTF8<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        makeUnique()
        return try storage.bytes.withContiguousUTF8(body)
    }

    /// The text's bytes, for reading without copying.
    package var bytes: UTF8GapBuffer { storage.bytes }

    /// Whether this value and `other` share storage (for tests of the copy-on-write behaviour).
    package func sharesStorage(with other: SpanDocument) -> Bool { storage === other.storage }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    /// The mutable state behind a document: only ever mutated through a uniquely referenced value,
    /// so two documents never write, or write and read, the same storage (which is what makes the
    /// document `Sendable` although the tokenizer owns match scratch).
    private final class Storage: @unchecked Sendable {
        var bytes: UTF8GapBuffer
        let tokenizer: IncrementalTokenizer

        init(bytes: UTF8GapBuffer, tokenizer: IncrementalTokenizer) {
            self.bytes = bytes
            self.tokenizer = tokenizer
        }

        func copy() -> Storage { Storage(bytes: bytes, tokenizer: tokenizer.copy()) }
    }
}

extension SpanDocument: UTF8TextSource {
    package func scalar(startingAt utf8Offset: Int) -> Unicode.Scalar { storage.bytes.scalar(startingAt: utf8Offset) }
    package func scalar(endingAt utf8Offset: Int) -> Unicode.Scalar { storage.bytes.scalar(endingAt: utf8Offset) }
    package func isScalarBoundary(_ utf8Offset: Int) -> Bool { storage.bytes.isScalarBoundary(utf8Offset) }
    package func byte(at utf8Offset: Int) -> UInt8 { storage.bytes.byte(at: utf8Offset) }
    package func precedingSeparator(
        endingAt utf8Offset: Int, where isSeparator: (Unicode.Scalar) -> Bool
    ) -> Range<Int>? {
        storage.bytes.precedingSeparator(endingAt: utf8Offset, where: isSeparator)
    }
    package func followingSeparator(
        startingAt utf8Offset: Int, where isSeparator: (Unicode.Scalar) -> Bool
    ) -> Range<Int>? {
        storage.bytes.followingSeparator(startingAt: utf8Offset, where: isSeparator)
    }
    package func copyUTF8(_ utf8Range: Range<Int>, into destination: UnsafeMutableBufferPointer<UInt8>) {
        storage.bytes.copyUTF8(utf8Range, into: destination)
    }
}
