/// A number below 10^8 kept with its eight decimal digits, moved forward by small steps without a
/// division: the offsets of consecutive spans, written as JSON, step by the gap before a span and
/// then by its length.
///
/// The digits sit one per byte, the least significant in the lowest byte, leading zeros included.
/// A step below 100 is added digit by digit in one word: each digit's byte gets the step's digit
/// and 246, so a digit sum of ten or more carries into the next byte on its own (a byte over 255
/// is a byte over 9 before the 246), and the bytes that did not carry take the 246 back off.
///
/// Invariant: `digits` holds the decimal digits of `value`, and `0 <= value < 10^8`.
@usableFromInline package struct DecimalCounter {
    /// The number.
    @usableFromInline package private(set) var value = 0
    /// Its digits, least significant in the lowest byte.
    @usableFromInline private(set) var digits: UInt64 = 0

    /// Numbers the counter holds are below this.
    @usableFromInline package static let limit = 100_000_000

    @inlinable @inline(__always)
    package init() {}

    /// Moves to `newValue` and returns `true`; returns `false` and stays where it was when
    /// `newValue` is negative or not below ``limit``.
    /// - Complexity: O(1); no division when `newValue` is at most 99 past ``value``.
    @inlinable @inline(__always)
    package mutating func move(to newValue: Int) -> Bool {
        let step = newValue &- value
        if UInt(bitPattern: step) < 100, newValue < Self.limit {
            // Tens and ones of the step (⌊x × 103 / 2^10⌋ = ⌊x / 10⌋ for x < 100).
            let tens = (step &* 103) &>> 10
            let stepDigits = UInt64(truncatingIfNeeded: (step &- tens &* 10) | (tens &<< 8))
            let sum = digits &+ stepDigits &+ 0xF6F6_F6F6_F6F6_F6F6
            // Bytes whose high bit is set did not carry: 246 plus a digit.
            digits = sum &- ((sum &>> 7) & ByteWord.ones) &* 0xF6
            value = newValue
            return true
        }
        guard newValue >= 0, newValue < Self.limit else { return false }
        digits = RawJSONWriter.eightDigits(UInt64(truncatingIfNeeded: newValue)).byteSwapped
        value = newValue
        return true
    }

    /// The digits most significant first, one per byte of a little-endian word (byte 0 holds the
    /// first), as ``RawJSONWriter/eightDigits(_:)`` gives them.
    @inlinable @inline(__always)
    package var digitsMostSignificantFirst: UInt64 { digits.byteSwapped }
}
