extension TextEdit {
    /// The edit that turns `old` into `new`, for editors that report only the new text (SwiftUI's
    /// `TextEditor`), or `nil` when the two are equal.
    ///
    /// With the selections before and after the change — which SwiftUI reports for a user's edit —
    /// the edit is found around them: typing, a paste over a selection, backspace and forward
    /// delete all replace `min(before.lowerBound, after.upperBound)` up to
    /// `max(before.upperBound, after.upperBound − delta)`. That window is then trimmed of bytes that
    /// did not change, in O(edit). Without selections (or with selections that cannot describe the
    /// change: outside either text, or not meeting it), the common prefix and suffix of the two
    /// texts are compared instead, in O(n).
    ///
    /// The result's offsets lie on scalar boundaries of both texts, and
    /// `old[..<start] + new[start..<newEnd] + old[oldEnd...] == new`.
    ///
    /// - Parameters:
    ///   - old: the text before the change (its UTF-8 bytes).
    ///   - new: the text after it.
    ///   - oldSelection: the selection before the change, UTF-8 offsets of `old`.
    ///   - newSelection: the selection after it, UTF-8 offsets of `new`.
    /// - Precondition: with selections, they describe the change (nothing outside the window they
    ///   give was changed) — true of every edit a user makes at the selection. When the text may
    ///   have changed elsewhere (a programmatic replacement), pass `nil`.
    public static func inferred<Old: BidirectionalCollection<UInt8>, New: BidirectionalCollection<UInt8>>(
        from old: Old, to new: New, oldSelection: Range<Int>? = nil, newSelection: Range<Int>? = nil
    ) -> TextEdit? {
        let oldCount = old.count, newCount = new.count
        let delta = newCount - oldCount
        var window: (start: Int, oldEnd: Int)
        if let before = oldSelection, let after = newSelection,
            case let start = min(before.lowerBound, after.upperBound),
            case let oldEnd = max(before.upperBound, after.upperBound - delta),
            start >= 0, start <= oldEnd, oldEnd <= oldCount, oldEnd + delta >= start, oldEnd + delta <= newCount
        {
            window = (start, oldEnd)
        } else {
            window = (0, oldCount)
        }
        // Trim the bytes both texts share at the window's two ends.
        var oldIndex = old.index(old.startIndex, offsetBy: window.start)
        var newIndex = new.index(new.startIndex, offsetBy: window.start)
        var start = window.start
        let limit = min(window.oldEnd, window.oldEnd + delta)
        while start < limit, old[oldIndex] == new[newIndex] {
            old.formIndex(after: &oldIndex)
            new.formIndex(after: &newIndex)
            start += 1
        }
        var oldEnd = window.oldEnd
        var oldEndIndex = old.index(old.startIndex, offsetBy: oldEnd)
        var newEndIndex = new.index(new.startIndex, offsetBy: oldEnd + delta)
        while oldEnd > start, oldEnd + delta > start {
            let oldPrevious = old.index(before: oldEndIndex), newPrevious = new.index(before: newEndIndex)
            guard old[oldPrevious] == new[newPrevious] else { break }
            oldEndIndex = oldPrevious
            newEndIndex = newPrevious
            oldEnd -= 1
        }
        if start == oldEnd && start == oldEnd + delta { return nil }
        // Onto scalar boundaries: the bytes before `start` are shared, so a scalar cut there is cut
        // in both texts; likewise after the ends.
        while start > 0, start < oldCount, UTF8Scalar.isContinuation(old[oldIndex]) {
            old.formIndex(before: &oldIndex)
            start -= 1
        }
        while oldEnd < oldCount, UTF8Scalar.isContinuation(old[oldEndIndex]) {
            old.formIndex(after: &oldEndIndex)
            oldEnd += 1
        }
        return TextEdit(start: start, oldEnd: oldEnd, newEnd: oldEnd + delta)
    }
}

extension TextEdit {
    /// The edit that replaces `utf16Range` of `text` (a UTF-16 range, as `NSRange` gives it) with
    /// `replacement`; `nil` when the range lies outside the text or splits a surrogate pair.
    ///
    /// - Complexity: that of `String.UTF16View` index offsets (amortised O(1) per conversion for
    ///   native strings, after O(n) once per string value) plus O(range).
    public init?(replacingUTF16Range utf16Range: Range<Int>, with replacement: String, in text: String) {
        guard let utf8Range = text.utf8Range(ofUTF16Range: utf16Range) else { return nil }
        self.init(replacing: utf8Range, insertedUTF8Count: replacement.utf8.count)
    }
}

extension String {
    /// The UTF-8 offsets of a UTF-16 range of this string; `nil` when the range lies outside the
    /// string or either end splits a surrogate pair.
    public func utf8Range(ofUTF16Range utf16Range: Range<Int>) -> Range<Int>? {
        guard utf16Range.lowerBound >= 0, utf16Range.upperBound <= utf16.count else { return nil }
        let lower = utf16.index(utf16.startIndex, offsetBy: utf16Range.lowerBound)
        let upper = utf16.index(lower, offsetBy: utf16Range.count)
        guard let lowerScalar = lower.samePosition(in: unicodeScalars),
            let upperScalar = upper.samePosition(in: unicodeScalars)
        else { return nil }
        let start = utf8.distance(from: utf8.startIndex, to: lowerScalar)
        return start..<start + utf8.distance(from: lowerScalar, to: upperScalar)
    }
}
