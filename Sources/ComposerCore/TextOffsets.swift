/// Conversions from UTF-8 byte offsets to UTF-16 code-unit and Unicode-scalar offsets.
///
/// Each maximal ill-formed subsequence counts as one U+FFFD (one UTF-16 unit, one scalar), the way
/// Swift's repairing decoder sees the text. An offset inside such a subsequence or inside a scalar
/// rounds up to the end of it.
@usableFromInline package enum TextOffsets {
    /// The UTF-16 and scalar offsets of each UTF-8 offset in `utf8Offsets`, in the same order.
    /// - Complexity: O(n + k) for a text of n bytes and k offsets in ascending order (one pass
    ///   over the text); O(n + k log k) otherwise.
    @usableFromInline package static func convert(
        _ utf8Offsets: [Int], in bytes: UnsafeBufferPointer<UInt8>
    ) -> [(utf16: Int, scalars: Int)] {
        var result = [(utf16: Int, scalars: Int)](repeating: (0, 0), count: utf8Offsets.count)
        var cursor = Cursor()
        func visit(_ slot: Int) {
            cursor.advance(to: utf8Offsets[slot], in: bytes)
            result[slot] = (cursor.utf16, cursor.scalars)
        }
        if utf8Offsets.indices.dropFirst().allSatisfy({ utf8Offsets[$0 - 1] <= utf8Offsets[$0] }) {
            utf8Offsets.indices.forEach(visit)
        } else {
            utf8Offsets.indices.sorted { utf8Offsets[$0] < utf8Offsets[$1] }.forEach(visit)
        }
        return result
    }

    /// The UTF-16 offsets of `utf8Offsets` in `string`.
    @usableFromInline package static func utf16Offsets(_ utf8Offsets: [Int], in string: String) -> [Int] {
        var copy = string
        return copy.withUTF8 { convert(utf8Offsets, in: $0).map(\.utf16) }
    }

    /// The Unicode-scalar offsets of `utf8Offsets` in `string`.
    @usableFromInline package static func scalarOffsets(_ utf8Offsets: [Int], in string: String) -> [Int] {
        var copy = string
        return copy.withUTF8 { convert(utf8Offsets, in: $0).map(\.scalars) }
    }

    /// A position in a text in all three units, moved forward only: converting ascending offsets
    /// (sorted spans' bounds) with one cursor walks the text once.
    ///
    /// Invariant: `utf8` is the end of a unit (a scalar or a maximal ill-formed subsequence) or 0,
    /// and `utf16` / `scalars` count the units before it.
    @usableFromInline package struct Cursor {
        @usableFromInline package private(set) var utf8 = 0
        @usableFromInline package private(set) var utf16 = 0
        @usableFromInline package private(set) var scalars = 0
        /// Whether ``advance(to:in:)`` has passed a maximal ill-formed subsequence.
        @usableFromInline package private(set) var passedIllFormedBytes = false

        @usableFromInline package init() {}

        /// A cursor at `start` whose counts start there: after advancing it, `utf16` and `scalars`
        /// are the units from `start` (continuation bytes right after `start` count nothing, their
        /// lead lying before it, so counts of adjacent ranges add up).
        @inlinable
        package init(at start: Int) {
            utf8 = start
        }

        /// Moves to `target` (at most `bytes.count`), or to the end of the unit `target` lies in.
        /// Does nothing when the cursor is already there or beyond.
        /// - Complexity: O(target − utf8); well-formed stretches eight bytes at a time, checked
        ///   and counted in one pass (``UTF8Validation/wellFormedStretch(in:from:before:counting:)``),
        ///   the rest unit by unit.
        @inlinable @inline(__always)
        package mutating func advance(to target: Int, in bytes: UnsafeBufferPointer<UInt8>) {
            let target = min(target, bytes.count)
            while utf8 < target {
                let stretch = UTF8Validation.wellFormedStretch(in: bytes, from: utf8, before: target, counting: true)
                if stretch.end > utf8 {
                    let scalars = stretch.end - utf8 - stretch.continuations
                    self.scalars += scalars
                    utf16 += scalars + stretch.fourByteLeads
                    utf8 = stretch.end
                    continue
                }
                // One unit: a scalar, or a maximal ill-formed subsequence (one U+FFFD), as in
                // ``UTF8Validation/validRuns(in:)``.
                let lead = bytes[utf8]
                if lead < 0x80 {
                    utf8 += 1
                    utf16 += 1
                } else {
                    let length = UTF8Validation.sequenceLength(bytes, at: utf8)
                    if length > 0 {
                        utf8 += length
                        utf16 += length == 4 ? 2 : 1
                    } else {
                        utf8 += UTF8Validation.invalidLength(bytes, at: utf8)
                        utf16 += 1
                        passedIllFormedBytes = true
                    }
                }
                scalars += 1
            }
        }

        /// ``advance(toWellFormed:in:)`` when `bytes` are known to be well-formed, else
        /// ``advance(to:in:)``.
        @inlinable @inline(__always)
        package mutating func advance(to target: Int, in bytes: UnsafeBufferPointer<UInt8>, knownWellFormed: Bool) {
            if knownWellFormed {
                advance(toWellFormed: target, in: bytes)
            } else {
                advance(to: target, in: bytes)
            }
        }

        /// ``advance(toWellFormed:in:)`` to `start` and then to `end` (a span's bounds), returning
        /// the counts at `start`. A gap of sixty-four bytes or more before `start` is counted
        /// window by window (four blocks at a time); then, when `end` lies within the next window,
        /// both bounds are counted in one pass over it, with no branch on the bytes or on where
        /// the bounds fall in it (the common case: a short span); otherwise in two advances.
        /// - Precondition: `bytes` is well-formed UTF-8; `start <= end <= bytes.count`.
        @inlinable @inline(__always)
        package mutating func advance(
            toWellFormed start: Int, then end: Int, in bytes: UnsafeBufferPointer<UInt8>
        ) -> (utf16: Int, scalars: Int) {
            let base = UnsafeRawPointer(bytes.baseAddress!)
            // Counts by position (a scalar counts where its lead is), so a window may end inside
            // a scalar: the next one counts its continuation bytes as nothing.
            while start &- utf8 >= 64 {
                let window = Self.windowCounts(at: base + utf8, toStart: 64, toEnd: 64)
                scalars &+= 64 &- window.continuationsToEnd
                utf16 &+= 64 &- window.continuationsToEnd &+ window.fourByteLeadsToEnd
                utf8 &+= 64
            }
            guard start >= utf8, end &- utf8 <= 64, utf8 &+ 64 <= bytes.count else {
                advance(toWellFormed: start, in: bytes)
                let atStart = (utf16: utf16, scalars: scalars)
                advance(toWellFormed: end, in: bytes)
                return atStart
            }
            let toStart = start &- utf8, toEnd = end &- utf8
            let window = Self.windowCounts(at: base + utf8, toStart: toStart, toEnd: toEnd)
            let scalarsToStart = toStart &- window.continuationsToStart
            let scalarsToEnd = toEnd &- window.continuationsToEnd
            let atStart = (utf16: utf16 &+ scalarsToStart &+ window.fourByteLeadsToStart, scalars: scalars &+ scalarsToStart)
            utf16 &+= scalarsToEnd &+ window.fourByteLeadsToEnd
            scalars &+= scalarsToEnd
            // An end inside a scalar: step to its end (its lead was counted).
            utf8 = Self.scalarEnd(from: end, in: bytes)
            return atStart
        }

        /// `offset`, or past the continuation bytes there: the end of the scalar an offset inside
        /// one lies in.
        @inlinable @inline(__always)
        static func scalarEnd(from offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
            var byte = offset
            while byte < bytes.count, bytes[byte] & 0xC0 == 0x80 { byte &+= 1 }
            return byte
        }

        /// The continuation bytes and four-byte leads among the sixty-four bytes at `window`
        /// before `toStart` and before `toEnd`.
        /// - Precondition: 64 bytes are readable at `window`; `0 <= toStart, toEnd <= 64`.
        @inlinable @inline(__always)
        static func windowCounts(at window: UnsafeRawPointer, toStart: Int, toEnd: Int) -> (
            continuationsToStart: Int, fourByteLeadsToStart: Int, continuationsToEnd: Int, fourByteLeadsToEnd: Int
        ) {
            // Each lane counts, over the four blocks, the bytes of its kind before the bound (at
            // most four, so the sums stay below 256). Lanes are compared by their position in
            // the window (0…63) with the bounds (0…64).
            let startLanes = SIMD16<Int8>(repeating: Int8(truncatingIfNeeded: toStart))
            let endLanes = SIMD16<Int8>(repeating: Int8(truncatingIfNeeded: toEnd))
            var continuationsToStart = ByteBlock.Lanes(), fourByteLeadsToStart = ByteBlock.Lanes()
            var continuationsToEnd = ByteBlock.Lanes(), fourByteLeadsToEnd = ByteBlock.Lanes()
            @inline(__always) func count(block: Int) {
                let lanes = ByteBlock.load(window, at: 16 &* block)
                let continuations = ByteBlock.continuations(in: lanes)
                let fourByteLeads = ByteBlock.fourByteLeads(in: lanes)
                let positions = ByteBlock.positions &+ SIMD16<Int8>(repeating: Int8(truncatingIfNeeded: 16 &* block))
                let beforeStart = ByteBlock.mask(positions .< startLanes)
                let beforeEnd = ByteBlock.mask(positions .< endLanes)
                continuationsToStart &-= continuations & beforeStart
                fourByteLeadsToStart &-= fourByteLeads & beforeStart
                continuationsToEnd &-= continuations & beforeEnd
                fourByteLeadsToEnd &-= fourByteLeads & beforeEnd
            }
            count(block: 0)
            count(block: 1)
            count(block: 2)
            count(block: 3)
            return (
                ByteBlock.sum(ofLanes: continuationsToStart), ByteBlock.sum(ofLanes: fourByteLeadsToStart),
                ByteBlock.sum(ofLanes: continuationsToEnd), ByteBlock.sum(ofLanes: fourByteLeadsToEnd))
        }

        /// ``advance(to:in:)`` for well-formed text, counting sixteen bytes at a time whatever
        /// they are (``ByteBlock``): a scalar per byte that is not a continuation byte, a second
        /// UTF-16 unit per four-byte lead. The last block is masked to the target and read from
        /// the buffer past it, so no byte is visited alone unless the buffer ends within sixteen
        /// bytes of the target (then eight at a time, and byte by byte within the last eight).
        /// - Precondition: `bytes` is well-formed UTF-8.
        @inlinable @inline(__always)
        package mutating func advance(toWellFormed target: Int, in bytes: UnsafeBufferPointer<UInt8>) {
            let target = min(target, bytes.count)
            guard utf8 < target else { return }
            var byte = utf8
            let base = UnsafeRawPointer(bytes.baseAddress!)
            var continuationTally = ByteBlock.Tally(), fourByteLeadTally = ByteBlock.Tally()
            while byte &+ 16 <= target {
                let block = ByteBlock.load(base, at: byte)
                continuationTally.add(ByteBlock.continuations(in: block))
                fourByteLeadTally.add(ByteBlock.fourByteLeads(in: block))
                byte &+= 16
            }
            if byte < target, byte &+ 16 <= bytes.count {
                let block = ByteBlock.load(base, at: byte)
                let lanes = ByteBlock.lanes(before: target &- byte)
                continuationTally.add(ByteBlock.continuations(in: block) & lanes)
                fourByteLeadTally.add(ByteBlock.fourByteLeads(in: block) & lanes)
                byte = target
            }
            continuationTally.settle()
            fourByteLeadTally.settle()
            var continuations = continuationTally.total, fourByteLeads = fourByteLeadTally.total
            // Within sixteen bytes of the buffer's end: a word, then the bytes of the last one.
            while byte < target {
                let remaining = target &- byte
                var word: UInt64 = 0
                if byte &+ 8 <= bytes.count {
                    word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: byte, as: UInt64.self))
                } else {
                    for lane in 0..<min(8, bytes.count &- byte) { word |= UInt64(bytes[byte &+ lane]) &<< UInt64(8 &* lane) }
                }
                // The lanes before the target.
                let lanes: UInt64 = remaining >= 8 ? ~0 : (UInt64(1) &<< UInt64(8 &* remaining)) &- 1
                let units = UTF8Validation.unitCounts(in: word, lanes: lanes)
                continuations &+= units.continuations
                fourByteLeads &+= units.fourByteLeads
                byte &+= Swift.min(8, remaining)
            }
            // A target inside a scalar: step to its end (its lead was counted).
            byte = Self.scalarEnd(from: byte, in: bytes)
            let scalars = target - utf8 - continuations
            self.scalars += scalars
            self.utf16 += scalars + fourByteLeads
            self.utf8 = byte
        }
    }
}
