/// The offsets before an end whose byte is one of a ``ByteSetSearch``'s values, taken in order
/// from bit masks of sixty-four bytes: each chunk is compared once, and its hits are read off
/// its mask one by one. A scanner that stops at every hit (one every few bytes in dense posts)
/// so compares each byte once, instead of a block again from each hit on.
///
/// Invariant: `mask` holds the hits at `base + bit` not yet passed (no bit at or past `end`);
/// every offset before `base` and the bytes from `base` up to the lowest bit of `mask` hold no
/// hit that a later call could still ask for. Without a chunk (before the first call, and in the
/// text's last sixty-four bytes) `base` is ``noChunk``, more than a chunk before any offset.
@usableFromInline package struct ByteSetHits {
    @usableFromInline let search: ByteSetSearch
    @usableFromInline let text: UnsafeBufferPointer<UInt8>
    @usableFromInline let end: Int
    @usableFromInline var base: Int
    @usableFromInline var mask: UInt64 = 0

    /// The hits of `search` in `text` before `end`.
    /// - Precondition: `end <= text.count`.
    @inlinable
    package init(_ search: ByteSetSearch, in text: UnsafeBufferPointer<UInt8>, before end: Int) {
        self.search = search
        self.text = text
        self.end = end
        // No chunk compared yet: the first call compares from its position.
        base = Self.noChunk
    }

    /// The first hit at or after `position`, or `end` when none is left.
    /// - Precondition: `position <= end`, and `position` is at least the `position` of the
    ///   previous call (hits are asked for in order).
    @inlinable @inline(__always)
    package mutating func first(from position: Int) -> Int {
        let shift = position &- base
        if shift < 64 {
            mask &= ~0 &<< UInt64(truncatingIfNeeded: shift)
            if mask != 0 { return base &+ mask.trailingZeroBitCount }
            return refill(from: base &+ 64)
        }
        return refill(from: position)
    }

    /// The first hit from `start` on, comparing chunk after chunk; the mask then holds the hits
    /// of the chunk it is in. Where fewer than sixty-four bytes of the text are left (the end of
    /// every short post), the block search takes over (``ByteSetSearch/firstIndex(in:from:before:)``),
    /// call by call: those bytes are read a block at a time, not one by one into a mask.
    @usableFromInline
    mutating func refill(from start: Int) -> Int {
        var chunk = start
        while chunk < end {
            guard chunk &+ 64 <= text.count else {
                // No chunk: every later call lands here again.
                base = Self.noChunk
                mask = 0
                return search.firstIndex(in: text, from: chunk, before: end)
            }
            base = chunk
            mask = search.hitMask(in: text, at: chunk, before: end)
            if mask != 0 { return chunk &+ mask.trailingZeroBitCount }
            chunk &+= 64
        }
        base = chunk
        mask = 0
        return end
    }

    /// A `base` from which every offset lies further than a chunk.
    @usableFromInline static var noChunk: Int { Int.min / 2 }
}

extension ByteSetSearch {
    /// Bit `i` set when the byte at `offset + i` is one of the values, for the offsets before
    /// `min(offset + 64, end)`.
    /// - Precondition: `offset < end <= text.count`, `offset + 64 <= text.count`.
    @inlinable
    package func hitMask(in text: UnsafeBufferPointer<UInt8>, at offset: Int, before end: Int) -> UInt64 {
        let raw = UnsafeRawPointer(text.baseAddress!)
        let length = Swift.min(64, end &- offset)
        var mask: UInt64 = 0
        for block in 0..<4 {
            let lanes = hits(in: ByteBlock.load(raw, at: offset &+ 16 &* block))
            mask |= UInt64(ByteBlock.bits(ofLanes: lanes)) &<< UInt64(16 &* block)
        }
        return length == 64 ? mask : mask & ((1 &<< UInt64(length)) &- 1)
    }

    /// All ones in the lanes of `block` that hold one of the values: the comparisons of
    /// ``firstIndex(in:from:before:)`` as integer lanes, whose bits a mask gathers. (The search
    /// keeps its own form, one `SIMDMask` closure per number of values: routed through this one,
    /// the scanners ran 0.6–2.2 % more instructions.)
    @inlinable @inline(__always)
    func hits(in block: ByteBlock.Lanes) -> ByteBlock.Lanes {
        var found = ByteBlock.mask(block .== first) | ByteBlock.mask(block .== second)
        if count > 2 { found |= ByteBlock.mask(block .== third) }
        if count > 3 { found |= ByteBlock.mask(block .== fourth) | ByteBlock.mask(block .== fifth) | ByteBlock.mask(block .== sixth) }
        return found
    }
}
