// The part of AppKit that ComposerTextViewCoordinator (its macOS form) calls, declared with the
// macOS SDK's names, types and isolation, for `make apple-check`: AppKit does not exist on Linux.
// Nothing here is built into the package.
//
// Where the SDK makes a delegate method `optional` (an Objective-C protocol), this stub makes it
// required: a misspelled delegate method then fails the check instead of never being called.
@_exported import Foundation

open class NSColor: NSObject, @unchecked Sendable {
    public init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
}

/// `NSTextStorage`: an `NSMutableAttributedString` (whose `beginEditing()` and `endEditing()` it
/// inherits) that a text view lays out.
open class NSTextStorage: NSMutableAttributedString {}

@MainActor public protocol NSTextDelegate: NSObjectProtocol {
    func textDidChange(_ notification: Notification)
}

@MainActor public protocol NSTextViewDelegate: NSTextDelegate {
    func textView(_ textView: NSTextView, shouldChangeTextIn affectedCharRange: NSRange, replacementString: String?) -> Bool
    func textViewDidChangeSelection(_ notification: Notification)
}

/// `NSTextView` (an `NSText`, an `NSView`; here an `NSObject`), with what the coordinator reads.
@MainActor open class NSTextView: NSObject {
    // From NSText.
    open var string: String { get { fatalError("stub") } set {} }
    // NSTextView's own.
    open var textStorage: NSTextStorage? { fatalError("stub") }
    open var typingAttributes: [NSAttributedString.Key: Any] { get { fatalError("stub") } set {} }
    open func setSelectedRange(_ charRange: NSRange) {}
    weak open var delegate: (any NSTextViewDelegate)?
    // From NSTextInputClient.
    open func selectedRange() -> NSRange { fatalError("stub") }
    open func hasMarkedText() -> Bool { fatalError("stub") }
    open func markedRange() -> NSRange { fatalError("stub") }
}
