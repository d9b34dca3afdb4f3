import ComposerText
import Foundation
import PatternDetection

/// Edits the text view made to its storage itself — what UIKit and AppKit do when their delegate
/// lets a change through, and what an input method, dictation or autocorrection may do without
/// asking the delegate at all.
extension TextStorageMirror {
    /// A change a text view announced before making it: its delegate's
    /// `textView(_:shouldChangeTextIn:replacementText:)` range (UTF-16, of the text before) and
    /// replacement.
    public struct AnnouncedEdit: Hashable, Sendable {
        public var utf16Range: Range<Int>
        public var replacement: String

        public init(utf16Range: Range<Int>, replacement: String) {
            self.utf16Range = utf16Range
            self.replacement = replacement
        }
    }

    /// After the text view changed the storage's characters itself: brings `composer` to the
    /// storage's text, then restyles what the composer's change covers (the view gave new
    /// characters its typing attributes; the composer's may differ). Attributes that touch the
    /// marked range wait for ``commitMarkedText(from:)``, as with ``apply(_:from:)``.
    ///
    /// When the storage shows exactly `announced` applied to the composer's text, following it
    /// costs O(edit). Otherwise — no announcement (an input method that commits without asking),
    /// a view that changed more than it announced, or several changes at once — the storage's
    /// string and the composer's text are compared whole, once (O(n); counted by
    /// ``wholeTextComparisons``), the difference between them is the edit, and every attribute is
    /// written again (where the view put its typing attributes is then not known).
    ///
    /// - Returns: the composer's change, or `nil` when the storage's characters already are the
    ///   composer's text (its attributes are written again all the same: the view may have
    ///   replaced characters with the same ones in its typing attributes).
    @discardableResult
    public func storageDidChange(
        updating composer: inout ComposerHighlighter, announced: AnnouncedEdit? = nil
    ) -> ComposerChange? {
        if let announced, let change = followAnnounced(announced, composer: &composer) {
            restyle(change.attributedUTF16Ranges, after: change, from: composer)
            return change
        }
        wholeTextComparisons += 1
        let change = Self.difference(from: String(composer.text.characters[...]), to: storage.plainText).flatMap { edit in
            composer.replace(utf16Range: edit.utf16Range, with: edit.replacement)
        }
        // Where the view put its characters, and its typing attributes, is not known: it may have
        // replaced more than the difference shows (with the same characters, or with no other
        // characters at all), or put an insertion anywhere in a repeated stretch. Every attribute
        // is written again (the marked range's when it is committed): this path reads the whole
        // text already.
        let count = composer.text.utf16.count
        var everything = [0..<count]
        if let marked = markedUTF16Range, marked.upperBound <= count {
            everything = [0..<marked.lowerBound, marked, marked.upperBound..<count]
        }
        restyle(everything, after: change, from: composer)
        return change
    }

    /// What a text view's delegate does once the view reports a change (`textViewDidChange(_:)`,
    /// `textDidChange(_:)`), in one call: takes the view's marked range (`marked`, `nil` when no
    /// input method is composing), follows the change (``storageDidChange(updating:announced:)``)
    /// inside one editing session of the storage, and writes the deferred attributes when the
    /// composition has ended.
    @discardableResult
    public func viewDidChange(
        updating composer: inout ComposerHighlighter, announced: AnnouncedEdit?, marked: Range<Int>?
    ) -> ComposerChange? {
        if let marked { setMarkedText(marked) }
        storage.beginEditing()
        defer { storage.endEditing() }
        let change = storageDidChange(updating: &composer, announced: announced)
        if marked == nil && markedUTF16Range != nil { commitMarkedText(from: composer) }
        return change
    }

    /// The composer's change for `announced` when the storage shows exactly that edit applied to
    /// the composer's text (its length, and the replacement where it was put), else `nil` with
    /// the composer unchanged.
    /// - Complexity: O(log n + replacement).
    private func followAnnounced(_ announced: AnnouncedEdit, composer: inout ComposerHighlighter) -> ComposerChange? {
        let count = composer.text.utf16.count
        let replacementCount = announced.replacement.utf16.count
        guard announced.utf16Range.lowerBound >= 0, announced.utf16Range.upperBound <= count,
            storage.utf16Count == count - announced.utf16Range.count + replacementCount,
            storage.utf16Units(inUTF16Range: announced.utf16Range.lowerBound..<announced.utf16Range.lowerBound + replacementCount)
                .elementsEqual(announced.replacement.utf16)
        else { return nil }
        return composer.replace(utf16Range: announced.utf16Range, with: announced.replacement)
    }

    /// The one replacement that turns `old` into `new`, in UTF-16 units of `old`: the edit
    /// ``TextEdit/inferred(from:to:oldSelection:newSelection:)`` finds between them (the bytes
    /// between their common prefix and suffix, on scalar boundaries, so no surrogate pair is
    /// split); `nil` when they are equal.
    /// - Complexity: O(n).
    static func difference(from old: String, to new: String) -> AnnouncedEdit? {
        guard let edit = TextEdit.inferred(from: old.utf8, to: new.utf8) else { return nil }
        let start = old.utf8.index(old.startIndex, offsetBy: edit.start)
        let oldEnd = old.utf8.index(start, offsetBy: edit.oldEnd - edit.start)
        let newStart = new.utf8.index(new.startIndex, offsetBy: edit.start)
        let newEnd = new.utf8.index(newStart, offsetBy: edit.newEnd - edit.start)
        let lower = old.utf16.distance(from: old.startIndex, to: start)
        return AnnouncedEdit(
            utf16Range: lower..<lower + old.utf16.distance(from: start, to: oldEnd), replacement: String(new[newStart..<newEnd]))
    }
}
