/// The character properties UTS #46 validity checks need (CheckBidi, CheckJoiners, the leading
/// mark rule), from the generated ``IDNATables``.
struct IDNAProperties: Sendable {
    /// Bidi_Class values that RFC 5893 distinguishes; every other class is `other`.
    enum BidiClass: UInt16 {
        case other = 0, l, r, al, an, en, es, cs, et, on, bn, nsm
    }

    /// Joining_Type values (U, non-joining, is `none`).
    enum JoiningType: UInt16 {
        case none = 0, left, right, dual, transparent, causing
    }

    private let bits: UInt16

    init(_ codePoint: UInt32) {
        bits = IDNATables.propertyValues[IDNAMapping.rangeIndex(of: codePoint, in: IDNATables.propertyStarts)]
    }

    var bidiClass: BidiClass { BidiClass(rawValue: bits & 0xF) ?? .other }
    /// General_Category is a mark (Mn, Mc, Me).
    var isMark: Bool { bits & (1 << 4) != 0 }
    var joiningType: JoiningType { JoiningType(rawValue: (bits >> 5) & 7) ?? .none }
    /// Canonical_Combining_Class is 9 (Virama).
    var isVirama: Bool { bits & (1 << 8) != 0 }
}
