/// How long a post is under one profile, and what part of it fits.
///
/// Invariants: `remaining == limit - length`, clamped to `Int`'s range (which a long count under a
/// `mastodon` limit far below 0 would leave); `permillage == ⌊length / limit × 1000⌋` (computed in
/// floating point as twitter-text does, clamped alike; 0 for a limit below 1); `validRange` starts
/// at the start of the counted text; `overflow` is `nil` exactly when `length <= limit` (for
/// `bluesky`, and the text as posted is at most 3,000 UTF-8 bytes), and otherwise runs from
/// `validRange.upperBound` to the end of the counted text. Offsets are those of the text given to
/// the counter (for a slice: of the whole text).
public struct LengthReport: Sendable, Hashable, Decodable {
    public var profile: LengthProfile
    /// The length in the profile's unit (grapheme clusters, or twitter-text's weighted characters).
    public var length: Int
    public var limit: Int
    /// `limit - length`, clamped to `Int`'s range; negative when the post is too long.
    public var remaining: Int
    /// Whether the platform accepts the text: not too long, and for `bluesky` and `twitter` not
    /// empty; for `bluesky` also at most 3,000 UTF-8 bytes as posted; for `twitter` also free of
    /// U+FFFE, U+FEFF and U+FFFF.
    public var isValid: Bool
    /// Thousandths of the limit used, rounded down (1000 = exactly full).
    public var permillage: Int
    /// The longest prefix that fits (see ``PostLengthCounter`` for each profile's exact rule; under
    /// `twitter` it is twitter-text's, whose end NFC can move past what fits).
    public var validRange: TextRange
    /// The part past the limit, for a composer to mark; `nil` when the text fits. Only the limits
    /// make an overflow (`bluesky`: the clusters or the bytes): a `twitter` text refused for U+FFFE, U+FEFF or U+FFFF but within the limit
    /// has none, while its `validRange` (twitter-text's) ends before the first such character, so
    /// the two ranges then leave the rest of the text between them unmarked.
    public var overflow: TextRange?

    public init(
        profile: LengthProfile, length: Int, limit: Int, isValid: Bool, validRange: TextRange, overflow: TextRange?
    ) {
        self.profile = profile
        self.length = length
        self.limit = limit
        self.remaining = Self.remaining(length: length, limit: limit)
        self.isValid = isValid
        self.permillage = Self.permillage(length: length, limit: limit)
        self.validRange = validRange
        self.overflow = overflow
    }

    /// `limit - length`, clamped to `Int`'s range (a saturated count under a `mastodon` limit
    /// far below 0 would go past it).
    static func remaining(length: Int, limit: Int) -> Int {
        let (difference, overflow) = limit.subtractingReportingOverflow(length)
        guard overflow else { return difference }
        return length > 0 ? .min : .max
    }

    /// twitter-text's `Math.floor((weightedLength / maxWeightedTweetLength) * 1000)`, the same
    /// double-precision steps, used for every profile.
    /// Clamped to `Int`'s range (a count far past its limit, as an absurd URL length gives).
    static func permillage(length: Int, limit: Int) -> Int {
        guard limit > 0 else { return 0 }
        let permillage = (Double(length) / Double(limit) * 1000).rounded(.down)
        if permillage >= Double(Int.max) { return .max }
        return permillage <= Double(Int.min) ? .min : Int(permillage)
    }
}
