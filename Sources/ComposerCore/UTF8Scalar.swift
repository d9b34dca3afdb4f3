/// Decoding well-formed UTF-8 one scalar at a time: the one decoder the scanners, the separator
/// table, offset conversion and the incremental tokenizer share.
///
/// The buffer readers below trust their input (they are called on text already validated, or cut
/// into its well-formed runs by ``UTF8Validation``); ``scalar(startingAt:count:byte:)`` checks it,
/// for sources that are read a byte at a time and must never hand PCRE2 ill-formed bytes.
@usableFromInline package enum UTF8Scalar {
    @inlinable @inline(__always)
    package static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }

    /// The length of the sequence a lead byte announces in well-formed text (1 for ASCII, and for
    /// a stray continuation byte, so a loop over untrusted bytes always advances).
    @inlinable @inline(__always)
    package static func length(lead: UInt8) -> Int {
        lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// The length of the sequence a lead byte may start, or 0 for a continuation byte or a byte
    /// that never starts a well-formed sequence (`C0`, `C1`, `F5`–`FF`).
    @inlinable @inline(__always)
    package static func checkedLength(lead: UInt8) -> Int {
        switch lead {
        case 0..<0x80: return 1
        case 0xC2..<0xE0: return 2
        case 0xE0..<0xF0: return 3
        case 0xF0..<0xF5: return 4
        default: return 0
        }
    }

    /// The scalar whose first byte is at `offset`, reading bytes through `byte`, checked: a
    /// violation (stray continuation byte, truncated or overlong sequence, surrogate) stops the
    /// program instead of reading past the text.
    @usableFromInline package static func scalar(startingAt offset: Int, count: Int, byte: (Int) -> UInt8) -> Unicode.Scalar {
        precondition(offset >= 0 && offset < count, "offset \(offset) outside 0..<\(count)")
        let lead = byte(offset)
        let length = checkedLength(lead: lead)
        precondition(length > 0 && offset + length <= count, "ill-formed UTF-8 at byte \(offset)")
        if length == 1 { return Unicode.Scalar(lead) }
        var value = UInt32(lead) & (0x7F >> UInt32(length))
        for index in 1..<length {
            let next = byte(offset + index)
            precondition(isContinuation(next), "ill-formed UTF-8 at byte \(offset + index)")
            value = value << 6 | UInt32(next & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value), UTF8.width(scalar) == length else {
            preconditionFailure("ill-formed UTF-8 at byte \(offset)")
        }
        return scalar
    }

    /// The scalar whose last byte is just before `offset`, reading bytes through `byte`, checked.
    @usableFromInline package static func scalar(endingAt offset: Int, count: Int, byte: (Int) -> UInt8) -> Unicode.Scalar {
        precondition(offset > 0 && offset <= count, "offset \(offset) outside 1...\(count)")
        var start = offset - 1
        while isContinuation(byte(start)) {
            precondition(start > 0 && offset - start < 4, "ill-formed UTF-8 before byte \(offset)")
            start -= 1
        }
        let scalar = scalar(startingAt: start, count: count, byte: byte)
        precondition(start + UTF8.width(scalar) == offset, "offset \(offset) is inside a scalar")
        return scalar
    }
    /// `byte` with `a`–`z` upper-cased (every other byte, multi-byte sequences included, as it is).
    @inlinable @inline(__always)
    package static func asciiUppercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 0x20 : byte
    }

    /// The end of the run of ASCII bytes of `bytes` that starts at `start`, at most `end`.
    /// - Complexity: O(run), eight bytes at a time.
    @inlinable
    package static func asciiRunEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, before end: Int) -> Int {
        guard start < end, let base = bytes.baseAddress else { return start }
        var index = start
        while index + 8 <= end {
            let word = UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let high = word & ByteWord.highBits
            if high != 0 { return index + high.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < end && bytes[index] < 0x80 { index += 1 }
        return index
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// The code point that starts at `offset` and its length in bytes.
    /// - Precondition: well-formed UTF-8; `offset` is a scalar boundary before the end.
    @inlinable @inline(__always)
    package func scalarValue(at offset: Int) -> (value: UInt32, length: Int) {
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

    /// The scalar that starts at `offset` and its length in bytes.
    /// - Precondition: well-formed UTF-8; `offset` is a scalar boundary before the end.
    @inlinable @inline(__always)
    package func decodeScalar(at offset: Int) -> (scalar: Unicode.Scalar, length: Int) {
        let (value, length) = scalarValue(at: offset)
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// The start of the scalar that ends at `offset` (the scalar just before it).
    /// - Precondition: `offset > 0` is a scalar boundary of well-formed UTF-8.
    @inlinable @inline(__always)
    package func scalarStart(before offset: Int) -> Int {
        var start = offset - 1
        while start > 0, UTF8Scalar.isContinuation(self[start]) { start -= 1 }
        return start
    }

    /// The offset just past the scalar that starts at `offset` (one byte on a stray continuation),
    /// never past the end.
    @inlinable @inline(__always)
    package func scalarEnd(from offset: Int) -> Int {
        guard offset < count else { return offset + 1 }
        return Swift.min(offset + UTF8Scalar.length(lead: self[offset]), count)
    }

}
