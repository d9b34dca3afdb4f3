/// A rule set's separators, with the ASCII answers cached in a bit table so byte loops (word
/// splitting, stream cutting) ask the rule set itself only about non-ASCII scalars.
package struct SeparatorTable: Sendable {
    private let ascii: ASCIIByteSet
    private let isNonASCIISeparator: @Sendable (Unicode.Scalar) -> Bool

    /// The separators of `rules`.
    package init(rules: any RuleSet) {
        self.init(isSeparator: { rules.isSeparator($0) })
    }

    /// The scalars for which `isSeparator` is true; it is asked once per ASCII scalar here and
    /// then only about non-ASCII scalars.
    package init(isSeparator: @escaping @Sendable (Unicode.Scalar) -> Bool) {
        self.ascii = ASCIIByteSet(where: isSeparator)
        self.isNonASCIISeparator = isSeparator
    }

    /// Whether the ASCII byte `byte` (< 0x80) is a separator.
    @inline(__always)
    package func isASCIISeparator(_ byte: UInt8) -> Bool {
        ascii.containsASCII(byte)
    }

    /// Whether `scalar` is a separator (ASCII answered from the table).
    @inline(__always)
    package func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x80 ? isASCIISeparator(UInt8(truncatingIfNeeded: scalar.value)) : isNonASCIISeparator(scalar)
    }

    /// The length in bytes of the separator scalar starting at `offset`, or 0 when the scalar there
    /// is not a separator.
    /// - Precondition: `offset` is the start of a well-formed scalar of `text`.
    @inline(__always)
    package func separatorLength(at offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        let lead = text[offset]
        if lead < 0x80 { return isASCIISeparator(lead) ? 1 : 0 }
        let (scalar, length) = text.decodeScalar(at: offset)
        return isNonASCIISeparator(scalar) ? length : 0
    }
}
