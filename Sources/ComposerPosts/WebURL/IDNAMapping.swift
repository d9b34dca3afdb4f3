/// The UTS #46 mapping step, from the generated ``IDNATables`` (nontransitional processing:
/// deviations are valid).
enum IDNAMapping {
    /// The status of a code point, as the mapping table packs it.
    enum Kind: UInt32 {
        case valid = 0, ignored, disallowed, shifted, sequence
    }

    /// Index of the range holding `codePoint` in a table of sorted range starts beginning at 0.
    /// - Complexity: O(log n).
    @inline(__always)
    static func rangeIndex(of codePoint: UInt32, in starts: [UInt32]) -> Int {
        var low = 0
        var high = starts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= codePoint { low = middle } else { high = middle }
        }
        return low
    }

    /// Appends the mapping of `codePoint` to `output`.
    /// - Returns: `false` when the code point is disallowed.
    @inline(__always)
    static func map(_ codePoint: UInt32, into output: inout [UInt32]) -> Bool {
        if codePoint < 0x80 {
            // ASCII is valid (UseSTD3ASCIIRules=false); the table maps only upper-case letters.
            output.append(codePoint &- 0x41 < 26 ? codePoint | 0x20 : codePoint)
            return true
        }
        let value = IDNATables.mappingValues[rangeIndex(of: codePoint, in: IDNATables.mappingStarts)]
        switch Kind(rawValue: value & 7) {
        case .valid: output.append(codePoint)
        case .ignored: break
        case .shifted: output.append(UInt32(Int(codePoint) + Int(value >> 3) - 0x110000))
        case .sequence:
            let offset = Int(value >> 8)
            let length = Int((value >> 3) & 31)
            output.append(contentsOf: IDNATables.mappingPool[offset..<offset + length])
        case .disallowed, nil: return false
        }
        return true
    }

    /// Whether `codePoint` maps to itself (status valid or deviation), as every code point of a
    /// label decoded from punycode must.
    static func isValid(_ codePoint: UInt32) -> Bool {
        if codePoint < 0x80 { return !(codePoint &- 0x41 < 26) }
        let value = IDNATables.mappingValues[rangeIndex(of: codePoint, in: IDNATables.mappingStarts)]
        return value & 7 == Kind.valid.rawValue
    }
}
