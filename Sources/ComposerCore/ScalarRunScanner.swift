/// Runs of members of a growing set of scalars in a byte buffer of well-formed UTF-8: where a
/// stretch of scalars that all belong to the set begins or ends. A walk that learns members as it
/// meets them (a rule set's non-separators, asked once per scalar value) inserts them here and
/// keeps skipping.
///
/// ASCII members are kept exactly, and long stretches of them are crossed eight bytes at a time
/// (SWAR), tested against at most four ranges of consecutive members (the set's longest, e.g.
/// `0-9`, `A-Z`, `a-z`); a word with a byte outside those ranges is read scalar by scalar, so the
/// answer is the set's whatever its shape. The first bytes of a run are read one at a time, and the
/// ranges are worked out only when a run outlasts them, once per set.
///
/// Multi-byte members are remembered in a small direct-mapped table (by their UTF-8 bytes): a
/// later member may displace an earlier one that shares its slot, which a run then stops at, so the
/// caller asks about it again and inserts it again. A run therefore never crosses a scalar that was
/// not inserted, and crosses every inserted one it still remembers.
///
/// Invariant: `ranges`, when present, were made from the current `members`; every value in
/// `multiByte` other than 0 is the packed UTF-8 of an inserted multi-byte scalar, in its slot.
package struct ScalarRunScanner {
    package private(set) var members: ASCIIByteSet
    private var ranges: MemberRanges?
    /// Multi-byte members, packed (`packed(_:)`) at their slot (`slot(_:)`); empty until the
    /// first is inserted, then `slotCount` entries, 0 for a free one (no packed scalar is 0).
    private var multiByte: [UInt32] = []

    private static let slotCount = 256

    package init(members: ASCIIByteSet = ASCIIByteSet(bytes: [])) {
        self.members = members
    }

    /// Adds the ASCII byte `byte` (< 0x80) to the members.
    package mutating func insert(_ byte: UInt8) {
        guard !members.contains(byte) else { return }
        members = members.union(ASCIIByteSet(bytes: CollectionOfOne(byte)))
        ranges = nil
    }

    /// Adds `scalar` to the members (it may later be displaced if it takes more than one byte).
    package mutating func insert(_ scalar: Unicode.Scalar) {
        guard !scalar.isASCII else {
            insert(UInt8(scalar.value))
            return
        }
        let packed = Self.packed(scalar.utf8)
        if multiByte.isEmpty { multiByte = Array(repeating: 0, count: Self.slotCount) }
        multiByte[Self.slot(packed)] = packed
    }

    /// Whether `scalar` is a member a run would cross now.
    package func contains(_ scalar: Unicode.Scalar) -> Bool {
        guard !scalar.isASCII else { return members.contains(UInt8(scalar.value)) }
        return remembers(Self.packed(scalar.utf8))
    }

    /// A multi-byte scalar's UTF-8 bytes in one word, the lead byte highest.
    @inline(__always)
    private static func packed(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var packed: UInt32 = 0
        for byte in bytes { packed = packed << 8 | UInt32(byte) }
        return packed
    }

    @inline(__always)
    private static func slot(_ packed: UInt32) -> Int {
        Int(truncatingIfNeeded: (packed &* 0x9E37_79B1) >> 24)
    }

    @inline(__always)
    private func remembers(_ packed: UInt32) -> Bool {
        !multiByte.isEmpty && multiByte[Self.slot(packed)] == packed
    }

    /// The start of the member scalar that ends at `end` (> 0), or `nil` when that scalar is not
    /// one (or the bytes before `end` are not a whole scalar).
    @inline(__always)
    private func memberStart(_ base: UnsafePointer<UInt8>, endingAt end: Int) -> Int? {
        let last = base[end - 1]
        if last < 0x80 { return members.contains(last) ? end - 1 : nil }
        guard !multiByte.isEmpty else { return nil }
        var start = end - 1
        while start > 0 && end - start < 4 && UTF8Scalar.isContinuation(base[start]) { start -= 1 }
        guard UTF8Scalar.length(lead: base[start]) == end - start, end - start > 1 else { return nil }
        return remembers(Self.packed(UnsafeBufferPointer(start: base + start, count: end - start))) ? start : nil
    }

    /// The end of the member scalar that starts at `start` (< `count`), or `nil` when that scalar
    /// is not one (or does not fit before `count`).
    @inline(__always)
    private func memberEnd(_ base: UnsafePointer<UInt8>, startingAt start: Int, count: Int) -> Int? {
        let lead = base[start]
        if lead < 0x80 { return members.contains(lead) ? start + 1 : nil }
        guard !multiByte.isEmpty else { return nil }
        let width = UTF8Scalar.length(lead: lead)
        guard width > 1, count - start >= width else { return nil }
        return remembers(Self.packed(UnsafeBufferPointer(start: base + start, count: width))) ? start + width : nil
    }

    /// The smallest `p <= end` such that `bytes[p..<end]` is a run of member scalars.
    /// - Precondition: `0 <= end <= bytes.count`, at a scalar boundary.
    package mutating func runStart(in bytes: UnsafeBufferPointer<UInt8>, endingAt end: Int) -> Int {
        precondition(end >= 0 && end <= bytes.count, "offset outside the buffer")
        guard end > 0, let base = bytes.baseAddress else { return end }
        var position = end
        let plain = max(0, end - Self.plainBytes)
        while position > plain {
            guard let start = memberStart(base, endingAt: position) else { return position }
            position = start
        }
        guard position > 0 else { return position }
        let ranges = madeRanges()
        while position >= 8 {
            let word = UnsafeRawPointer(base + position - 8).loadUnaligned(as: UInt64.self)
            if ranges.holdsAll(word) {
                position -= 8
                continue
            }
            let stop = position - 8
            while position > stop {
                guard let start = memberStart(base, endingAt: position) else { return position }
                position = start
            }
        }
        while position > 0, let start = memberStart(base, endingAt: position) { position = start }
        return position
    }

    /// The largest `p >= start` such that `bytes[start..<p]` is a run of member scalars.
    /// - Precondition: `0 <= start <= bytes.count`, at a scalar boundary.
    package mutating func runEnd(in bytes: UnsafeBufferPointer<UInt8>, startingAt start: Int) -> Int {
        precondition(start >= 0 && start <= bytes.count, "offset outside the buffer")
        let count = bytes.count
        guard start < count, let base = bytes.baseAddress else { return start }
        var position = start
        let plain = min(count, start + Self.plainBytes)
        while position < plain {
            guard let end = memberEnd(base, startingAt: position, count: count) else { return position }
            position = end
        }
        guard position < count else { return position }
        let ranges = madeRanges()
        while count - position >= 8 {
            let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
            if ranges.holdsAll(word) {
                position += 8
                continue
            }
            let stop = position + 8
            while position < stop {
                guard let end = memberEnd(base, startingAt: position, count: count) else { return position }
                position = end
            }
        }
        while position < count, let end = memberEnd(base, startingAt: position, count: count) { position = end }
        return position
    }

    private mutating func madeRanges() -> MemberRanges {
        if let ranges { return ranges }
        let made = MemberRanges(members)
        ranges = made
        return made
    }

    /// Bytes read scalar by scalar before the eight-byte test is set up.
    private static let plainBytes = 32

/// Up to four ranges of consecutive members, the longest, as SWAR constants.
    ///
    /// Invariant: every byte in a range is a member of the set the ranges were made from, so a
    /// word whose eight bytes all fall in the ranges holds members only. An unused range is
    /// `(0, 0)`, which no ASCII byte falls in.
    private struct MemberRanges {
        /// Per range, `0x80 - first` and `0x7F - last` in every byte lane.
        private var low = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        private var high = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))

        init(_ set: ASCIIByteSet) {
            var runs: [ClosedRange<UInt8>] = []
            var byte: UInt8 = 0
            while byte < 128 {
                guard set.containsASCII(byte) else {
                    byte += 1
                    continue
                }
                let first = byte
                while byte < 127 && set.containsASCII(byte + 1) { byte += 1 }
                runs.append(first...byte)
                byte += 1
            }
            let lanes: UInt64 = 0x0101_0101_0101_0101
            var bounds = runs.sorted { $0.count > $1.count }.prefix(4).map {
                (UInt64(0x80 - $0.lowerBound) &* lanes, UInt64(0x7F - $0.upperBound) &* lanes)
            }
            while bounds.count < 4 { bounds.append((0, 0)) }
            low = (bounds[0].0, bounds[1].0, bounds[2].0, bounds[3].0)
            high = (bounds[0].1, bounds[1].1, bounds[2].1, bounds[3].1)
        }

        /// Whether all eight bytes of `word` lie in the ranges. For an ASCII byte `b` (bit 7
        /// clear), `b + 0x80 - first` sets bit 7 exactly when `b >= first` and `b + 0x7F - last`
        /// exactly when `b > last`; neither sum carries into the next lane.
        @inline(__always)
        func holdsAll(_ word: UInt64) -> Bool {
            let bit7: UInt64 = 0x8080_8080_8080_8080
            guard word & bit7 == 0 else { return false }
            let inside =
                (word &+ low.0) & ~(word &+ high.0) | (word &+ low.1) & ~(word &+ high.1)
                | (word &+ low.2) & ~(word &+ high.2) | (word &+ low.3) & ~(word &+ high.3)
            return inside & bit7 == bit7
        }
    }
}
