extension UTF8Validation {
    /// The end of the well-formed stretch of `bytes` that starts at `start`, found a word (eight
    /// bytes) at a time: the returned index is on a scalar boundary, everything in `start..<end` is
    /// well-formed, and the scan stops before the word holding the first ill-formed byte or the
    /// last partial word (fewer than eight bytes). The caller classifies what follows byte by byte;
    /// a result equal to `start` says only that the first word did not pass.
    ///
    /// All-ASCII words cost one load and a test. Other words run through a shift-based DFA, one
    /// table load and one shift per byte and no branch. Where ASCII and other words alternate
    /// (sixteen non-ASCII words within 64), the test itself mispredicts often and the DFA's chain
    /// of loads and shifts sets the pace, so the text is checked in blocks of sixteen bytes with no
    /// state between them until a stretch is again mostly ASCII (``denseStretch``). The DFA's
    /// states are the expectations after a lead byte (one to three continuation bytes, or the
    /// restricted second byte after `E0`, `ED`, `F0`, `F4`), each stored as a six-bit shift amount
    /// into the byte's table row; it also finds the exact word where a block test fails.
    /// - Precondition: `start` is on a scalar boundary (or at an ill-formed byte).
    /// - Complexity: O(end − start + 8).
    @inlinable
    package static func wellFormedEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        wellFormedStretch(in: bytes, from: start, before: bytes.count, counting: false).end
    }

    /// ``wellFormedEnd(in:from:)`` stopping at `limit`, that also counts (when `counting`), in
    /// `start..<end`, the continuation bytes and the four-byte leads (so the scalars are the bytes
    /// less the continuations, and the UTF-16 units the scalars plus the four-byte leads), in the
    /// same pass.
    /// - Complexity: O(end − start + 8), never past `limit`.
    @inlinable @inline(__always)
    package static func wellFormedStretch(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int, before limit: Int, counting: Bool
    ) -> (end: Int, continuations: Int, fourByteLeads: Int) {
        let count = Swift.min(bytes.count, limit)
        guard let base = bytes.baseAddress, start + 8 <= count else { return (start, 0, 0) }
        return wordTransitions.withUnsafeBufferPointer { table in
            let table = table.baseAddress!
            let raw = UnsafeRawPointer(base)
            var walk = DFAWalk(position: start, good: start)
            // Where the last sixteen non-ASCII words began to be counted.
            var windowStart = start, nonASCIIWords = 0
            while walk.position + 8 <= count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: walk.position, as: UInt64.self))
                if word & ByteWord.highBits == 0, walk.state == 0 {
                    walk.position &+= 8
                    walk.good = walk.position
                    continue
                }
                guard walk.step(word, table: table, counting: counting) else { break }
                nonASCIIWords &+= 1
                if nonASCIIWords == 16 {
                    if walk.position &- windowStart <= 512 {
                        denseStretch(&walk, raw: raw, count: count, counting: counting)
                    }
                    windowStart = walk.position
                    nonASCIIWords = 0
                }
            }
            return (walk.good, walk.goodCounts.continuations, walk.goodCounts.fourByteLeads)
        }
    }

    /// The state of a DFA walk over words: the bytes before `position` are read, `good` is the
    /// last word end where the DFA accepted, and the counts run through `position` and as they
    /// were at `good`.
    @usableFromInline struct DFAWalk {
        @usableFromInline var position: Int
        @usableFromInline var good: Int
        @usableFromInline var state: UInt64 = 0
        @usableFromInline var counts = (continuations: 0, fourByteLeads: 0)
        @usableFromInline var goodCounts = (continuations: 0, fourByteLeads: 0)

        @inlinable init(position: Int, good: Int) {
            self.position = position
            self.good = good
        }

        /// Runs the word at `position` through the DFA and moves past it; `false` (not moving)
        /// when the DFA rejects.
        @inlinable @inline(__always)
        mutating func step(_ word: UInt64, table: UnsafePointer<UInt64>, counting: Bool) -> Bool {
            var rest = word
            for _ in 0..<8 {
                state = table[Int(truncatingIfNeeded: rest & 0xFF)] &>> state
                rest &>>= 8
            }
            state &= 63
            if state == rejectShift { return false }
            if counting {
                let units = unitCounts(in: word)
                counts.continuations &+= units.continuations
                counts.fourByteLeads &+= units.fourByteLeads
            }
            position &+= 8
            if state == 0 {
                good = position
                goodCounts = counts
            }
            return true
        }
    }

    /// Dense text checked sixteen bytes at a time, four blocks (``chunkBytes``) per test, with no
    /// branch on the bytes, in stretches of ``stretchBytes``, until more than half of a stretch's
    /// chunks are all ASCII (the word loop's ASCII test is cheaper there) or a whole chunk no
    /// longer fits before `count`. Kept out of line so the ASCII loop stays small.
    ///
    /// Each byte is checked against the three bytes before it, read as the same block loaded one,
    /// two and three bytes earlier (``blockErrors(at:in:)``), so no state passes from block to
    /// block. A chunk that fails a test is left to the DFA, which finds the exact word; the walk
    /// leaves here at the last scalar boundary before the first chunk that failed (or before the
    /// end), in the accepting state, its counts those of the bytes before that boundary.
    /// - Precondition: the three bytes before `walk.position` are in the buffer and passed the
    ///   DFA (as every byte before `walk.position` from where the walk began).
    @usableFromInline @inline(never)
    static func denseStretch(_ walk: inout DFAWalk, raw: UnsafeRawPointer, count: Int, counting: Bool) {
        let entry = walk.position
        var position = entry
        var continuations = ByteBlock.Tally(), fourByteLeads = ByteBlock.Tally()
        while position &+ chunkBytes <= count {
            let stretchEnd = Swift.min(count, position &+ stretchBytes)
            var chunks = 0, asciiChunks = 0
            while position &+ chunkBytes <= stretchEnd {
                var errors = ByteBlock.Lanes(), bits = ByteBlock.Lanes()
                for block in 0..<(chunkBytes / 16) {
                    errors |= blockErrors(at: position &+ 16 &* block, in: raw)
                    bits |= ByteBlock.load(raw, at: position &+ 16 &* block)
                }
                guard ByteBlock.isZero(errors) else {
                    return leave(
                        &walk, at: position, entry: entry, raw: raw, counting: counting, continuations: &continuations,
                        fourByteLeads: &fourByteLeads)
                }
                if counting {
                    for block in 0..<(chunkBytes / 16) {
                        let bytes = ByteBlock.load(raw, at: position &+ 16 &* block)
                        continuations.add(ByteBlock.continuations(in: bytes))
                        fourByteLeads.add(ByteBlock.fourByteLeads(in: bytes))
                    }
                }
                chunks &+= 1
                asciiChunks &+= ByteBlock.isZero(bits & ByteBlock.Lanes(repeating: 0x80)) ? 1 : 0
                position &+= chunkBytes
            }
            if asciiChunks &* 2 > chunks { break }
        }
        leave(
            &walk, at: position, entry: entry, raw: raw, counting: counting, continuations: &continuations,
            fourByteLeads: &fourByteLeads)
    }

    /// Moves `walk` from `entry` to the last scalar boundary at or before `end` (every byte in
    /// `entry..<end` passed ``blockErrors(at:in:)``), in the accepting state, with the counts the
    /// tallies hold less those of the bytes from the boundary to `end`; leaves it as it is when
    /// `end` is `entry`.
    @inline(__always)
    private static func leave(
        _ walk: inout DFAWalk, at end: Int, entry: Int, raw: UnsafeRawPointer, counting: Bool,
        continuations: inout ByteBlock.Tally, fourByteLeads: inout ByteBlock.Tally
    ) {
        guard end > entry else { return }
        // A sequence whose lead is among the last three bytes and that reaches `end` or past it
        // is unfinished: its lead is the boundary. (The bytes before `end` are well-formed, so at
        // most one lead there reaches that far.)
        @inline(__always) func byte(_ offset: Int) -> UInt8 { raw.load(fromByteOffset: end &- offset, as: UInt8.self) }
        let boundary = byte(1) >= 0xC0 ? end &- 1 : byte(2) >= 0xE0 ? end &- 2 : byte(3) >= 0xF0 ? end &- 3 : end
        walk.position = boundary
        walk.state = 0
        walk.good = boundary
        if counting {
            continuations.settle()
            fourByteLeads.settle()
            // The unfinished sequence: its lead, and its continuation bytes before `end`.
            let unfinishedFourByteLead = boundary < end && raw.load(fromByteOffset: boundary, as: UInt8.self) >= 0xF0 ? 1 : 0
            walk.counts.continuations &+= continuations.total &- Swift.max(0, end &- boundary &- 1)
            walk.counts.fourByteLeads &+= fourByteLeads.total &- unfinishedFourByteLead
        }
        walk.goodCounts = walk.counts
    }

    /// Lanes that are not zero where the sixteen bytes at `offset` break a rule of well-formed
    /// UTF-8, each byte judged with the three before it (so an unfinished sequence at the block's
    /// end is not an error here; the bytes after it are judged in turn):
    /// - a continuation byte where no lead expects one, or another byte where one does (a lead
    ///   from `C0` up expects one the next byte, from `E0` up also two bytes on, from `F0` up
    ///   also three bytes on);
    /// - `C0`, `C1` and `F5`…`FF`, which never occur;
    /// - a second byte outside the lead's narrower range: `A0`…`BF` after `E0`, `80`…`9F` after
    ///   `ED`, `90`…`BF` after `F0`, `80`…`8F` after `F4` (overlong forms, surrogates, and code
    ///   points past U+10FFFF).
    ///
    /// The tests are differences that saturate at zero (`a` above `b` exactly when `a - b`,
    /// floored at zero, is not zero), which compile to one instruction each.
    /// - Precondition: the three bytes before `offset` and the sixteen from it are readable.
    @inlinable @inline(__always)
    package static func blockErrors(at offset: Int, in raw: UnsafeRawPointer) -> ByteBlock.Lanes {
        typealias Lanes = ByteBlock.Lanes
        @inline(__always) func excess(_ lanes: Lanes, over bound: Lanes) -> Lanes {
            (lanes &- bound) & ByteBlock.mask(lanes .> bound)
        }
        @inline(__always) func excess(_ lanes: Lanes, over bound: UInt8) -> Lanes { excess(lanes, over: Lanes(repeating: bound)) }
        let bytes = ByteBlock.load(raw, at: offset)
        let previous = ByteBlock.load(raw, at: offset &- 1)
        // Not zero where a lead one, two or three bytes back expects a continuation byte here.
        let expected = excess(previous, over: 0xBF) | excess(ByteBlock.load(raw, at: offset &- 2), over: 0xDF)
            | excess(ByteBlock.load(raw, at: offset &- 3), over: 0xEF)
        // As signed bytes, ASCII and leads are from -64 up, continuation bytes below.
        let notContinuation = ByteBlock.mask(unsafeBitCast(bytes, to: SIMD16<Int8>.self) .> SIMD16<Int8>(repeating: -65))
        var errors = notContinuation ^ ByteBlock.lanes(of: expected, equalTo: 0)
        errors |= excess(bytes, over: 0xF4) | ByteBlock.lanes(of: bytes & Lanes(repeating: 0xFE), equalTo: 0xC0)
        // The second byte's bounds after E0 and F0 (least), ED and F4 (greatest; all ones elsewhere).
        let least = (ByteBlock.lanes(of: previous, equalTo: 0xE0) & Lanes(repeating: 0xA0))
            | (ByteBlock.lanes(of: previous, equalTo: 0xF0) & Lanes(repeating: 0x90))
        let greatest = ~((ByteBlock.lanes(of: previous, equalTo: 0xED) & Lanes(repeating: 0xFF - 0x9F))
            | (ByteBlock.lanes(of: previous, equalTo: 0xF4) & Lanes(repeating: 0xFF - 0x8F)))
        errors |= excess(least, over: bytes) | excess(bytes, over: greatest)
        return errors
    }

    /// The bytes ``denseStretch(_:raw:count:counting:)`` checks per test.
    @usableFromInline static let chunkBytes = 64

    /// The bytes after which ``denseStretch(_:raw:count:counting:)`` looks at how much of its
    /// text was ASCII.
    @usableFromInline static let stretchBytes = 512

    /// The continuation bytes (`10xxxxxx`: bit 7 set, bit 6 clear) and four-byte leads
    /// (`11110xxx`: bits 7 to 4 set) among the lanes of `word` that `lanes` selects (each lane
    /// all ones or zero), bytes in lane order.
    @inlinable @inline(__always)
    package static func unitCounts(in word: UInt64, lanes: UInt64 = ~0) -> (continuations: Int, fourByteLeads: Int) {
        let flags = unitFlags(in: word, lanes: lanes)
        return (ByteWord.count(ofFlagged: flags.continuations), ByteWord.count(ofFlagged: flags.fourByteLeads))
    }

    /// The lanes ``unitCounts(in:lanes:)`` counts, each flagged by its high bit.
    @inlinable @inline(__always)
    package static func unitFlags(in word: UInt64, lanes: UInt64 = ~0) -> (continuations: UInt64, fourByteLeads: UInt64) {
        let high = ByteWord.highBits & lanes
        return (word & ~(word &<< 1) & high, word & (word &<< 1) & (word &<< 2) & (word &<< 3) & high)
    }

    /// The DFA's reject state as a shift amount (state 1 × 6); state 0 accepts.
    @usableFromInline static let rejectShift: UInt64 = 6

    /// Row `b` holds, for each state `s` at bits `6s..<6s+6`, the shift amount of the state after
    /// byte `b`. States: 0 accept, 1 reject (absorbing), 2–4 one to three continuation bytes
    /// expected, 5 after `E0` (`A0…BF` next), 6 after `ED` (`80…9F`), 7 after `F0` (`90…BF`),
    /// 8 after `F4` (`80…8F`).
    @usableFromInline static let wordTransitions: [UInt64] = (0..<256).map { byte -> UInt64 in
        let (accept, reject, one, two, three, afterE0, afterED, afterF0, afterF4) = (0, 1, 2, 3, 4, 5, 6, 7, 8)
        // Built in place (no array per byte: the table is made at start-up).
        var row: UInt64 = 0
        func set(_ state: Int, _ next: Int) {
            row = row & ~(63 << UInt64(6 * state)) | UInt64(6 * next) << UInt64(6 * state)
        }
        for state in accept...afterF4 { set(state, reject) }
        switch byte {
        case 0x00...0x7F:
            set(accept, accept)
        case 0x80...0xBF:
            set(one, accept)
            set(two, one)
            set(three, two)
            if byte <= 0x9F { set(afterED, one) } else { set(afterE0, one) }
            if byte <= 0x8F { set(afterF4, two) } else { set(afterF0, two) }
        case 0xC2...0xDF: set(accept, one)
        case 0xE0: set(accept, afterE0)
        case 0xED: set(accept, afterED)
        case 0xE1...0xEF: set(accept, two)
        case 0xF0: set(accept, afterF0)
        case 0xF4: set(accept, afterF4)
        case 0xF1...0xF3: set(accept, three)
        default: break  // C0, C1, F5…FF: never in well-formed text
        }
        return row
    }
}
