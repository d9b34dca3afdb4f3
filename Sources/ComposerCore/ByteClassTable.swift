/// Eight flags per byte value, for the scanners' byte loops: one load per byte instead of a chain
/// of range comparisons.
///
/// Invariant: immutable once built; the storage is allocated once per table and never freed (the
/// tables are `static let`s that live as long as the process), so sharing it across threads is safe.
@usableFromInline package struct ByteClassTable: @unchecked Sendable {
    @usableFromInline let flags: UnsafeMutablePointer<UInt8>

    /// A table whose entry for each byte value is `classify(byte)`.
    @usableFromInline package init(_ classify: (UInt8) -> UInt8) {
        flags = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for value in 0...255 { flags[value] = classify(UInt8(value)) }
    }

    /// Whether `byte` has any of the flags in `mask`.
    @inlinable @inline(__always)
    package func contains(_ byte: UInt8, _ mask: UInt8) -> Bool {
        flags[Int(byte)] & mask != 0
    }
}
