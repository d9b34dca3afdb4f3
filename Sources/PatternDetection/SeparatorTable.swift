/// A rule set's separators, with the ASCII answers cached in a bit table so byte loops (word
/// splitting, stream cutting) ask the rule set itself only about non-ASCII scalars.
public struct SeparatorTable: Sendable {
    private let asciiLow: UInt64
    private let asciiHigh: UInt64
    private let isNonASCIISeparator: @Sendable (Unicode.Scalar) -> Bool

    /// The separators of `rules`.
    public init(rules: any RuleSet) {
        self.init(isSeparator: { rules.isSeparator($0) })
    }

    /// The scalars for which `isSeparator` is true; it is asked once per ASCII scalar here and
    /// then only about non-ASCII scalars.
    public init(isSeparator: @escaping @Sendable (Unicode.Scalar) -> Bool) {
        var low: UInt64 = 0, high: UInt64 = 0
        for value in 0..<128 where isSeparator(Unicode.Scalar(UInt8(value))) {
            if value < 64 { low |= 1 << UInt64(value) } else { high |= 1 << UInt64(value - 64) }
        }
        self.asciiLow = low
        self.asciiHigh = high
        self.isNonASCIISeparator = isSeparator
    }

    /// Whether the ASCII byte `byte` (< 0x80) is a separator.
    @inline(__always)
    public func isASCIISeparator(_ byte: UInt8) -> Bool {
        byte < 64 ? asciiLow >> UInt64(byte) & 1 != 0 : asciiHigh >> UInt64(byte &- 64) & 1 != 0
    }

    /// The length in bytes of the separator scalar starting at `offset`, or 0 when the scalar there
    /// is not a separator.
    /// - Precondition: `offset` is the start of a well-formed scalar of `text`.
    @inline(__always)
    public func separatorLength(at offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        let lead = text[offset]
        if lead < 0x80 { return isASCIISeparator(lead) ? 1 : 0 }
        let (scalar, length) = Self.decode(at: offset, in: text)
        return isNonASCIISeparator(scalar) ? length : 0
    }

    /// The well-formed scalar starting at `offset` and its length in bytes.
    /// - Precondition: `offset` is the start of a well-formed scalar of `text`.
    @inline(__always)
    static func decode(at offset: Int, in text: UnsafeBufferPointer<UInt8>) -> (Unicode.Scalar, Int) {
        let lead = UInt32(text[offset])
        if lead < 0x80 { return (Unicode.Scalar(UInt8(lead)), 1) }
        if lead < 0xE0 {
            let value = (lead & 0x1F) << 6 | UInt32(text[offset + 1] & 0x3F)
            return (Unicode.Scalar(value) ?? "\u{FFFD}", 2)
        }
        if lead < 0xF0 {
            let value = (lead & 0x0F) << 12 | UInt32(text[offset + 1] & 0x3F) << 6
                | UInt32(text[offset + 2] & 0x3F)
            return (Unicode.Scalar(value) ?? "\u{FFFD}", 3)
        }
        let value = (lead & 0x07) << 18 | UInt32(text[offset + 1] & 0x3F) << 12
            | UInt32(text[offset + 2] & 0x3F) << 6 | UInt32(text[offset + 3] & 0x3F)
        return (Unicode.Scalar(value) ?? "\u{FFFD}", 4)
    }

    /// The length of the UTF-8 sequence a lead byte announces (1 for ASCII and stray bytes).
    @inline(__always)
    static func sequenceLength(lead: UInt8) -> Int {
        lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// The start of the scalar that ends at `offset` (the scalar just before it).
    /// - Precondition: `offset > 0` is a scalar boundary of well-formed `text`.
    @inline(__always)
    static func scalarStart(before offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        var start = offset - 1
        while start > 0, text[start] & 0xC0 == 0x80 { start -= 1 }
        return start
    }
}
