/// The part of the text an edit obliges the tokenizer to rescan, with the separators around it.
///
/// `utf8Range` starts at 0 or right after `leading` and ends at the text end or at `trailing`,
/// exactly the shape ``RuleSet/spans(in:startingIn:)`` accepts as a window.
struct DirtyWindow: Hashable {
    /// The separator scalar just before the window; `nil` when the window starts the text.
    var leading: Range<Int>?
    /// The separator scalar just after the window; `nil` when the window ends the text.
    var trailing: Range<Int>?
    /// Length of the text.
    var utf8Count: Int

    init(leading: Range<Int>?, trailing: Range<Int>?, utf8Count: Int, start: Int? = nil) {
        self.leading = leading
        self.trailing = trailing
        self.utf8Count = utf8Count
        precondition(start == nil || start == (leading?.upperBound ?? 0), "window start off its separator")
    }

    var utf8Range: Range<Int> { (leading?.upperBound ?? 0)..<(trailing?.lowerBound ?? utf8Count) }
    /// The window plus its bordering separators: what is copied and handed to the rule set.
    var sliceUTF8Range: Range<Int> { (leading?.lowerBound ?? 0)..<(trailing?.upperBound ?? utf8Count) }
    var isEmpty: Bool { utf8Range.isEmpty }
}

extension IncrementalTokenizer {
    /// Grows the window from the edit's new bytes to the nearest separators on both sides, takes
    /// every span inside it out of the table, and repeats while a span reaches past the window.
    ///
    /// ## Why nothing outside the window can change
    /// The window runs from the separator before `edit.start` to the separator at or after
    /// `edit.newEnd` (or to the text's ends). Every byte before the leading separator, and the
    /// separator itself, is unchanged (it lies before `edit.start`); every byte from the trailing
    /// separator on is the unchanged old tail. So each separator-free run ("word") outside the window
    /// is the same run as before with the same bordering separator scalars, and by the rule set's
    /// locality contract (``RuleSet``) its spans are the same spans, merely shifted by `edit.delta`
    /// when they lie after the edit. A span never contains a separator, so no span can straddle the
    /// window's edge either; the loop that grows the window to spans reaching past it therefore only
    /// ever runs for a rule set that breaks its contract, and then still keeps the table sorted and
    /// non-overlapping. A rule set without separators makes every window the whole text: correct,
    /// only as slow as a full scan.
    ///
    /// - Parameters:
    ///   - droppedBefore: spans already taken out before the edit, extended here (right to left).
    ///   - droppedAfter: spans already taken out after the edit, in old offsets, extended here.
    /// - Precondition: the table's gap is at the edit and its length is the new text's.
    /// - Complexity: O(w) scalar look-ups for a window of w scalars plus O(k) for k spans taken out.
    func dirtyWindow(
        for edit: TextEdit, in source: some UTF8TextSource, droppedBefore: inout [Span],
        droppedAfter: inout [Span], statistics: inout SpanChange.Statistics
    ) -> DirtyWindow {
        var examined = 0
        let separators = self.separators
        // Counted through a pointer: a captured variable would be checked for exclusive access at
        // run time on every scalar of the word.
        let window = withUnsafeMutablePointer(to: &examined) { examined in
            dirtyWindow(for: edit, in: source, droppedBefore: &droppedBefore, droppedAfter: &droppedAfter) { scalar in
                examined.pointee += 1
                return separators.isSeparator(scalar)
            }
        }
        statistics.scalarsExamined = examined
        return window
    }

    /// The search of ``dirtyWindow(for:in:droppedBefore:droppedAfter:statistics:)``, with
    /// `isSeparator` asked about every scalar it walks over.
    private func dirtyWindow(
        for edit: TextEdit, in source: some UTF8TextSource, droppedBefore: inout [Span],
        droppedAfter: inout [Span], isSeparator: (Unicode.Scalar) -> Bool
    ) -> DirtyWindow {
        var window = DirtyWindow(
            leading: source.precedingSeparator(endingAt: edit.start, where: isSeparator),
            trailing: source.followingSeparator(startingAt: edit.newEnd, where: isSeparator),
            utf8Count: source.utf8Count)
        while true {
            var lower = window.utf8Range.lowerBound
            var upper = window.utf8Range.upperBound
            var grew = false
            // Spans before the gap start before `edit.start`; those ending after the window start lie
            // in it (or, against the contract, straddle it).
            while let last = table.lastBeforeGap, last.utf8Range.upperBound > lower {
                droppedBefore.append(table.popLastBeforeGap())
                if last.utf8Range.lowerBound < lower {
                    lower = last.utf8Range.lowerBound
                    grew = true
                }
            }
            // Spans after the gap start after the edit; those starting before the window end lie in it.
            while let first = table.firstAfterGap, first.utf8Range.lowerBound < upper {
                let span = table.popFirstAfterGap()
                droppedAfter.append(span.shifted(by: -edit.delta))
                if span.utf8Range.upperBound > upper {
                    upper = span.utf8Range.upperBound
                    grew = true
                }
            }
            guard grew else { break }
            window = DirtyWindow(
                leading: source.precedingSeparator(endingAt: lower, where: isSeparator),
                trailing: source.followingSeparator(startingAt: upper, where: isSeparator),
                utf8Count: source.utf8Count)
        }
        return window
    }
}
