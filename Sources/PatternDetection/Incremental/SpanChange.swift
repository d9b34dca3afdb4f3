/// What one edit did to the spans: the spans that went away, the spans that appeared, and how much
/// work finding that out took.
///
/// Only real changes are listed. A span the tokenizer took out of its table and found again with the
/// same kind, the same (shifted) range and untouched bytes is in neither list; a span whose bytes
/// the edit changed is always listed as removed (and, if found again, as added), so a consumer that
/// must re-apply attributes over edited bytes sees it.
///
/// Applying a change to the old span list gives the new one: drop ``removed``, move every other
/// span with ``edit`` (none of them touches it), merge in ``added``.
///
/// For an `AttributedString` consumer: the text already holds the edit. First clear the tag over
/// ``removedUTF8RangesInNewText`` (ranges may be empty when the span's bytes were deleted), then set
/// it over each span in ``added``. Nothing outside ``rescannedUTF8Range`` changed.
public struct SpanChange: Hashable, Sendable {
    /// The edit this change answers.
    public var edit: TextEdit
    /// Spans that no longer exist, in offsets of the text *before* the edit, sorted.
    public var removed: [Span]
    /// Spans that are new, in offsets of the text *after* the edit, sorted.
    public var added: [Span]
    /// The dirty window that was rescanned, in the text after the edit. It starts at the text start
    /// or right after a separator and ends at the text end or at a separator. Every removed span
    /// (mapped with ``edit``) and every added span lies inside it.
    public var rescannedUTF8Range: Range<Int>
    /// Work done, for benchmarks and for tests that check the work stays local.
    public var statistics: Statistics

    public struct Statistics: Hashable, Sendable, CustomStringConvertible {
        /// Bytes copied and handed to the rule set: the window plus its bordering separators.
        public var bytesRescanned: Int
        /// Spans taken out of the table because they touched the edit or lay in the window.
        public var spansDropped: Int
        /// Spans the rescan found (all of them went into the table).
        public var spansFound: Int
        /// Spans the table's gap passed over to reach the edit (0 when typing in one place).
        public var spansMovedAcrossGap: Int
        /// Scalars looked at while growing the window to the separators.
        public var scalarsExamined: Int

        public init(
            bytesRescanned: Int = 0, spansDropped: Int = 0, spansFound: Int = 0,
            spansMovedAcrossGap: Int = 0, scalarsExamined: Int = 0
        ) {
            self.bytesRescanned = bytesRescanned
            self.spansDropped = spansDropped
            self.spansFound = spansFound
            self.spansMovedAcrossGap = spansMovedAcrossGap
            self.scalarsExamined = scalarsExamined
        }

        /// Every span the edit made the tokenizer look at or move.
        public var spansTouched: Int { spansDropped + spansFound + spansMovedAcrossGap }

        public var description: String {
            "rescanned \(bytesRescanned) B, dropped \(spansDropped), found \(spansFound), "
                + "gap moved over \(spansMovedAcrossGap), scalars examined \(scalarsExamined)"
        }
    }

    public init(
        edit: TextEdit, removed: [Span], added: [Span], rescannedUTF8Range: Range<Int>,
        statistics: Statistics
    ) {
        self.edit = edit
        self.removed = removed
        self.added = added
        self.rescannedUTF8Range = rescannedUTF8Range
        self.statistics = statistics
    }

    /// Whether no span was removed or added.
    public var isEmpty: Bool { removed.isEmpty && added.isEmpty }

    /// The removed spans' ranges mapped into the text after the edit (``TextEdit/map(_:)-(Range<Int>)``):
    /// where a tag must be cleared. A span whose bytes were all deleted maps to an empty range.
    public var removedUTF8RangesInNewText: [Range<Int>] {
        removed.map { edit.map($0.utf8Range) }
    }
}
