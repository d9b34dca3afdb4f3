#if canImport(UIKit) && !os(watchOS)
import ComposerText
import UIKit

/// The UIKit glue: a `UITextViewDelegate` that keeps a composer and the text view's storage in
/// step. It is thin on purpose — the tested part is ``TextStorageMirror``; this only calls it.
///
/// ```swift
/// let coordinator = ComposerTextViewCoordinator(textView: textView, composer: composer)
/// textView.delegate = coordinator
/// ```
///
/// The text view applies every change itself (the delegate lets each one through), so input
/// methods, autocorrection, dictation and undo work as in any text view. The delegate notes the
/// change the view announces, and once the view has made it, the mirror brings the composer to
/// the storage's text and restyles what the composer's change covers
/// (``TextStorageMirror/storageDidChange(updating:announced:)``): O(edit) for an announced
/// change; a change the view made without announcing it (some input methods commit a candidate
/// that way) is found by comparing the whole text. The composer's selection follows the view's,
/// so ``ComposerHighlighter/selectedUTF16Range`` and completion see the caret the user sees.
///
/// Not compiled on Linux, where this package is built and tested; `make apple-check` type-checks
/// it there against the UIKit declarations it uses.
@MainActor
public final class ComposerTextViewCoordinator: NSObject, UITextViewDelegate {
    public private(set) var composer: ComposerHighlighter
    public let mirror: TextStorageMirror
    /// The change the view announced and has not yet reported made.
    private var announced: TextStorageMirror.AnnouncedEdit?

    public init(textView: UITextView, composer: ComposerHighlighter, attributes: TextStorageAttributes = TextStorageAttributes(
        color: { UIColor(red: CGFloat($0.red) / 255, green: CGFloat($0.green) / 255, blue: CGFloat($0.blue) / 255, alpha: 1) },
        link: { URL(string: $0) }
    )) {
        self.composer = composer
        // The composer's text in the view's font and paragraph style (its typing attributes),
        // unless the view shows that text already.
        let plain = String(composer.text.characters[...])
        if textView.text != plain {
            textView.attributedText = NSAttributedString(string: plain, attributes: textView.typingAttributes)
        }
        self.mirror = TextStorageMirror(composer: composer, storage: textView.textStorage, attributes: attributes)
    }

    public func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        announced = Range(range).map { TextStorageMirror.AnnouncedEdit(utf16Range: $0, replacement: text) }
        return true
    }

    public func textViewDidChange(_ textView: UITextView) {
        // An input method's composition: its characters are followed, its attributes wait.
        let marked = textView.markedTextRange.map { range in
            textView.offset(from: textView.beginningOfDocument, to: range.start)..<textView.offset(from: textView.beginningOfDocument, to: range.end)
        }
        mirror.viewDidChange(updating: &composer, announced: announced, marked: marked)
        announced = nil
        followSelection(of: textView)
    }

    public func textViewDidChangeSelection(_ textView: UITextView) {
        followSelection(of: textView)
    }

    /// A change the app makes (accepting a completion, inserting a mention): `body` edits the
    /// composer and returns its change; the storage follows it and the view's selection is set to
    /// the composer's.
    ///
    /// ```swift
    /// import ComposerPosts   // accept(_:), the completion
    ///
    /// coordinator.edit(textView) { $0.accept("@alice.bsky.social ") }
    /// ```
    @discardableResult
    public func edit(_ textView: UITextView, _ body: (inout ComposerHighlighter) -> ComposerChange?) -> ComposerChange? {
        guard let change = body(&composer) else { return nil }
        mirror.apply(change, from: composer)
        let selected = composer.selectedUTF16Range
        textView.selectedRanges = [NSRange(location: selected.lowerBound, length: selected.count)]
        return change
    }

    /// The composer's selection set to the view's, from its first selected range to the end of
    /// its last (a selection that does not fit the composer's text, between a change and its
    /// report, is left for the report to set).
    private func followSelection(of textView: UITextView) {
        guard let first = textView.selectedRanges.first.flatMap(Range.init), let last = textView.selectedRanges.last.flatMap(Range.init)
        else { return }
        composer.select(utf16Range: first.lowerBound..<last.upperBound)
    }
}
#endif
