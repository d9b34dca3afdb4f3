/// A caret (an insertion point) in both units a composer meets: UTF-8 bytes, which the detection
/// layer speaks, and UTF-16 code units, which UIKit/AppKit selections and JavaScript speak.
///
/// Invariant: both offsets denote the same position of one text, on a Unicode-scalar boundary.
public struct CaretPosition: Sendable, Hashable, CustomStringConvertible {
    public var utf8: Int
    public var utf16: Int

    public init(utf8: Int, utf16: Int) {
        self.utf8 = utf8
        self.utf16 = utf16
    }

    public var description: String { "caret(utf8: \(utf8), utf16: \(utf16))" }
}
