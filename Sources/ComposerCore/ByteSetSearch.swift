/// The first byte of a buffer that is one of up to six given values, sixteen bytes at a time:
/// how the scanners skip the long stretches of a post that cannot start a span.
///
/// Each block of sixteen bytes is compared against the values at once (as many comparisons as
/// there are values; see ``ByteBlockSearch``).
@usableFromInline package struct ByteSetSearch: Sendable {
    @usableFromInline let first: SIMD16<UInt8>
    @usableFromInline let second: SIMD16<UInt8>
    @usableFromInline let third: SIMD16<UInt8>
    @usableFromInline let fourth: SIMD16<UInt8>
    @usableFromInline let fifth: SIMD16<UInt8>
    @usableFromInline let sixth: SIMD16<UInt8>
    @usableFromInline let count: Int

    /// - Precondition: 1…6 values.
    @usableFromInline package init(_ values: [UInt8]) {
        precondition((1...6).contains(values.count), "ByteSetSearch takes one to six values")
        let padded = values + Array(repeating: values[0], count: 6 - values.count)
        first = SIMD16(repeating: padded[0])
        second = SIMD16(repeating: padded[1])
        third = SIMD16(repeating: padded[2])
        fourth = SIMD16(repeating: padded[3])
        fifth = SIMD16(repeating: padded[4])
        sixth = SIMD16(repeating: padded[5])
        count = values.count
    }

    /// The first offset in `start..<end` whose byte is one of the values, or `end`.
    /// - Complexity: O(end − start), about one vector step per sixteen bytes without a hit.
    @inlinable @inline(__always)
    package func firstIndex(in text: UnsafeBufferPointer<UInt8>, from start: Int, before end: Int) -> Int {
        switch count {
        case 1:
            return ByteBlockSearch.firstIndex(in: text, from: start, before: end) { $0 .== first }
        case 2:
            return ByteBlockSearch.firstIndex(in: text, from: start, before: end) { ($0 .== first) .| ($0 .== second) }
        case 3:
            return ByteBlockSearch.firstIndex(in: text, from: start, before: end) { ($0 .== first) .| ($0 .== second) .| ($0 .== third) }
        default:
            return ByteBlockSearch.firstIndex(in: text, from: start, before: end) {
                ($0 .== first) .| ($0 .== second) .| ($0 .== third) .| ($0 .== fourth) .| ($0 .== fifth) .| ($0 .== sixth)
            }
        }
    }
}
