extension UTF8Validation {
    /// The end of the well-formed stretch of `bytes` that starts at `start`, found a word (eight
    /// bytes) at a time: the returned index is on a scalar boundary, everything in `start..<end` is
    /// well-formed, and the scan stops before the word holding the first ill-formed byte or the
    /// last partial word (fewer than eight bytes). The caller classifies what follows byte by byte;
    /// a result equal to `start` says only that the first word did not pass.
    ///
    /// All-ASCII words cost one load and a test. Other words run through a shift-based DFA, one
    /// table load and one shift per byte and no branch. Where ASCII and other words alternate
    /// (sixteen non-ASCII words within 64), the test itself mispredicts often, so every word goes
    /// through the DFA until a stretch of 64 words is again mostly ASCII (``denseStretch``). The
    /// DFA's states are the expectations after a lead byte (one to three continuation bytes, or
    /// the restricted second byte after `E0`, `ED`, `F0`, `F4`), each stored as a six-bit shift
    /// amount into the byte's table row.
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
                        guard denseStretch(&walk, raw: raw, table: table, count: count, counting: counting) else { break }
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

    /// Every word through the DFA, with no test for ASCII, in stretches of about 64 words, until
    /// a stretch is more than three quarters ASCII words or fewer than eight bytes are left before
    /// `count`; `false` when the DFA rejects. Kept out of line so the ASCII loop stays small.
    ///
    /// Where the bytes allow, a stretch is walked as two halves at once (``pairedStretch``), so
    /// the processor overlaps two chains of shifts instead of waiting on one.
    @usableFromInline @inline(never)
    static func denseStretch(
        _ walk: inout DFAWalk, raw: UnsafeRawPointer, table: UnsafePointer<UInt64>, count: Int, counting: Bool
    ) -> Bool {
        while walk.position + 8 <= count {
            let stretchStart = walk.position
            var asciiWords = 0
            if stretchStart + 2 * halfStretchBytes + 3 <= count,
                let paired = pairedStretch(walk, raw: raw, table: table, counting: counting, asciiWords: &asciiWords)
            {
                walk = paired
            } else {
                // One walk: near the end, or where a half rejects (this walk finds where).
                asciiWords = 0
                let stretchEnd = Swift.min(count, stretchStart + 2 * halfStretchBytes)
                while walk.position + 8 <= stretchEnd {
                    let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: walk.position, as: UInt64.self))
                    asciiWords &+= word & ByteWord.highBits == 0 ? 1 : 0
                    guard walk.step(word, table: table, counting: counting) else { return false }
                }
            }
            if asciiWords &* 4 > ((walk.position &- stretchStart) &>> 3) &* 3 { break }
        }
        return true
    }

    /// The bytes each half of a paired stretch walks in whole words.
    @usableFromInline static let halfStretchBytes = 256

    /// `walk` moved past two halves of ``halfStretchBytes`` walked at once, or `nil` when either
    /// half rejects or no place to split is found (the caller then walks the bytes as one).
    ///
    /// The second half starts at the first byte from the middle on that is not a continuation
    /// byte (at most three bytes on in well-formed text). Well-formed text is between scalars
    /// there, so the second walk starts in the accepting state; the first walk takes the
    /// continuation bytes before that byte and must end in the accepting state, which checks the
    /// claim (in any other state, the byte that is not a continuation byte would be rejected).
    /// `good` and its counts move to the last word end where the second walk accepted (or to its
    /// start), as one walk over the same words would leave them.
    /// - Precondition: `walk.position + 2 × halfStretchBytes + 3` is within the bytes.
    @inline(__always)
    static func pairedStretch(
        _ walk: DFAWalk, raw: UnsafeRawPointer, table: UnsafePointer<UInt64>, counting: Bool, asciiWords: inout Int
    ) -> DFAWalk? {
        let firstStart = walk.position
        let middle = firstStart &+ halfStretchBytes
        var secondStart = middle
        while raw.load(fromByteOffset: secondStart, as: UInt8.self) & 0xC0 == 0x80 {
            secondStart &+= 1
            if secondStart &- middle > 3 { return nil }
        }
        var first = walk.state, second: UInt64 = 0
        var firstCounts = (continuations: 0, fourByteLeads: 0)
        var secondCounts = firstCounts, secondGoodCounts = firstCounts
        var secondGood = secondStart
        var ascii = 0
        var offset = 0
        while offset < halfStretchBytes {
            let firstWord = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: firstStart &+ offset, as: UInt64.self))
            let secondWord = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: secondStart &+ offset, as: UInt64.self))
            ascii &+= (firstWord & ByteWord.highBits == 0 ? 1 : 0) &+ (secondWord & ByteWord.highBits == 0 ? 1 : 0)
            var firstRest = firstWord, secondRest = secondWord
            for _ in 0..<8 {
                first = table[Int(truncatingIfNeeded: firstRest & 0xFF)] &>> first
                second = table[Int(truncatingIfNeeded: secondRest & 0xFF)] &>> second
                firstRest &>>= 8
                secondRest &>>= 8
            }
            offset &+= 8
            if counting {
                let firstUnits = unitCounts(in: firstWord), secondUnits = unitCounts(in: secondWord)
                firstCounts.continuations &+= firstUnits.continuations
                firstCounts.fourByteLeads &+= firstUnits.fourByteLeads
                secondCounts.continuations &+= secondUnits.continuations
                secondCounts.fourByteLeads &+= secondUnits.fourByteLeads
            }
            let accepts = second & 63 == 0
            secondGood = accepts ? secondStart &+ offset : secondGood
            secondGoodCounts = accepts ? secondCounts : secondGoodCounts
        }
        for index in middle..<secondStart {
            first = table[Int(raw.load(fromByteOffset: index, as: UInt8.self))] &>> first
        }
        guard first & 63 == 0, second & 63 != rejectShift else { return nil }
        var result = walk
        result.position = secondStart &+ halfStretchBytes
        result.state = second & 63
        // The counts where the second half starts: the first half's words and the continuation
        // bytes after them.
        let atSecondStart = (
            continuations: walk.counts.continuations &+ firstCounts.continuations &+ (secondStart &- middle),
            fourByteLeads: walk.counts.fourByteLeads &+ firstCounts.fourByteLeads)
        if counting {
            result.counts = (
                atSecondStart.continuations &+ secondCounts.continuations,
                atSecondStart.fourByteLeads &+ secondCounts.fourByteLeads)
        }
        result.good = secondGood
        if counting {
            result.goodCounts = (
                atSecondStart.continuations &+ secondGoodCounts.continuations,
                atSecondStart.fourByteLeads &+ secondGoodCounts.fourByteLeads)
        } else {
            result.goodCounts = result.counts
        }
        asciiWords = ascii
        return result
    }

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
        var next = Array(repeating: reject, count: 9)
        switch byte {
        case 0x00...0x7F:
            next[accept] = accept
        case 0x80...0xBF:
            (next[one], next[two], next[three]) = (accept, one, two)
            if byte <= 0x9F { next[afterED] = one } else { next[afterE0] = one }
            if byte <= 0x8F { next[afterF4] = two } else { next[afterF0] = two }
        case 0xC2...0xDF: next[accept] = one
        case 0xE0: next[accept] = afterE0
        case 0xED: next[accept] = afterED
        case 0xE1...0xEF: next[accept] = two
        case 0xF0: next[accept] = afterF0
        case 0xF4: next[accept] = afterF4
        case 0xF1...0xF3: next[accept] = three
        default: break  // C0, C1, F5…FF: never in well-formed text
        }
        return next.enumerated().reduce(0) { row, entry in row | UInt64(entry.element * 6) << UInt64(entry.offset * 6) }
    }
}
