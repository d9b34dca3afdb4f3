/// Finds the well-formed parts of arbitrary bytes, so any input can be scanned: PCRE2 is always
/// called with `PCRE2_NO_UTF_CHECK`, which is only safe on valid UTF-8.
@usableFromInline package enum UTF8Validation {
    /// The maximal runs of well-formed UTF-8 in `bytes`, in order. Bytes between runs are the
    /// ill-formed ones (each maximal ill-formed subsequence as Unicode defines it).
    /// - Complexity: O(n), one pass (whole words through ``wellFormedEnd(in:from:)``).
    @usableFromInline package static func validRuns(in bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var runStart = 0
        var index = 0
        let count = bytes.count
        while index < count {
            index = wellFormedEnd(in: bytes, from: index)
            guard index < count else { break }
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length = sequenceLength(bytes, at: index)
            if length > 0 {
                index += length
            } else {
                if runStart < index { runs.append(runStart..<index) }
                index += invalidLength(bytes, at: index)
                runStart = index
            }
        }
        if runStart < count { runs.append(runStart..<count) }
        if count == 0 { runs.append(0..<0) }
        return runs
    }

    /// Whether all of `bytes` is well-formed UTF-8, without allocating.
    /// - Complexity: O(n), one pass (whole words through ``wellFormedEnd(in:from:)``).
    @usableFromInline package static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            index = wellFormedEnd(in: bytes, from: index)
            guard index < bytes.count else { break }
            if bytes[index] < 0x80 {
                index += 1
                continue
            }
            let length = sequenceLength(bytes, at: index)
            if length == 0 { return false }
            index += length
        }
        return true
    }

    /// Length of the well-formed multi-byte sequence at `index`, or 0.
    @inlinable @inline(__always)
    package static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let lead = bytes[index]
        let count = bytes.count
        func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            index + offset < count && range.contains(bytes[index + offset])
        }
        switch lead {
        case 0xC2...0xDF:
            return continuation(1) ? 2 : 0
        case 0xE0:
            return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF:
            return continuation(1) && continuation(2) ? 3 : 0
        case 0xED:
            return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
        case 0xF0:
            return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3:
            return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4:
            return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default:
            return 0
        }
    }

    /// Length of the maximal ill-formed prefix at `index` (at least 1): a lead byte plus the
    /// continuation bytes that were still acceptable before the sequence broke off.
    @usableFromInline package static func invalidLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let lead = bytes[index]
        let count = bytes.count
        let second: ClosedRange<UInt8>
        let expected: Int
        switch lead {
        case 0xC2...0xDF: second = 0x80...0xBF; expected = 2
        case 0xE0: second = 0xA0...0xBF; expected = 3
        case 0xE1...0xEC, 0xEE...0xEF: second = 0x80...0xBF; expected = 3
        case 0xED: second = 0x80...0x9F; expected = 3
        case 0xF0: second = 0x90...0xBF; expected = 4
        case 0xF1...0xF3: second = 0x80...0xBF; expected = 4
        case 0xF4: second = 0x80...0x8F; expected = 4
        default: return 1
        }
        var length = 1
        while length < expected, index + length < count {
            let range: ClosedRange<UInt8> = length == 1 ? second : 0x80...0xBF
            guard range.contains(bytes[index + length]) else { break }
            length += 1
        }
        return length
    }
}
