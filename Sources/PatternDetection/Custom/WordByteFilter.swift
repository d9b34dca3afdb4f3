/// The words a custom pattern's scan searches, told by bytes alone: the word holding the next
/// byte of ``search`` is the next that may hold a match, and it is searched only if it also
/// holds a byte of every other set it was given (``admits(_:in:)``).
///
/// The sets come from the compiled expression: the bytes a match can start with and the sets a
/// match needs a byte of (`RegexPattern.matchStartBytes`, `matchRequiredBytes`). A match of a
/// custom pattern lies inside its word, and the attempt that found it began in the word's searched
/// part, so that part holds a byte of each set.
///
/// Invariant: a word that ``search`` passes over, or that ``admits(_:in:)`` refuses, holds no
/// match. Which set is searched for and which are checked only changes how fast a scan is.
struct WordByteFilter: Sendable {
    /// The bytes whose next occurrence marks the next word that may hold a match; `nil` when
    /// every word may.
    let search: ByteRangeSearch?
    /// For each byte value, one bit for each checked set it belongs to.
    private let membership: [UInt8]
    /// The bits of every checked set: a word is admitted when its bytes cover them all.
    private let everySet: UInt8

    /// The most sets checked besides the one searched for (bits of a byte).
    static let maximumCheckedSets = 8

    /// A filter from byte sets of which every match needs one byte each (the start bytes are one
    /// such set). The set with the smallest ``weight(of:)`` that a ``ByteRangeSearch`` can search
    /// for is searched for; of the others, those that hold a smaller one (which a word holding the
    /// smaller one passes anyway) are dropped, and the lightest ``maximumCheckedSets`` checked.
    init(requiredSets: [[UInt8]]) {
        var candidates: [Set<UInt8>] = []
        for set in requiredSets.map(Set.init) where !set.isEmpty && !candidates.contains(set) {
            candidates.append(set)
        }
        candidates.sort { Self.weight(of: $0) < Self.weight(of: $1) }
        var search: ByteRangeSearch?
        var searched: Set<UInt8> = []
        if let index = candidates.firstIndex(where: { ByteRangeSearch($0) != nil }) {
            search = ByteRangeSearch(candidates[index])
            searched = candidates.remove(at: index)
        }
        var checked: [Set<UInt8>] = []
        for set in candidates where search == nil || !searched.isSubset(of: set) {
            if checked.contains(where: { $0.isSubset(of: set) }) { continue }
            checked.removeAll { set.isSubset(of: $0) }
            checked.append(set)
        }
        checked = Array(checked.prefix(Self.maximumCheckedSets))
        var membership = [UInt8](repeating: 0, count: 256)
        for (bit, set) in checked.enumerated() {
            for byte in set { membership[Int(byte)] |= 1 << bit }
        }
        self.search = search
        self.membership = membership
        self.everySet = UInt8(truncatingIfNeeded: (1 << checked.count) - 1)
    }

    /// Whether `text[range]` holds a byte of every checked set.
    @inline(__always)
    func admits(_ range: Range<Int>, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard everySet != 0 else { return true }
        return membership.withUnsafeBufferPointer { membership in
            var seen: UInt8 = 0
            for offset in range {
                seen |= membership[Int(text[offset])]
                if seen == everySet { return true }
            }
            return false
        }
    }

    /// A rough count of how often a byte of `set` turns up in social-post text, for picking the
    /// set searched for: lowercase letters and the separators (where a search for them would stop
    /// at nearly every word) count most.
    static func weight(of set: Set<UInt8>) -> Int {
        set.reduce(0) { total, byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), 9...13, UInt8(ascii: " "): total + 8
            case UInt8(ascii: "."), UInt8(ascii: ","): total + 2
            default: total + 1
            }
        }
    }
}
