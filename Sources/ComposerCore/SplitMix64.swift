/// SplitMix64: a small, fast, well-mixed random generator with a fixed, portable sequence.
///
/// Everything randomized in this package — synthetic replay sessions, randomized tests — draws from
/// it, so a failure or a benchmark input is reproduced from its seed alone.
@usableFromInline package struct SplitMix64: RandomNumberGenerator, Sendable {
    @usableFromInline package var state: UInt64

    @usableFromInline package init(seed: UInt64) { state = seed }

    @usableFromInline package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
