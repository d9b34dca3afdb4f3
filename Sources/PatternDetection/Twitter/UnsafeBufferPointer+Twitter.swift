/// Reading the UTF-8 subject the twitter rules scan, and measuring it the way twitter-text (a
/// JavaScript library, so UTF-16) does.
extension UnsafeBufferPointer<UInt8> {
    /// The scalar starting at `offset` and its length in bytes.
    /// - Precondition: `offset` is a scalar boundary of valid UTF-8 inside the buffer.
    @inline(__always)
    func twitterScalar(at offset: Int) -> (value: UInt32, length: Int) {
        let lead = UInt32(self[offset])
        if lead < 0x80 { return (lead, 1) }
        if lead < 0xE0 {
            return ((lead & 0x1F) << 6 | UInt32(self[offset + 1] & 0x3F), 2)
        }
        if lead < 0xF0 {
            return ((lead & 0x0F) << 12 | UInt32(self[offset + 1] & 0x3F) << 6 | UInt32(self[offset + 2] & 0x3F), 3)
        }
        return (
            (lead & 0x07) << 18 | UInt32(self[offset + 1] & 0x3F) << 12 | UInt32(self[offset + 2] & 0x3F) << 6
                | UInt32(self[offset + 3] & 0x3F), 4
        )
    }

    /// The start of the scalar that ends at `offset`.
    func twitterScalarStart(before offset: Int) -> Int {
        var start = offset - 1
        while start > 0, self[start] & 0xC0 == 0x80 { start -= 1 }
        return start
    }

    /// UTF-16 code units in `range` (a 4-byte sequence is a surrogate pair).
    func twitterUTF16Count(_ range: Range<Int>) -> Int {
        var count = 0
        for offset in range {
            let byte = self[offset]
            if byte & 0xC0 != 0x80 { count += byte >= 0xF0 ? 2 : 1 }
        }
        return count
    }

    /// The byte at `offset`, or 0 past the end (no rule treats NUL as anything but an ordinary
    /// character, and every caller compares against printable ASCII).
    @inline(__always)
    func twitterByte(at offset: Int) -> UInt8 {
        offset < count ? self[offset] : 0
    }
}
