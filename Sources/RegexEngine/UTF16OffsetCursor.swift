/// Maps offsets between the UTF-8 bytes of a valid UTF-8 buffer and the UTF-16 code units of the
/// same text, walking forward from the last offset it mapped: mapping increasing offsets costs
/// O(bytes walked) in total. A scalar of four UTF-8 bytes is two UTF-16 units; every other scalar is one.
struct UTF16OffsetCursor {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// A scalar boundary and the same position in UTF-16 units.
    private var utf8Offset = 0
    private var utf16Offset = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The UTF-16 length of valid UTF-8 `bytes`.
    /// - Complexity: O(bytes).
    static func utf16Count(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for byte in bytes where byte & 0xC0 != 0x80 {
            count &+= byte >= 0xF0 ? 2 : 1
        }
        return count
    }

    /// The UTF-16 offset of UTF-8 offset `target`.
    /// - Precondition: `target` is a scalar boundary at or after the last offset mapped.
    mutating func utf16Offset(ofUTF8 target: Int) -> Int {
        while utf8Offset < target {
            let length = UTF8Boundaries.scalarLength(lead: bytes[utf8Offset])
            utf8Offset += length
            utf16Offset += length == 4 ? 2 : 1
        }
        return utf16Offset
    }

    /// The UTF-8 offset of UTF-16 offset `target`.
    /// - Precondition: `target` is not inside a surrogate pair and is at or after the last offset
    ///   mapped.
    mutating func utf8Offset(ofUTF16 target: Int) -> Int {
        while utf16Offset < target {
            let length = UTF8Boundaries.scalarLength(lead: bytes[utf8Offset])
            utf8Offset += length
            utf16Offset += length == 4 ? 2 : 1
        }
        return utf8Offset
    }
}
