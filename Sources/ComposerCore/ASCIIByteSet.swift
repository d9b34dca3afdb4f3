/// A set of ASCII bytes (values below 0x80) as 128 bits: one shift and test per membership
/// question, for byte loops that must not call a predicate per byte.
///
/// Its membership tests are inlinable, so the byte loops of the other modules test bits in place
/// rather than call across the module boundary.
///
/// Invariant: immutable once built; a byte of 0x80 or above is never a member.
@usableFromInline package struct ASCIIByteSet: Sendable, Hashable {
    @usableFromInline let low: UInt64
    @usableFromInline let high: UInt64

    /// The ASCII bytes whose scalar satisfies `isMember` (asked once per ASCII value here).
    package init(where isMember: (Unicode.Scalar) -> Bool) {
        self.init(bytes: (0..<128).map { UInt8($0) }.filter { isMember(Unicode.Scalar($0)) })
    }

    /// The ASCII bytes among `bytes` (others are left out).
    package init(bytes: some Sequence<UInt8>) {
        var low: UInt64 = 0, high: UInt64 = 0
        for byte in bytes where byte < 128 {
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }
        self.low = low
        self.high = high
    }

    private init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    @inlinable @inline(__always)
    package func contains(_ byte: UInt8) -> Bool {
        byte < 128 && containsASCII(byte)
    }

    /// ``contains(_:)`` for a byte known to be ASCII, one test fewer.
    /// - Precondition: `byte < 0x80`.
    @inlinable @inline(__always)
    package func containsASCII(_ byte: UInt8) -> Bool {
        byte < 64 ? low >> UInt64(byte) & 1 != 0 : high >> UInt64(byte &- 64) & 1 != 0
    }

    /// The members of `self` and of `other`.
    package func union(_ other: ASCIIByteSet) -> ASCIIByteSet {
        ASCIIByteSet(low: low | other.low, high: high | other.high)
    }

    /// The members of both `self` and `other`.
    package func intersection(_ other: ASCIIByteSet) -> ASCIIByteSet {
        ASCIIByteSet(low: low & other.low, high: high & other.high)
    }

    /// The members of `self` that are not in `other`.
    package func subtracting(_ other: ASCIIByteSet) -> ASCIIByteSet {
        ASCIIByteSet(low: low & ~other.low, high: high & ~other.high)
    }
}
