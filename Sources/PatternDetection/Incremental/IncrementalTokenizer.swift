/// Keeps the spans of a changing text up to date, rescanning only a small window around each edit.
///
/// The cost of an edit depends on the edit and on the words around it, not on the length of the
/// document: the span table is a gap buffer kept at the last edit (spans elsewhere are never
/// visited), the dirty window grows only to the nearest separators, and only the window plus its
/// two bordering separators is copied out of the text and scanned. After every edit ``spans``
/// equals a full scan of the new text — the tests check exactly that, for every rule set.
///
/// Works with any ``RuleSet`` through its locality contract, and with any ``UTF8TextSource``: a byte
/// array, a ``SpanDocument``, or a rope such as `AttributedString`'s UTF-8 view, which is never
/// copied whole per edit.
///
/// ## Why a slice, not the whole text
/// PCRE2 could scan the full text with `start_offset` at the window and an offset limit at its end.
/// That needs the whole document as one contiguous buffer, which a rope only provides by copying all
/// of it (O(n) per keystroke). The locality contract promises that the spans starting in a window
/// depend only on the window and its bordering separators, so the slice
/// `[leading separator, window, trailing separator]` is all the rule set needs; at the text's ends,
/// where there is no separator, the slice starts or ends at the real text start or end, so `^`,
/// `\A`, `\z` and look-arounds see exactly what a full scan sees.
///
/// ## Use
/// ```
/// let tokenizer = IncrementalTokenizer(rules: IcyskyRules.shared)
/// tokenizer.reset(bytes)                     // full scan
/// bytes.replaceSubrange(3..<3, with: Array("x".utf8))
/// let change = tokenizer.apply(TextEdit(start: 3, oldEnd: 3, newEnd: 4), to: bytes)
/// ```
///
/// Not `Sendable`: it owns a copy buffer and its span table. Use one per document and thread.
///
/// - Complexity: ``apply(_:to:)`` costs O(w + m + k) for a window of w bytes, m spans between the
///   previous edit and this one (0 when typing in one place) and k spans dropped or found;
///   ``reset(_:)`` O(n).
package final class IncrementalTokenizer {
    package let rules: any RuleSet
    /// The rule set's separators, ASCII ones in a bit table: the dirty window's edges are searched
    /// scalar by scalar, across a whole word.
    let separators: SeparatorTable

    var table = SpanTable()
    var slice = SliceBuffer()

    /// Bytes per chunk of the full scan in ``reset(_:)``; each chunk is extended to the next
    /// separator, so a text is never copied whole unless it has no separators at all.
    package var resetChunkUTF8Count = 64 << 10

    package convenience init(rules: any RuleSet) {
        self.init(rules: rules, separators: SeparatorTable(rules: rules))
    }

    private init(rules: any RuleSet, separators: SeparatorTable) {
        self.rules = rules
        self.separators = separators
    }

    /// An independent tokenizer holding the same spans (and sharing the separator table).
    /// - Complexity: O(s) for s spans.
    package func copy() -> IncrementalTokenizer {
        let copy = IncrementalTokenizer(rules: rules, separators: separators)
        copy.table = table
        copy.resetChunkUTF8Count = resetChunkUTF8Count
        return copy
    }

    /// Length of the text the spans belong to (the text after the last edit).
    package var utf8Count: Int { table.utf8Count }

    /// Number of spans.
    package var spanCount: Int { table.count }

    /// The spans, sorted by start.
    /// - Complexity: O(s), materialised on each call.
    package var spans: [Span] { table.spans }

    /// The spans that overlap `utf8Range`, sorted.
    /// - Complexity: O(log s + k) for k spans returned (binary search on the table).
    package func spans(overlapping utf8Range: Range<Int>) -> [Span] {
        var low = Span.firstIndex(endingAfter: utf8Range.lowerBound, count: table.count) { table[$0].utf8Range.upperBound }
        var found: [Span] = []
        while low < table.count, table[low].utf8Range.lowerBound < utf8Range.upperBound {
            found.append(table[low])
            low += 1
        }
        return found
    }

    /// Forgets all spans and scans `source` from scratch, in chunks cut at separators.
    ///
    /// - Throws: ``PatternError`` when PCRE2 fails; the tokenizer is then empty (as for an empty
    ///   text) and must be reset again before use.
    /// - Precondition: `source` is well-formed UTF-8.
    /// - Complexity: O(n).
    package func reset(_ source: some UTF8TextSource) {
        table = SpanTable()
        let count = source.utf8Count
        var found: [Span] = []
        var start = 0
        var leading: Range<Int>? = nil
        while start < count {
            var target = min(start + max(resetChunkUTF8Count, 1), count)
            while !source.isScalarBoundary(target) { target += 1 }
            let trailing = source.followingSeparator(startingAt: target, where: separators.isSeparator)
            let window = DirtyWindow(leading: leading, trailing: trailing, utf8Count: count, start: start)
            found += rescan(window, in: source)
            guard let trailing else { break }
            leading = trailing
            start = trailing.upperBound
        }
        table = SpanTable(spans: found, utf8Count: count)
    }

    /// Updates the spans for one edit and reports what changed.
    ///
    /// - Parameters:
    ///   - edit: the replacement, in offsets of the previous text (`start`, `oldEnd`) and of `source`
    ///     (`start`, `newEnd`).
    ///   - source: the text *after* the edit.
    /// - Precondition: `edit.oldEnd` is within the previous text; `source.utf8Count` equals the
    ///   previous length plus `edit.delta`; `edit.start` and `edit.newEnd` are scalar boundaries of
    ///   `source`; the bytes the rescan reads are well-formed UTF-8. Edits that split a scalar
    ///   break one of these and stop the program.
    /// - Throws: ``PatternError`` when PCRE2 fails. The spans outside the window are then still
    ///   right, those inside it are missing: call ``reset(_:)`` before relying on ``spans``.
    package func apply(_ edit: TextEdit, to source: some UTF8TextSource) -> SpanChange {
        let oldCount = table.utf8Count
        precondition(edit.oldEnd <= oldCount, "\(edit) reaches past the text end (\(oldCount) bytes)")
        let newCount = oldCount + edit.delta
        precondition(
            source.utf8Count == newCount,
            "source has \(source.utf8Count) bytes; \(edit) on \(oldCount) bytes leaves \(newCount)")
        precondition(
            source.isScalarBoundary(edit.start) && source.isScalarBoundary(edit.newEnd),
            "\(edit) does not lie on scalar boundaries")

        var statistics = SpanChange.Statistics()
        // 1. Bring the gap to the edit and take out the spans touching the replaced bytes, still in
        //    old offsets. Then the new length shifts every span after the gap at once.
        statistics.spansMovedAcrossGap = table.moveGap(toOffset: edit.start)
        var droppedBefore: [Span] = []  // popped right to left; offsets equal in both texts
        var droppedAfter: [Span] = []  // in old offsets
        while let last = table.lastBeforeGap, last.utf8Range.upperBound >= edit.start {
            droppedBefore.append(table.popLastBeforeGap())
        }
        while let first = table.firstAfterGap, first.utf8Range.lowerBound <= edit.oldEnd {
            droppedAfter.append(table.popFirstAfterGap())
        }
        table.setTextLength(newCount)

        // 2. Grow the window to the separators and take out every span inside it.
        let window = dirtyWindow(
            for: edit, in: source, droppedBefore: &droppedBefore, droppedAfter: &droppedAfter,
            statistics: &statistics)

        // 3. Rescan the window alone and put what it finds back at the gap.
        let found = rescan(window, in: source)
        table.insertAtGap(found)

        statistics.bytesRescanned = window.isEmpty ? 0 : window.sliceUTF8Range.count
        statistics.spansDropped = droppedBefore.count + droppedAfter.count
        statistics.spansFound = found.count
        let candidates = droppedBefore.reversed() + droppedAfter
        let (removed, added) = Self.difference(dropped: candidates, found: found, edit: edit)
        return SpanChange(
            edit: edit, removed: removed, added: added, rescannedUTF8Range: window.utf8Range,
            statistics: statistics)
    }

    /// Splits the dropped spans (old offsets, sorted) and the found ones (new offsets, sorted) into
    /// real removals and additions: a dropped span whose bytes the edit left alone and that was found
    /// again at its shifted place with the same kind is neither.
    /// - Complexity: O(d + f).
    static func difference(dropped: [Span], found: [Span], edit: TextEdit) -> (removed: [Span], added: [Span]) {
        var removed: [Span] = []
        var added: [Span] = []
        var next = 0
        for span in dropped {
            let range = span.utf8Range
            if edit.changesContent(of: range) {
                removed.append(span)
                continue
            }
            let shift = range.upperBound <= edit.start ? 0 : edit.delta
            let moved = span.shifted(by: shift)
            while next < found.count, found[next] < moved {
                added.append(found[next])
                next += 1
            }
            if next < found.count, found[next] == moved {
                next += 1
            } else {
                removed.append(span)
            }
        }
        added.append(contentsOf: found[next...])
        return (removed, added)
    }
}
