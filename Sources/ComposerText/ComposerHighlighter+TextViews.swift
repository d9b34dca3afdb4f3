#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PatternDetection

/// Edits as text views report them: UIKit and AppKit give a UTF-16 range and its replacement,
/// SwiftUI's `TextEditor` gives only the new text and selection.
extension ComposerHighlighter {
    /// The selection in UTF-16 offsets (what `NSRange` and `UITextView.selectedRange` count).
    /// - Complexity: O(log n).
    public var selectedUTF16Range: Range<Int> { text.utf16Range(ofUTF8Range: selectedUTF8Range) }

    /// Replaces a UTF-16 range (from `textView(_:shouldChangeTextIn:replacementText:)`, as
    /// `range.location..<range.location + range.length`) with `replacement`, as
    /// ``replace(utf8Range:with:)`` does for UTF-8 ranges.
    ///
    /// - Returns: what changed; `nil`, changing nothing, when the range lies outside the text or
    ///   splits a surrogate pair.
    /// - Complexity: O(log n) to convert the offsets, then the strategy's update.
    @discardableResult
    public mutating func replace(utf16Range: Range<Int>, with replacement: String) -> ComposerChange? {
        guard let utf8Range = text.utf8Range(ofUTF16Range: utf16Range) else { return nil }
        return replace(validUTF8Range: utf8Range, utf16Range: utf16Range, with: replacement)
    }

    /// Selects a UTF-16 range (no edit); `false`, changing nothing, when the range lies outside the
    /// text or splits a surrogate pair.
    @discardableResult
    public mutating func select(utf16Range: Range<Int>) -> Bool {
        guard let utf8Range = text.utf8Range(ofUTF16Range: utf16Range) else { return false }
        return select(utf8Range: utf8Range)
    }

    /// For SwiftUI: `text` is the composer's text as the editor changed it, `selection` the
    /// editor's selection after the change. Finds the edit by comparing with the composer's text
    /// around the old and new selections (O(edit)), updates tags and styles in `text`, and mirrors
    /// both here.
    ///
    /// SwiftUI's editor keeps its selection as an `AttributedTextSelection`; the module
    /// ComposerTextStorage has the forms of this call and of ``selectionDidChange(_:)`` that take
    /// it, so a `TextEditor` needs two lines:
    /// `.onChange(of: text) { composer.textDidChange(&text, selection: &selection) }` and
    /// `.onChange(of: selection) { composer.selectionDidChange(selection, in: text) }`.
    ///
    /// - Precondition: the change was made at the selection, as a user's typing, paste or deletion
    ///   is, and the composer's selection is the one the editor had before it: the editor moves
    ///   its selection without changing the text (a tap, an arrow key), and
    ///   ``selectionDidChange(_:)`` is how the composer follows. A selection it did not follow
    ///   puts the edit in the wrong place. After a programmatic change elsewhere, call
    ///   ``textDidChange(_:edit:selection:)`` with the edit instead.
    /// - Returns: what changed.
    @discardableResult
    public mutating func textDidChange(
        _ text: inout AttributedString, selection: inout Range<AttributedString.Index>
    ) -> ComposerChange {
        let newSelection = text.utf8Offsets(selection)
        // No text changed (formatting did, or the editor replaced text with itself): Foundation may
        // still have dropped the tag around the selection, so the words there are checked as for
        // an empty edit.
        let oldSelection = selectedUTF8Range
        var edit = TextEdit.inferred(
            from: self.text.utf8, to: text.utf8, oldSelection: oldSelection, newSelection: newSelection)
            ?? TextEdit(start: newSelection.lowerBound, oldEnd: newSelection.lowerBound, newEnd: newSelection.lowerBound)
        // The editor replaced the selected characters attributes and all, even where the new text
        // repeats some of them (select all, paste the same start): the edit covers the old
        // selection, so those words are tagged again and reported. Still a description of the
        // change: the inferred edit's outside is shared by both texts, and the old selection lies
        // in the old text on scalar boundaries.
        if !oldSelection.isEmpty {
            let delta = edit.newEnd - edit.oldEnd
            let start = min(edit.start, oldSelection.lowerBound), oldEnd = max(edit.oldEnd, oldSelection.upperBound)
            edit = TextEdit(start: start, oldEnd: oldEnd, newEnd: oldEnd + delta)
        }
        return textDidChange(&text, edit: edit, selection: &selection)
    }

    /// For SwiftUI, whose editor moves its selection without changing the text: takes the
    /// editor's `selection` when it was made in the composer's own text (the text the composer
    /// last saw, unchanged since); otherwise changes nothing and answers `false`, since the text
    /// changed too and ``textDidChange(_:selection:)`` takes the selection with that change.
    ///
    /// Call it from `.onChange(of: selection)`. SwiftUI may run that action before or after the
    /// one for the text when a keystroke changes both; either order is right, because a selection
    /// made in the changed text is not valid within the old one (`AttributedString` indices
    /// belong to one version of the text).
    /// - Returns: whether the selection was taken.
    /// - Complexity: O(log n).
    @discardableResult
    public mutating func selectionDidChange(_ selection: Range<AttributedString.Index>) -> Bool {
        guard selection.isValid(within: text) else { return false }
        return select(utf8Range: text.utf8Offsets(selection))
    }
}
