import PatternDetection

/// UTF-16 positions in well-formed UTF-8, for the ranges reports give in both units.
enum UTF16Offsets {
    /// UTF-16 code units in `range` of `bytes`.
    /// - Complexity: O(range length).
    static func count(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var count = 0
        for offset in range {
            let byte = bytes[offset]
            if !UTF8Scalar.isContinuation(byte) { count += byte >= 0xF0 ? 2 : 1 }
        }
        return count
    }

    /// The byte offset `units` UTF-16 units after `start`, rounded down to the scalar boundary when
    /// it falls between the halves of a surrogate pair; never past `end`.
    /// - Complexity: O(bytes walked).
    static func byteOffset(afterUTF16 units: Int, from start: Int, end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var position = start
        var walked = 0
        while position < end {
            let length = UTF8Scalar.length(lead: bytes[position])
            let width = length == 4 ? 2 : 1
            if walked + width > units { break }
            walked += width
            position += length
        }
        return position
    }
}
