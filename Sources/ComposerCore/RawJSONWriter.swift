/// JSON written through a pointer into memory the caller sized in advance: the encoders' byte-level
/// writer, which checks room once per record (see ``OutputBlock``) instead of once per append.
/// Escapes exactly as ``JSONWriter`` (``JSONEscape``).
///
/// Invariant: the caller guarantees room for what is written; the bounds to size with are
/// ``maximumIntegerLength`` and ``maximumStringLength(_:)``, and ``blockSlack`` more where bytes are
/// copied in blocks (``appendBlocks(_:count:)``).
@usableFromInline package struct RawJSONWriter: JSONOutput {
    @usableFromInline package private(set) var position: UnsafeMutablePointer<UInt8>

    /// Bytes of the longest decimal `Int` (`-9223372036854775808`).
    @usableFromInline package static let maximumIntegerLength = 20

    /// Bytes of `[lower,upper]`.
    @usableFromInline package static let maximumPairLength = 2 * maximumIntegerLength + 3

    /// Bytes of a JSON string literal, quotes included, for `count` bytes of text.
    @usableFromInline package static func maximumStringLength(_ count: Int) -> Int { JSONEscape.maximumExpansion * count + 2 }

    @inlinable @inline(__always)
    package init(_ start: UnsafeMutablePointer<UInt8>) {
        position = start
    }

    @inlinable @inline(__always)
    package mutating func append(_ literal: StaticString) {
        position.update(from: literal.utf8Start, count: literal.utf8CodeUnitCount)
        position += literal.utf8CodeUnitCount
    }

    @inlinable @inline(__always)
    package mutating func appendByte(_ byte: UInt8) {
        position.pointee = byte
        position += 1
    }

    @inlinable @inline(__always)
    package mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        position.update(from: base, count: bytes.count)
        position += bytes.count
    }

    /// Bytes that ``appendBlocks(_:count:)`` may store past what it writes (it stores whole blocks
    /// of sixteen bytes): a record written with it is sized with this much more room, and its
    /// sources are read this far.
    @usableFromInline package static let blockSlack = 16

    /// Copies `count` bytes from `source` sixteen at a time (``ByteBlock``): no call, one load and
    /// one store per block.
    /// - Precondition: `count` rounded up to a multiple of sixteen bytes are readable at `source`
    ///   and writable at the position (``blockSlack`` past what is written).
    @inlinable @inline(__always)
    package mutating func appendBlocks(_ source: UnsafeRawPointer, count: Int) {
        var offset = 0
        while offset < count {
            ByteBlock.store(ByteBlock.load(source, at: offset), at: position + offset)
            offset &+= 16
        }
        position += count
    }

    /// A decimal integer.
    /// - Precondition: room for ``maximumIntegerLength`` bytes (as for every number), even when
    ///   the number is shorter.
    @inlinable @inline(__always)
    package mutating func append(_ value: Int) {
        if value >= 0 && value < 100_000_000 {
            // Up to eight digits (every offset in a text under 100 MB): all eight computed at once
            // in one word.
            appendDigits(mostSignificantFirst: Self.eightDigits(UInt64(truncatingIfNeeded: value)))
            return
        }
        appendLong(value)
    }

    /// `[lower,upper]`, both below 10^8 (as every offset in a text under 100 MB): the digits of
    /// both computed before either is stored, with no branch on their size.
    /// - Precondition: `0 <= range.lowerBound`, `range.upperBound < 100_000_000`; room for
    ///   ``maximumPairLength`` bytes.
    @inlinable @inline(__always)
    package mutating func appendPair(below100Million range: Range<Int>) {
        let lower = Self.eightDigits(UInt64(truncatingIfNeeded: range.lowerBound))
        let upper = Self.eightDigits(UInt64(truncatingIfNeeded: range.upperBound))
        appendByte(UInt8(ascii: "["))
        appendDigits(mostSignificantFirst: lower)
        appendByte(UInt8(ascii: ","))
        appendDigits(mostSignificantFirst: upper)
        appendByte(UInt8(ascii: "]"))
    }

    /// The number whose eight decimal digits `digits` holds, as ``eightDigits(_:)`` gives them,
    /// without its leading zeros (`0` for zero): the zeros shifted out and the rest stored at
    /// once.
    /// - Precondition: room for eight bytes (the store writes eight, whatever the number's length).
    @inlinable @inline(__always)
    package mutating func appendDigits(mostSignificantFirst digits: UInt64) {
        let leadingZeros = (digits | 1 &<< 56).trailingZeroBitCount &>> 3
        let ascii = (digits | 0x3030_3030_3030_3030) &>> UInt64(8 &* leadingZeros)
        UnsafeMutableRawPointer(position).storeBytes(of: ascii.littleEndian, as: UInt64.self)
        position += 8 &- leadingZeros
    }

    /// The eight decimal digits of `value` (below 10^8, leading zeros included), most significant
    /// first, one per byte of a little-endian word (byte 0 holds the first digit), as numbers 0…9.
    ///
    /// Division by constants in lanes: the two halves of four digits in the word's two 32-bit
    /// lanes, each split by 100 into two 16-bit lanes, each split by 10 into two bytes. The
    /// multipliers are exact for the lanes' ranges (⌊x × 10486 / 2^20⌋ = ⌊x / 100⌋ for
    /// x < 10^4, ⌊x × 103 / 2^10⌋ = ⌊x / 10⌋ for x < 100), and no lane's product reaches the next.
    @inlinable @inline(__always)
    package static func eightDigits(_ value: UInt64) -> UInt64 {
        let high = value / 10_000
        var lanes = high | (value &- high &* 10_000) &<< 32
        var quotients = ((lanes &* 10486) &>> 20) & 0x0000_007F_0000_007F
        lanes = quotients | (lanes &- quotients &* 100) &<< 16
        quotients = ((lanes &* 103) &>> 10) & 0x000F_000F_000F_000F
        return quotients | (lanes &- quotients &* 10) &<< 8
    }

    /// A decimal integer of any size or sign, two digits at a time.
    @usableFromInline
    mutating func appendLong(_ value: Int) {
        if value < 0 { appendByte(UInt8(ascii: "-")) }
        var rest = value.magnitude
        // Digits from the bit length: ⌊bits × log10(2)⌋ (1233/4096), plus one when the value
        // reaches the next power of ten.
        let bits = UInt.bitWidth - (rest | 1).leadingZeroBitCount
        let guess = (bits &* 1233) >> 12
        let digits = Swift.max(1, guess + (rest >= Self.powerOfTen(guess) ? 1 : 0))
        let pairs: StaticString = """
            00010203040506070809101112131415161718192021222324252627282930313233343536373839\
            40414243444546474849505152535455565758596061626364656667686970717273747576777879\
            8081828384858687888990919293949596979899
            """
        position += digits
        var digit = position
        while rest >= 10 {
            let pair = Int(rest % 100)
            rest /= 100
            digit -= 2
            digit[0] = pairs.utf8Start[2 * pair]
            digit[1] = pairs.utf8Start[2 * pair + 1]
        }
        if digit > position - digits {
            digit -= 1
            digit.pointee = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest)
        }
    }

    /// 10^`exponent` for 0…19 (10^19 still fits a `UInt`): a switch, which compiles to a constant
    /// table, so no lazily initialized global is touched per number.
    @inlinable @inline(__always)
    static func powerOfTen(_ exponent: Int) -> UInt {
        switch exponent {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        case 8: 100_000_000
        case 9: 1_000_000_000
        case 10: 10_000_000_000
        case 11: 100_000_000_000
        case 12: 1_000_000_000_000
        case 13: 10_000_000_000_000
        case 14: 100_000_000_000_000
        case 15: 1_000_000_000_000_000
        case 16: 10_000_000_000_000_000
        case 17: 100_000_000_000_000_000
        case 18: 1_000_000_000_000_000_000
        default: 10_000_000_000_000_000_000
        }
    }

    /// The inside of a JSON string literal for `text` (well-formed UTF-8), without the quotes.
    @inlinable @inline(__always)
    package mutating func appendStringContents(_ text: UnsafeBufferPointer<UInt8>) {
        appendStringContents(text, uppercasingASCII: false)
    }

    /// ``appendStringContents(_:)``, and whether `text` was written as it is (it needed no
    /// escape, so neither does any part of it).
    @inlinable @inline(__always)
    package mutating func appendStringContentsNoticingEscapes(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var escaped = false
        JSONEscape.forEachPiece(of: text) { run in
            appendBytes(UnsafeBufferPointer(rebasing: text[run]))
        } escape: { escape in
            escaped = true
            appendEscape(escape)
        }
        return !escaped
    }

    /// The inside of a JSON string literal for `text` (well-formed UTF-8), without the quotes,
    /// with `a`–`z` upper-cased when `uppercasingASCII` (which changes no escape).
    @inlinable @inline(__always)
    package mutating func appendStringContents(_ text: UnsafeBufferPointer<UInt8>, uppercasingASCII: Bool) {
        JSONEscape.forEachPiece(of: text) { run in
            if uppercasingASCII {
                for index in run { appendByte(UTF8Scalar.asciiUppercased(text[index])) }
            } else {
                appendBytes(UnsafeBufferPointer(rebasing: text[run]))
            }
        } escape: { escape in
            appendEscape(escape)
        }
    }

    @inlinable @inline(__always)
    mutating func appendEscape(_ escape: JSONEscape) {
        switch escape {
        case .sequence(let sequence, _):
            append(sequence)
        case .control(let byte):
            append("\\u00")
            appendByte(JSONEscape.hexDigit(byte >> 4))
            appendByte(JSONEscape.hexDigit(byte & 0xF))
        }
    }
}
