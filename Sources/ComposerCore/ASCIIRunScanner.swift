/// Runs of members of a growing ASCII byte set in a byte buffer: where a stretch of bytes that all
/// belong to the set begins or ends, found eight bytes at a time for long stretches. A walk that
/// learns members as it meets them (a rule set's non-separators, asked once per ASCII value)
/// inserts them here and keeps skipping.
///
/// Eight bytes are tested at once (SWAR) against at most four ranges of consecutive members (the
/// set's longest, e.g. `0-9`, `A-Z`, `a-z`); a word with a byte outside those ranges is read byte
/// by byte, so the answer is the set's whatever its shape. The first bytes of a run are read one
/// at a time, and the ranges are worked out only when a run outlasts them, once per set.
///
/// Invariant: `ranges`, when present, were made from the current `members`.
package struct ASCIIRunScanner {
    package private(set) var members: ASCIIByteSet
    private var ranges: MemberRanges?

    package init(members: ASCIIByteSet = ASCIIByteSet(bytes: [])) {
        self.members = members
    }

    /// Adds the ASCII byte `byte` (< 0x80) to the members.
    package mutating func insert(_ byte: UInt8) {
        members = members.union(ASCIIByteSet(bytes: CollectionOfOne(byte)))
        ranges = nil
    }

    /// The smallest `p <= end` such that every byte of `bytes[p..<end]` is a member.
    /// - Precondition: `0 <= end <= bytes.count`.
    package mutating func runStart(in bytes: UnsafeBufferPointer<UInt8>, endingAt end: Int) -> Int {
        precondition(end >= 0 && end <= bytes.count, "offset outside the buffer")
        let members = members
        var position = end
        let plain = max(0, end - Self.plainBytes)
        while position > plain {
            guard members.contains(bytes[position - 1]) else { return position }
            position -= 1
        }
        guard position > 0, let base = bytes.baseAddress else { return position }
        let ranges = madeRanges()
        while position >= 8 {
            let word = UnsafeRawPointer(base + position - 8).loadUnaligned(as: UInt64.self)
            if ranges.holdsAll(word) {
                position -= 8
                continue
            }
            for _ in 0..<8 {
                guard members.contains(base[position - 1]) else { return position }
                position -= 1
            }
        }
        while position > 0, members.contains(base[position - 1]) { position -= 1 }
        return position
    }

    /// The largest `p >= start` such that every byte of `bytes[start..<p]` is a member.
    /// - Precondition: `0 <= start <= bytes.count`.
    package mutating func runEnd(in bytes: UnsafeBufferPointer<UInt8>, startingAt start: Int) -> Int {
        precondition(start >= 0 && start <= bytes.count, "offset outside the buffer")
        let members = members
        let count = bytes.count
        var position = start
        let plain = min(count, start + Self.plainBytes)
        while position < plain {
            guard members.contains(bytes[position]) else { return position }
            position += 1
        }
        guard position < count, let base = bytes.baseAddress else { return position }
        let ranges = madeRanges()
        while count - position >= 8 {
            let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
            if ranges.holdsAll(word) {
                position += 8
                continue
            }
            for _ in 0..<8 {
                guard members.contains(base[position]) else { return position }
                position += 1
            }
        }
        while position < count, members.contains(base[position]) { position += 1 }
        return position
    }

    private mutating func madeRanges() -> MemberRanges {
        if let ranges { return ranges }
        let made = MemberRanges(members)
        ranges = made
        return made
    }

    /// Bytes read one at a time before the eight-byte test is set up.
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
