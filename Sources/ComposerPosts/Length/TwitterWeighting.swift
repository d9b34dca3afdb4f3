/// One of twitter-text's counting configurations (`configs.js`): what each character weighs, what
/// a URL and an emoji weigh, and the limit, all in units of `1 / scale`.
package struct TwitterWeighting: Sendable, Hashable {
    package struct WeightRange: Sendable, Hashable {
        package var range: ClosedRange<UInt32>
        package var weight: Int
    }

    package var maxWeightedLength: Int
    package var scale: Int
    package var defaultWeight: Int
    package var transformedURLLength: Int
    /// Whether emoji sequences weigh `defaultWeight` each whatever their length.
    package var emojiParsingEnabled: Bool
    package var ranges: [WeightRange]

    private static let latinAndPunctuation: [WeightRange] = [
        WeightRange(range: 0x0000...0x10FF, weight: 100), WeightRange(range: 0x2000...0x200D, weight: 100),
        WeightRange(range: 0x2010...0x201F, weight: 100), WeightRange(range: 0x2032...0x2037, weight: 100),
    ]

    /// v3, the default and the `twitter` profile's: emoji sequences weigh 2.
    package static let version3 = TwitterWeighting(
        maxWeightedLength: 280, scale: 100, defaultWeight: 200, transformedURLLength: 23, emojiParsingEnabled: true,
        ranges: latinAndPunctuation)
    /// v2: as v3 but each code unit of an emoji counts on its own.
    package static let version2 = TwitterWeighting(
        maxWeightedLength: 280, scale: 100, defaultWeight: 200, transformedURLLength: 23, emojiParsingEnabled: false,
        ranges: latinAndPunctuation)
    /// v1 as `isValidTweetText` applies it (merged over the defaults, so with emoji parsing): 140,
    /// every character 1.
    package static let version1 = TwitterWeighting(
        maxWeightedLength: 140, scale: 1, defaultWeight: 1, transformedURLLength: 23, emojiParsingEnabled: true, ranges: [])

    /// The weight every ASCII unit has, when they all have the same, else `nil`.
    package var uniformASCIIWeight: Int? { uniformWeight(of: 0...0x7F) }

    /// The weight every unit from U+3000 to U+EFFF has (the three-byte scalars whose lead byte is
    /// 0xE3 to 0xEE: kana, CJK, Hangul syllables; none an invalid unit), when they all have the
    /// same, else `nil`.
    package var uniformWideWeight: Int? { uniformWeight(of: 0x3000...0xEFFF) }

    /// The weight every unit of `block` has: the first range's that overlaps it when that range
    /// covers it all, the default weight when none overlaps it, else `nil`.
    private func uniformWeight(of block: ClosedRange<UInt32>) -> Int? {
        guard let first = ranges.first(where: { $0.range.overlaps(block) }) else { return defaultWeight }
        return first.range.contains(block.lowerBound) && first.range.contains(block.upperBound) ? first.weight : nil
    }

    /// `getCharacterWeight` of one UTF-16 code unit (the reference weighs a surrogate pair by its
    /// low surrogate, which no range covers).
    @inline(__always)
    package func weight(ofUnit unit: UInt32) -> Int {
        for entry in ranges where entry.range.contains(unit) { return entry.weight }
        return defaultWeight
    }
}
