/// How a platform counts the length of a post.
///
/// - `bluesky`: 300 grapheme clusters of the text as the Bluesky app posts it, each link shown
///   shortened (`host` + path, query and fragment, cut to 13 UTF-16 units + `...` past 15), and
///   at most 3,000 UTF-8 bytes of it (the server's limit; ``limit`` is the clusters').
/// - `twitter`: twitter-text 3.1.0's `parseTweet`: 280 weighted characters of the NFC text, most
///   scripts outside Latin, and emoji sequences, weighing 2; each URL 23.
/// - `mastodon`: Mastodon's status length validator: grapheme clusters of content warning + text,
///   each URL with a scheme counting `urlLength`, each `@user@domain` mention counting as `@user`;
///   `limit` is the instance's (500 by default).
///
/// A `mastodon` profile holds any two numbers, as an enum case cannot check them; whatever they
/// are, counting and splitting never trap. A `urlLength` below 0 counts as 0. A `limit` is taken
/// as given: below 1 no text that counts anything fits (a limit of 0 still takes a blank text,
/// which counts 0), so every report is invalid and ``ThreadSplitter`` throws
/// ``ThreadSplitError/unsplittable(_:)`` for any draft that is not blank. Lengths saturate at
/// `Int.max` (a huge `urlLength`), and a report's `remaining` is clamped to `Int`'s range.
/// Numbers from an instance's document are checked first (``MastodonInstance/init(json:)``).
public enum LengthProfile: Sendable, Hashable, Codable {
    case bluesky
    case twitter
    case mastodon(limit: Int = 500, urlLength: Int = 23)

    /// The most the profile allows.
    public var limit: Int {
        switch self {
        case .bluesky: 300
        case .twitter: TwitterWeighting.version3.maxWeightedLength
        case .mastodon(let limit, _): limit
        }
    }
}
