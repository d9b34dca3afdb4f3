#if canImport(AppKit) && !canImport(UIKit)
import AppKit
import ComposerText

/// The AppKit glue: an `NSTextViewDelegate` that keeps a composer and the text view's storage in
/// step, as the UIKit form of this class does for `UITextView`. It is thin on purpose — the
/// tested part is ``TextStorageMirror``; this only calls it.
///
/// Set it as the text view's delegate (and keep it: the delegate is weak). The view applies every
/// change itself (the delegate lets each one through), so input methods, autocorrection and undo
/// work as in any text view; once the view reports the change, the mirror brings the composer to
/// the storage's text and restyles what the composer's change covers
/// (``TextStorageMirror/storageDidChange(updating:announced:)``): O(edit) for a change the view
/// announced, one whole-text comparison otherwise. A change of attributes only (the user's bold)
/// is announced with no replacement and leaves the composer alone. The composer's selection
/// follows the view's, and the app's own changes (accepting a completion) go through `edit(_:_:)`.
///
/// Compiled only for macOS (not Mac Catalyst, which has the UIKit form); `make apple-check`
/// type-checks it on Linux against the AppKit declarations it uses.
@MainActor
public final class ComposerTextViewCoordinator: NSObject, NSTextViewDelegate {
    public private(set) var composer: ComposerHighlighter
    public let mirror: TextStorageMirror
    /// The change the view announced and has not yet reported made.
    private var announced: TextStorageMirror.AnnouncedEdit?
    /// Whether the view announced a change of attributes only.
    private var announcedAttributesOnly = false

    /// - Precondition: `textView` has a text storage (as every text view made by AppKit has).
    public init(textView: NSTextView, composer: ComposerHighlighter, attributes: TextStorageAttributes = TextStorageAttributes(
        color: { NSColor(srgbRed: CGFloat($0.red) / 255, green: CGFloat($0.green) / 255, blue: CGFloat($0.blue) / 255, alpha: 1) },
        link: { URL(string: $0) }
    )) {
        guard let storage = textView.textStorage else { preconditionFailure("a text view without a text storage") }
        self.composer = composer
        // The composer's text in the view's font and paragraph style (its typing attributes),
        // unless the view shows that text already.
        let plain = String(composer.text.characters[...])
        if textView.string != plain {
            storage.setAttributedString(NSAttributedString(string: plain, attributes: textView.typingAttributes))
        }
        self.mirror = TextStorageMirror(composer: composer, storage: storage, attributes: attributes)
    }

    public func textView(_ textView: NSTextView, shouldChangeTextIn affectedCharRange: NSRange, replacementString: String?) -> Bool {
        if let replacementString, let range = Range(affectedCharRange) {
            announced = TextStorageMirror.AnnouncedEdit(utf16Range: range, replacement: replacementString)
        } else if replacementString == nil {
            announcedAttributesOnly = true
        }
        return true
    }

    public func textDidChange(_ notification: Notification) {
        guard let textView = notification.object as? NSTextView else { return }
        defer {
            announced = nil
            announcedAttributesOnly = false
        }
        // The user's formatting: no characters changed, and the mirror's keys are not the user's.
        if announcedAttributesOnly && announced == nil { return }
        // An input method's composition: its characters are followed, its attributes wait.
        let marked = textView.hasMarkedText() ? Range(textView.markedRange()) : nil
        mirror.viewDidChange(updating: &composer, announced: announced, marked: marked)
        followSelection(of: textView)
    }

    public func textViewDidChangeSelection(_ notification: Notification) {
        guard let textView = notification.object as? NSTextView else { return }
        followSelection(of: textView)
    }

    /// A change the app makes (accepting a completion, inserting a mention): `body` edits the
    /// composer and returns its change; the storage follows it and the view's selection is set to
    /// the composer's.
    @discardableResult
    public func edit(_ textView: NSTextView, _ body: (inout ComposerHighlighter) -> ComposerChange?) -> ComposerChange? {
        guard let change = body(&composer) else { return nil }
        mirror.apply(change, from: composer)
        let selected = composer.selectedUTF16Range
        textView.setSelectedRange(NSRange(location: selected.lowerBound, length: selected.count))
        return change
    }

    /// The composer's selection set to the view's (a selection that does not fit the composer's
    /// text, between a change and its report, is left for the report to set).
    private func followSelection(of textView: NSTextView) {
        guard let selected = Range(textView.selectedRange()) else { return }
        composer.select(utf16Range: selected)
    }
}
#endif
