extension DraftLength {
    /// Sums of the line tallies, and how many lines have the two flags.
    struct Totals: Sendable, Equatable {
        var utf8 = 0
        var utf16 = 0
        var bluesky = 0
        var blueskyBytes = 0
        var twitterWeight = 0
        var twitterShift = 0
        var twitterInvalidLines = 0
        var mastodonNonBlankLines = 0
        var mastodonOneX = 0
        var mastodonURLs = 0
        var mastodonWithoutURLs = 0

        mutating func add(_ line: LineTally, sign: Int = 1) {
            utf8 += sign * line.utf8
            utf16 += sign * line.utf16
            bluesky += sign * line.bluesky
            blueskyBytes += sign * line.blueskyBytes
            twitterWeight += sign * line.twitterWeight
            twitterShift += sign * line.twitterShift
            twitterInvalidLines += line.twitterInvalid ? sign : 0
            mastodonNonBlankLines += line.mastodonBlank ? 0 : sign
            mastodonOneX += sign * line.mastodonOneX
            mastodonURLs += sign * line.mastodonURLs
            mastodonWithoutURLs += sign * line.mastodonWithoutURLs
        }

        mutating func remove(_ line: LineTally) { add(line, sign: -1) }
    }

    /// Which fields the tracked profiles need counted.
    struct Needs: Sendable {
        var bluesky = false
        var twitter = false
        var mastodon = false
        /// Some mastodon profile counts URLs as nothing (`urlLength` 0 or below).
        var mastodonWithoutURLs = false

        /// Whether a profile's counts are among these.
        func includes(_ profile: LengthProfile) -> Bool {
            switch profile {
            case .bluesky: bluesky
            case .twitter: twitter
            case .mastodon(_, let urlLength): mastodon && (urlLength > 0 || mastodonWithoutURLs)
            }
        }

        init(_ profiles: [LengthProfile]) {
            for profile in profiles {
                switch profile {
                case .bluesky: bluesky = true
                case .twitter: twitter = true
                case .mastodon(_, let urlLength):
                    mastodon = true
                    if urlLength <= 0 { mastodonWithoutURLs = true }
                }
            }
        }
    }
}
