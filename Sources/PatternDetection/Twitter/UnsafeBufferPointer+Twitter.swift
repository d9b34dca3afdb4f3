/// Reading the UTF-8 subject the twitter rules scan, and measuring it the way twitter-text (a
/// JavaScript library, so UTF-16) does.
extension UnsafeBufferPointer<UInt8> {
    /// UTF-16 code units in `range` (a 4-byte sequence is a surrogate pair).
    @inline(__always)
    func twitterUTF16Count(_ range: Range<Int>) -> Int {
        UTF16Offsets.count(in: self, range)
    }

    /// The byte at `offset`, or 0 past the end (no rule treats NUL as anything but an ordinary
    /// character, and every caller compares against printable ASCII).
    @inline(__always)
    func twitterByte(at offset: Int) -> UInt8 {
        offset < count ? self[offset] : 0
    }
}
