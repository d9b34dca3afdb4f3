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

extension CaretPosition {
    /// The caret at UTF-8 offset `utf8Offset` of `text`, in both units.
    /// - Throws: ``CaretError/outOfRange(offset:unit:length:)`` below 0 or past the end,
    ///   ``CaretError/insideScalar(offset:unit:)`` inside a multi-byte sequence.
    public init(utf8Offset: Int, in text: String) throws(CaretError) {
        try self.init(offset: utf8Offset, unit: .utf8, in: text)
    }

    /// The caret at UTF-16 offset `utf16Offset` of `text` (an `NSRange` location), in both units.
    /// - Throws: ``CaretError/outOfRange(offset:unit:length:)`` below 0 or past the end,
    ///   ``CaretError/insideScalar(offset:unit:)`` between the halves of a surrogate pair.
    public init(utf16Offset: Int, in text: String) throws(CaretError) {
        try self.init(offset: utf16Offset, unit: .utf16, in: text)
    }

    private init(offset: Int, unit: CaretError.Unit, in text: String) throws(CaretError) {
        let length = unit == .utf8 ? text.utf8.count : text.utf16.count
        guard offset >= 0 && offset <= length else { throw .outOfRange(offset: offset, unit: unit, length: length) }
        let index = unit == .utf8
            ? text.utf8.index(text.utf8.startIndex, offsetBy: offset)
            : text.utf16.index(text.utf16.startIndex, offsetBy: offset)
        guard index.samePosition(in: text.unicodeScalars) != nil else { throw .insideScalar(offset: offset, unit: unit) }
        self.init(
            utf8: text.utf8.distance(from: text.startIndex, to: index),
            utf16: text.utf16.distance(from: text.startIndex, to: index))
    }

    /// Checks that this caret is a position of `text`: the UTF-8 offset a scalar boundary within
    /// it, the UTF-16 offset the same position (what ``init(utf8Offset:in:)`` gives).
    /// - Throws: ``CaretError/outOfRange(offset:unit:length:)`` or
    ///   ``CaretError/insideScalar(offset:unit:)`` for the UTF-8 offset,
    ///   ``CaretError/unitsDisagree(utf8:utf16:)`` for a UTF-16 offset of another position.
    /// - Complexity: as ``init(utf8Offset:in:)``: O(1) for an ASCII string; otherwise the string
    ///   counts UTF-16 units through the whole text the first time its UTF-16 offsets are asked for
    ///   and keeps what it counted, so later checks on the same string are cheap.
    func check(in text: String) throws(CaretError) {
        let position = try CaretPosition(utf8Offset: utf8, in: text)
        guard position.utf16 == utf16 else { throw .unitsDisagree(utf8: utf8, utf16: utf16) }
    }
}
