/// Tests on eight bytes at once (SWAR), for the encoders' scans that look for the few bytes
/// needing an escape: a `UInt64` read unaligned from the text.
///
/// The tests flag a lane by its high bit. A lane above one that matched may be flagged falsely
/// (the subtraction borrows into it), but the lowest flagged lane always matched: below it
/// nothing borrows. The same holds for an OR of tests. So for a word read little-endian,
/// ``firstFlaggedLane(_:)`` is the first matching byte.
@usableFromInline package enum ByteWord {
    @usableFromInline static let ones: UInt64 = 0x0101_0101_0101_0101
    @usableFromInline package static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Non-zero exactly when some byte of `word` is `value`.
    @inlinable @inline(__always)
    package static func bytes(of word: UInt64, equalTo value: UInt8) -> UInt64 {
        let difference = word ^ (ones &* UInt64(value))
        return (difference &- ones) & ~difference & highBits
    }

    /// Non-zero exactly when some byte of `word` is below `bound` (at most 128).
    @inlinable @inline(__always)
    package static func bytes(of word: UInt64, below bound: UInt8) -> UInt64 {
        (word &- ones &* UInt64(bound)) & ~word & highBits
    }

    /// The sum of the eight lanes of `word`, read as numbers.
    /// - Precondition: the sum is below 256.
    @inlinable @inline(__always)
    package static func sum(ofLanes word: UInt64) -> Int {
        // The multiplication adds every lane into the top byte.
        Int(truncatingIfNeeded: (word &* ones) &>> 56)
    }

    /// The lowest lane flagged in `flags` (0…7), the first byte of a little-endian word that a
    /// test matched; 8 when none is.
    @inlinable @inline(__always)
    package static func firstFlaggedLane(_ flags: UInt64) -> Int {
        flags.trailingZeroBitCount &>> 3
    }

    /// The number of lanes of `flags` whose high bit is set.
    /// - Precondition: every other bit of `flags` is clear (a mask of ``highBits``).
    @inlinable @inline(__always)
    package static func count(ofFlagged flags: UInt64) -> Int {
        // A lane's high bit moved to bit 0; the lanes sum to at most 8.
        sum(ofLanes: flags &>> 7)
    }
}
