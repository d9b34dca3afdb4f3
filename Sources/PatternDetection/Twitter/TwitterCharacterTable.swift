/// A finished ``TwitterCharacterSet`` for the scanning loops: the same membership test, with the
/// bitmap and the astral ranges in storage that is allocated once and never freed, so reading a
/// table (a `static let`) and copying it cost no reference counting.
///
/// Invariant: immutable; built only for `static let`s, which live as long as the process.
struct TwitterCharacterTable: @unchecked Sendable {
    private let bmpWords: UnsafeBufferPointer<UInt64>
    private let astralRanges: UnsafeBufferPointer<ClosedRange<UInt32>>

    /// - Precondition: `bmpWords` has 1,024 words (one bit per BMP code point); `astralRanges` is
    ///   sorted by lower bound and lies above the BMP.
    init(bmpWords words: [UInt64], astralRanges ranges: [ClosedRange<UInt32>]) {
        precondition(words.count == 1024, "a BMP bitmap has 1,024 words")
        let wordStorage = UnsafeMutablePointer<UInt64>.allocate(capacity: words.count)
        wordStorage.initialize(from: words, count: words.count)
        bmpWords = UnsafeBufferPointer(start: wordStorage, count: words.count)
        let rangeStorage = UnsafeMutableBufferPointer<ClosedRange<UInt32>>.allocate(capacity: ranges.count)
        _ = rangeStorage.initialize(from: ranges)
        astralRanges = UnsafeBufferPointer(rangeStorage)
    }

    @inline(__always)
    func contains(_ scalar: UInt32) -> Bool {
        TwitterCharacterSet.contains(scalar, bmpWords: bmpWords, astralRanges: astralRanges)
    }
}
