/// The first byte of a buffer that lies in one of up to four ranges of byte values, sixteen bytes
/// at a time: how custom patterns skip the words no match can start in (a set such as `[A-Z]`,
/// `[@#]` or `:` is a few ranges).
///
/// Each block of sixteen bytes is tested against every range at once (a subtraction and one
/// unsigned comparison per range; see ``ByteBlockSearch``).
@usableFromInline package struct ByteRangeSearch: Sendable {
    /// The ranges' lower bounds and widths (upper − lower), each repeated across a block; unused
    /// ranges repeat the first.
    @usableFromInline let lowers: (SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>)
    @usableFromInline let widths: (SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>)
    @usableFromInline let count: Int
    /// The byte values searched for, as ranges in ascending order, none adjacent to another.
    package let ranges: [ClosedRange<UInt8>]

    /// The most ranges a search tests.
    package static let maximumRangeCount = 4

    /// A search for the bytes in `values`; `nil` when they are none or make more than
    /// ``maximumRangeCount`` ranges.
    package init?(_ values: some Sequence<UInt8>) {
        var ranges: [ClosedRange<UInt8>] = []
        for value in Set(values).sorted() {
            if let last = ranges.last, last.upperBound < 255, last.upperBound + 1 == value {
                ranges[ranges.count - 1] = last.lowerBound...value
            } else {
                ranges.append(value...value)
            }
        }
        guard (1...Self.maximumRangeCount).contains(ranges.count) else { return nil }
        self.ranges = ranges
        count = ranges.count
        let padded = ranges + Array(repeating: ranges[0], count: Self.maximumRangeCount - ranges.count)
        lowers = (
            SIMD16(repeating: padded[0].lowerBound), SIMD16(repeating: padded[1].lowerBound),
            SIMD16(repeating: padded[2].lowerBound), SIMD16(repeating: padded[3].lowerBound))
        widths = (
            SIMD16(repeating: padded[0].upperBound - padded[0].lowerBound),
            SIMD16(repeating: padded[1].upperBound - padded[1].lowerBound),
            SIMD16(repeating: padded[2].upperBound - padded[2].lowerBound),
            SIMD16(repeating: padded[3].upperBound - padded[3].lowerBound))
    }

    /// The first offset in `start..<end` whose byte lies in one of the ranges, or `end`.
    /// - Complexity: O(end − start), about one vector step per sixteen bytes without a hit.
    @inlinable @inline(__always)
    package func firstIndex(in text: UnsafeBufferPointer<UInt8>, from start: Int, before end: Int) -> Int {
        // A byte lies in lower...lower+width exactly when byte &- lower, wrapping, is at most width.
        switch count {
        case 1:
            return ByteBlockSearch.firstIndex(in: text, from: start, before: end) {
                ($0 &- lowers.0) .<= widths.0
            }
        case 2:
            return ByteBlockSearch.firstIndex(in: text, from: start, before: end) {
                (($0 &- lowers.0) .<= widths.0) .| (($0 &- lowers.1) .<= widths.1)
            }
        default:
            return ByteBlockSearch.firstIndex(in: text, from: start, before: end) {
                (($0 &- lowers.0) .<= widths.0) .| (($0 &- lowers.1) .<= widths.1)
                    .| (($0 &- lowers.2) .<= widths.2) .| (($0 &- lowers.3) .<= widths.3)
            }
        }
    }
}
