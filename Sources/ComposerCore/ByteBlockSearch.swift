/// The first byte of a buffer that a test of sixteen bytes at once picks: the block loop shared by
/// the byte searches (``ByteSetSearch``, ``ByteRangeSearch``).
///
/// Each block of sixteen bytes is tested at once, and the first hit is the lowest set byte of the
/// test's mask (little-endian lanes); only the last few bytes (fewer than sixteen) are tested one
/// at a time, each repeated across a block.
@usableFromInline package enum ByteBlockSearch {
    /// The first offset in `start..<end` whose lane `hits` sets, or `end`.
    /// - Precondition: `hits` tests each lane on its own byte alone.
    @inlinable @inline(__always)
    package static func firstIndex(
        in text: UnsafeBufferPointer<UInt8>, from start: Int, before end: Int,
        hits: (SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>>
    ) -> Int {
        guard let base = text.baseAddress else { return end }
        var position = start
        while position + 16 <= end {
            let found = hits(UnsafeRawPointer(base + position).loadUnaligned(as: SIMD16<UInt8>.self))
            if any(found) {
                #if _endian(little)
                // Lanes are all-ones or zero bytes; the lowest non-zero byte is the first hit.
                let halves = unsafeBitCast(found, to: SIMD2<UInt64>.self)
                let low = halves[0], high = halves[1]
                return position + (low != 0 ? low.trailingZeroBitCount >> 3 : 8 + high.trailingZeroBitCount >> 3)
                #else
                break
                #endif
            }
            position += 16
        }
        while position < end, !any(hits(SIMD16(repeating: base[position]))) { position += 1 }
        return position
    }
}
