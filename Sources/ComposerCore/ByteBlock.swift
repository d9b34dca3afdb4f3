/// Tests on sixteen bytes at once (SIMD), for the output encoders' walks over short stretches of
/// text: counting UTF-8 units between two offsets, finding bytes that need a JSON escape.
///
/// A test's lanes are all ones (`0xFF`) where it holds and zero elsewhere, as integer lanes:
/// each comparison's mask is turned into a `SIMD16<UInt8>` at once and combined with `&`, `|`
/// and `&-`. (`SIMDMask`'s own `.&` and `.|` are written lane by lane, and a combination of them
/// can compile to a loop over the lanes; integer lanes compile to one instruction per operation.)
@usableFromInline package enum ByteBlock {
    /// Sixteen bytes, lane 0 first.
    @usableFromInline package typealias Lanes = SIMD16<UInt8>

    /// The sixteen bytes at `offset` of `base`.
    @inlinable @inline(__always)
    package static func load(_ base: UnsafeRawPointer, at offset: Int) -> Lanes {
        base.loadUnaligned(fromByteOffset: offset, as: Lanes.self)
    }

    /// Stores `lanes` at `destination`.
    @inlinable @inline(__always)
    package static func store(_ lanes: Lanes, at destination: UnsafeMutableRawPointer) {
        destination.storeBytes(of: lanes, as: Lanes.self)
    }

    /// Each lane's index, 0…15.
    @inlinable @inline(__always)
    package static var positions: SIMD16<Int8> { SIMD16<Int8>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15) }

    /// All ones in the lanes before `count` (all sixteen from 16 up), zero in the others.
    /// - Precondition: `count >= 0`.
    @inlinable @inline(__always)
    package static func lanes(before count: Int) -> Lanes {
        mask(positions .< SIMD16<Int8>(repeating: Int8(truncatingIfNeeded: Swift.min(count, 16))))
    }

    /// All ones in the lanes that hold a UTF-8 continuation byte (`10xxxxxx`).
    @inlinable @inline(__always)
    package static func continuations(in block: Lanes) -> Lanes {
        // As signed bytes, 0x80…0xBF are -128…-65.
        mask(unsafeBitCast(block, to: SIMD16<Int8>.self) .< SIMD16<Int8>(repeating: -64))
    }

    /// All ones in the lanes that hold a four-byte lead (`11110xxx`; in well-formed UTF-8 every
    /// byte from `F0` up is one).
    @inlinable @inline(__always)
    package static func fourByteLeads(in block: Lanes) -> Lanes {
        mask(block .>= Lanes(repeating: 0xF0))
    }

    /// All ones in the lanes that may need a JSON escape, as ``JSONEscape/candidates(in:)`` flags
    /// them: C0 controls, `"`, `\`, and `E2` (the lead of U+2028 and U+2029).
    @inlinable @inline(__always)
    package static func jsonEscapeCandidates(in block: Lanes) -> Lanes {
        mask(block .<= Lanes(repeating: 0x1F)) | mask(block .== Lanes(repeating: UInt8(ascii: "\"")))
            | mask(block .== Lanes(repeating: UInt8(ascii: "\\"))) | mask(block .== Lanes(repeating: 0xE2))
    }

    /// All ones in the lanes that need an HTML entity or replacement (``HTMLEscaping``): `&`,
    /// `<`, `>`, `"`, `'` and NUL, and line feed and carriage return when `lineBreaks`.
    @inlinable @inline(__always)
    package static func htmlEscapeCandidates(in block: Lanes, lineBreaks: Bool) -> Lanes {
        // `<` and `>` differ in one bit, as do `&` and `'`.
        var found = lanes(of: block & Lanes(repeating: 0xFD), equalTo: UInt8(ascii: "<"))
            | lanes(of: block & Lanes(repeating: 0xFE), equalTo: UInt8(ascii: "&"))
            | lanes(of: block, equalTo: UInt8(ascii: "\"")) | lanes(of: block, equalTo: 0)
        if lineBreaks { found |= lanes(of: block, equalTo: 0x0A) | lanes(of: block, equalTo: 0x0D) }
        return found
    }

    /// All ones in the lanes that hold `value`.
    @inlinable @inline(__always)
    package static func lanes(of block: Lanes, equalTo value: UInt8) -> Lanes {
        mask(block .== Lanes(repeating: value))
    }

    /// The first lane that is not zero, or `nil` when all are.
    @inlinable @inline(__always)
    package static func firstSetLane(_ lanes: Lanes) -> Int? {
        let halves = unsafeBitCast(lanes, to: SIMD2<UInt64>.self)
        #if _endian(little)
        if halves[0] != 0 { return halves[0].trailingZeroBitCount &>> 3 }
        if halves[1] != 0 { return 8 &+ halves[1].trailingZeroBitCount &>> 3 }
        #else
        if halves[0] != 0 { return halves[0].leadingZeroBitCount &>> 3 }
        if halves[1] != 0 { return 8 &+ halves[1].leadingZeroBitCount &>> 3 }
        #endif
        return nil
    }

    /// Bit `i` set when lane `i` is not zero, for lanes that are all ones or zero (a test's).
    ///
    /// Each 64-bit half's high bits are gathered by one multiplication: byte `i`'s bit 7 lands at
    /// bit 56 + `i`, and no two of the product's terms share a bit, so nothing carries.
    @inlinable @inline(__always)
    package static func bits(ofLanes lanes: Lanes) -> UInt16 {
        let halves = unsafeBitCast(lanes, to: SIMD2<UInt64>.self)
        #if _endian(little)
        let (first, second) = (halves[0], halves[1])
        #else
        let (first, second) = (halves[0].byteSwapped, halves[1].byteSwapped)
        #endif
        let gather: UInt64 = 0x0002_0408_1020_4081
        let low = ((first & ByteWord.highBits) &* gather) &>> 56
        let high = ((second & ByteWord.highBits) &* gather) &>> 56
        return UInt16(truncatingIfNeeded: low | high &<< 8)
    }

    /// Whether every lane is zero.
    @inlinable @inline(__always)
    package static func isZero(_ lanes: Lanes) -> Bool {
        let halves = unsafeBitCast(lanes, to: SIMD2<UInt64>.self)
        return halves[0] | halves[1] == 0
    }

    /// The sum of the lanes, read as numbers.
    /// - Precondition: the sum is below 256 (a tally of at most fifteen blocks of all-ones lanes,
    ///   each lane counting one per block: see ``Tally``).
    @inlinable @inline(__always)
    package static func sum(ofLanes lanes: Lanes) -> Int {
        let halves = unsafeBitCast(lanes, to: SIMD2<UInt64>.self)
        return ByteWord.sum(ofLanes: halves[0] &+ halves[1])
    }

    /// A test's mask as integer lanes.
    @inlinable @inline(__always)
    package static func mask(_ mask: SIMDMask<SIMD16<Int8>>) -> Lanes {
        unsafeBitCast(mask, to: Lanes.self)
    }

    /// Counts of lanes over several blocks, one per lane and block (a test's all-ones lanes
    /// subtracted, which adds one), added up every ``blocksPerSum`` blocks so no lane overflows.
    @usableFromInline package struct Tally {
        @usableFromInline var lanes = Lanes()
        @usableFromInline var blocks = 0
        /// The counts added up so far.
        @usableFromInline package private(set) var total = 0

        /// Blocks a tally takes before its lanes are added up: at most fifteen ones in each of
        /// sixteen lanes sum to at most 240.
        @usableFromInline static let blocksPerSum = 15

        @inlinable @inline(__always)
        package init() {}

        /// Counts the all-ones lanes of `test`.
        @inlinable @inline(__always)
        package mutating func add(_ test: Lanes) {
            lanes &-= test
            blocks &+= 1
            if blocks == Self.blocksPerSum { settle() }
        }

        /// Adds up the lanes into ``total``.
        @inlinable @inline(__always)
        package mutating func settle() {
            total &+= ByteBlock.sum(ofLanes: lanes)
            lanes = Lanes()
            blocks = 0
        }
    }
}
