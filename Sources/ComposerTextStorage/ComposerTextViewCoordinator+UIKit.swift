#if canImport(UIKit)
import ComposerText
import UIKit

/// The UIKit glue: a `UITextViewDelegate` that forwards each proposed change to the composer and
/// mirrors what changed into the text view's storage. It is thin on purpose — the tested part is
/// ``TextStorageMirror``; this only calls it.
///
/// ```swift
/// let coordinator = ComposerTextViewCoordinator(textView: textView, composer: composer)
/// textView.delegate = coordinator
/// ```
///
/// Not compiled on Linux, where this package is built and tested.
@MainActor
public final class ComposerTextViewCoordinator: NSObject, UITextViewDelegate {
    public private(set) var composer: ComposerHighlighter
    public let mirror: TextStorageMirror

    public init(textView: UITextView, composer: ComposerHighlighter, attributes: TextStorageAttributes = TextStorageAttributes(
        color: { UIColor(red: CGFloat($0.red) / 255, green: CGFloat($0.green) / 255, blue: CGFloat($0.blue) / 255, alpha: 1) },
        link: { URL(string: $0) }
    )) {
        self.composer = composer
        self.mirror = TextStorageMirror(composer: composer, storage: textView.textStorage, attributes: attributes)
    }

    public func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        guard let change = composer.replace(utf16Range: range.location..<range.location + range.length, with: text) else {
            return false
        }
        if let marked = textView.markedTextRange {
            let start = textView.offset(from: textView.beginningOfDocument, to: marked.start)
            let end = textView.offset(from: textView.beginningOfDocument, to: marked.end)
            mirror.setMarkedText(start..<end)
        } else if mirror.markedUTF16Range != nil {
            mirror.commitMarkedText(from: composer)
        }
        textView.textStorage.beginEditing()
        mirror.apply(change, from: composer)
        textView.textStorage.endEditing()
        let caret = composer.selectedUTF16Range
        textView.selectedRange = NSRange(location: caret.lowerBound, length: caret.count)
        return false
    }
}
#endif
