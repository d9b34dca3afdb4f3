extension Punycode {
    /// Appends the code points that the punycode `ascii` (without `xn--`) encodes to `output`.
    ///
    /// Basic code points are the bytes before the last `-`; digits are case-insensitive. A `-` that
    /// is the first byte has no basic code points before it, so it is not a delimiter (RFC 3492
    /// §6.2 consumes the delimiter only after at least one basic code point) and, not being a
    /// digit, makes the decoding fail, as ICU's does (`-ngert` is not punycode; `ngert` is).
    /// - Returns: `false`, leaving `output` as it was, for a byte that is neither basic nor a digit
    ///   where one is expected, a truncated digit sequence, a value over 2³¹ − 1, or a decoded
    ///   code point that is basic, a surrogate or above U+10FFFF.
    /// - Complexity: O(n²) for n decoded code points (each is inserted at its position).
    @usableFromInline package static func decode<C: BidirectionalCollection<UInt8>>(_ ascii: C, into output: inout [UInt32]) -> Bool {
        let start = output.count
        func fail() -> Bool {
            output.removeSubrange(start...)
            return false
        }
        var position = ascii.startIndex
        if let lastDelimiter = ascii.lastIndex(of: delimiter), lastDelimiter != ascii.startIndex {
            for byte in ascii[..<lastDelimiter] {
                guard byte < 0x80 else { return fail() }
                output.append(UInt32(byte))
            }
            position = ascii.index(after: lastDelimiter)
        }
        var n = Int(initialN)
        var i = 0
        var bias = initialBias
        while position != ascii.endIndex {
            let oldI = i
            var weight = 1
            var k = base
            while true {
                guard position != ascii.endIndex, let value = digitValue(ascii[position]) else { return fail() }
                ascii.formIndex(after: &position)
                guard value <= (maximumValue - i) / weight else { return fail() }
                i += value * weight
                let t = threshold(k, bias: bias)
                if value < t { break }
                guard weight <= maximumValue / (base - t) else { return fail() }
                weight *= base - t
                k += base
            }
            let count = output.count - start + 1
            bias = adapt(delta: i - oldI, points: count, first: oldI == 0)
            guard i / count <= maximumValue - n else { return fail() }
            n += i / count
            i %= count
            guard n >= 0x80, n <= 0x10FFFF, !(0xD800...0xDFFF).contains(n) else { return fail() }
            output.insert(UInt32(n), at: start + i)
            i += 1
        }
        return true
    }

    /// 0...35 for `a`–`z`/`A`–`Z` and `0`–`9`, nil for any other byte.
    @inline(__always)
    static func digitValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte) - 0x61
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte) - 0x41
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte) - 0x30 + 26
        default: nil
        }
    }
}
