// The part of UIKit that ComposerTextViewCoordinator calls, declared with the iOS SDK's names,
// types and isolation, for `make apple-check`: UIKit does not exist on Linux, so this is how the
// coordinator is type-checked here. Nothing here is built into the package.
//
// Where the SDK makes a delegate method `optional` (an Objective-C protocol), this stub makes it
// required: a misspelled delegate method then fails the check instead of never being called.
@_exported import Foundation

open class UIColor: NSObject, @unchecked Sendable {
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
}

@MainActor open class UITextPosition: NSObject {}

@MainActor open class UITextRange: NSObject {
    open var start: UITextPosition { fatalError("stub") }
    open var end: UITextPosition { fatalError("stub") }
    open var isEmpty: Bool { fatalError("stub") }
}

/// `NSTextStorage` on iOS: an `NSMutableAttributedString` (whose `beginEditing()` and
/// `endEditing()` it inherits) that a text view lays out.
open class NSTextStorage: NSMutableAttributedString {}

@MainActor public protocol UIScrollViewDelegate: NSObjectProtocol {}

@MainActor public protocol UITextViewDelegate: UIScrollViewDelegate {
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    func textViewDidChange(_ textView: UITextView)
    func textViewDidChangeSelection(_ textView: UITextView)
}

@MainActor open class UITextView: NSObject {
    open var textStorage: NSTextStorage { fatalError("stub") }
    open var text: String! { get { fatalError("stub") } set {} }
    open var attributedText: NSAttributedString! { get { fatalError("stub") } set {} }
    open var typingAttributes: [NSAttributedString.Key: Any] { get { fatalError("stub") } set {} }
    /// Deprecated from iOS 27 for `selectedRanges`.
    open var selectedRange: NSRange = NSRange(location: 0, length: 0)
    /// iOS 26 and later.
    open var selectedRanges: [NSRange] { get { fatalError("stub") } set {} }
    weak open var delegate: (any UITextViewDelegate)?
    // From UITextInput.
    open var markedTextRange: UITextRange? { fatalError("stub") }
    open var beginningOfDocument: UITextPosition { fatalError("stub") }
    open func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int { fatalError("stub") }
}
