/// JavaScript's `\p{P}`: the seven punctuation general categories (`Pc Pd Ps Pe Pi Pf Po`), what
/// the reference strips from the end of a tag and does not count as a tag character.
///
/// ASCII from a bit set, every other scalar from a generated two-level bit table
/// (`Scripts/GenerateJavaScriptPunctuationTable.swift`): two loads, no lookup in the standard
/// library's property tables per scalar.
///
/// Invariant: `contains` agrees with the standard library's general category on every scalar
/// (tested), and so with node's, which agrees with it on every code point.
enum JavaScriptPunctuation {
    @inline(__always)
    static func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = Int(scalar.value)
        if value < 0x80 { return ascii & (1 &<< UInt128(value)) != 0 }
        let block = Int(blockIndices[value &>> 8])
        return blockBits[block &* 4 &+ (value & 0xFF) &>> 6] &>> UInt64(value & 63) & 1 != 0
    }

    /// ASCII punctuation as a bit set: ``!"#%&'()*,-./:;?@[\]_{}`` (`$+<=>^`|~` are symbols): the
    /// ASCII scalars whose general category is punctuation. A literal, so reading it costs no lazy
    /// initialisation check.
    static let ascii: UInt128 = 0x2800_0000_b800_0001_8c00_f7ee_0000_0000
}
