/// Scalar decoding at a byte offset, for sources that can read single bytes cheaply.
///
/// The text is required to be well-formed UTF-8; a violation found while decoding (a stray
/// continuation byte, a truncated sequence) stops the program with a precondition failure instead
/// of reading past the text or handing PCRE2 bytes it would treat as undefined behaviour.
enum UTF8Decoding {
    @inline(__always)
    static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }

    /// Length of the sequence a lead byte starts; 0 for a continuation byte or an invalid lead.
    @inline(__always)
    static func sequenceLength(lead: UInt8) -> Int {
        switch lead {
        case 0..<0x80: return 1
        case 0xC2..<0xE0: return 2
        case 0xE0..<0xF0: return 3
        case 0xF0..<0xF5: return 4
        default: return 0
        }
    }

    /// The scalar whose first byte is at `offset`, reading bytes through `byte`.
    static func scalar(startingAt offset: Int, count: Int, byte: (Int) -> UInt8) -> Unicode.Scalar {
        precondition(offset >= 0 && offset < count, "offset \(offset) outside 0..<\(count)")
        let lead = byte(offset)
        let length = sequenceLength(lead: lead)
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

    /// The scalar whose last byte is just before `offset`, reading bytes through `byte`.
    static func scalar(endingAt offset: Int, count: Int, byte: (Int) -> UInt8) -> Unicode.Scalar {
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

    /// Whether `bytes` is well-formed UTF-8, without allocating.
    /// - Complexity: O(n).
    static func isWellFormed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
