import PatternDetection

extension DraftLength {
    /// What one line contributes to each tracked profile's count, and its size.
    ///
    /// A line is the text up to and including an LF, or the text after the last LF (the draft's
    /// last line, possibly empty). Every field adds up over lines to the whole text's value (see
    /// ``DraftLength`` for why); only the fields of the tracked profiles are counted, the others
    /// stay 0.
    struct LineTally: Sendable {
        var utf8 = 0
        var utf16 = 0
        /// `bluesky`: grapheme clusters, each link as the app shortens it.
        var bluesky = 0
        /// `twitter`: weight in units of `1 / scale` (v3: multiples of the scale).
        var twitterWeight = 0
        /// `twitter`: UTF-16 units of the line minus those of its NFC form.
        var twitterShift = 0
        /// `twitter`: whether a step of `parseTweet`'s walk ends on U+FFFE, U+FEFF or U+FFFF.
        var twitterInvalid = false
        /// `mastodon`: whether the line is nothing but White_Space (Ruby's `blank?`).
        var mastodonBlank = true
        /// `mastodon`: grapheme clusters with each counted URL as one `x` and each mention as its
        /// `@username`. A profile counting `urlLength` ≥ 1 per URL counts
        /// `mastodonOneX + (urlLength - 1) × mastodonURLs` (the `x`s between a URL's first and
        /// last never join a neighbour).
        var mastodonOneX = 0
        /// `mastodon`: the URLs counted.
        var mastodonURLs = 0
        /// `mastodon`: grapheme clusters with each counted URL removed (for `urlLength` 0 only).
        var mastodonWithoutURLs = 0

        static let empty = LineTally()

        private init() {}

        /// Counts a line for the profiles `needs` names: `text` is the line, or with `afterLF` an
        /// LF and the line.
        ///
        /// Entities are found with the scalar the whole text has before the line: a line that
        /// follows an LF is scanned as LF + line and the LF's own share left out. (At a text's
        /// very start twitter-text's URL expression may take the first character for the one
        /// before a URL, and so find a shorter URL than after an LF.)
        /// - Parameter scratch: for the `bluesky` rule set; `nil` when `bluesky` is not counted.
        /// - Complexity: O(line length), plus normalisation when the line holds a scalar NFC may
        ///   change.
        init(text: String, afterLF: Bool, needs: Needs, scratch: MatchScratch?) throws(PatternError) {
            let lf = afterLF ? 1 : 0
            (utf8, utf16) = (text.utf8.count - lf, text.utf16.count - lf)
            guard utf8 > 0 else { return }
            self = try withUTF8Bytes(of: text) { (bytes) throws(PatternError) in
                var tally = self
                let range = lf..<bytes.count
                if let scratch {
                    let links = try BlueskyRules.shared.spans(in: bytes, scratch: scratch).filter { $0.kind == .url }
                    tally.bluesky = GraphemeBudget(
                        text: text, bytes: bytes, range: range,
                        replacements: BlueskyLength.replacements(text: text, range: range, links: links), prefix: "",
                        limit: .max
                    ).length
                }
                let urls = needs.twitter || needs.mastodon ? TwitterRules.shared.weightedURLs(in: bytes) : []
                if needs.twitter {
                    // The LF is a step of its own: one unit, weight 1, valid, unchanged by NFC.
                    let weighting = TwitterWeighting.version3
                    let (_, walk, originalUTF16) = TwitterLength.parse(
                        bytes, range: 0..<bytes.count, urls: urls, weighting: weighting)
                    tally.twitterWeight = walk.scaledWeight - (afterLF ? weighting.weight(ofUnit: 0x0A) : 0)
                    tally.twitterShift = originalUTF16 - walk.utf16Count
                    tally.twitterInvalid = !walk.hasNoInvalidUnit
                }
                if needs.mastodon {
                    tally.mastodonBlank = MastodonLength.isBlank(bytes, range)
                    let counted = Mastodon(
                        text: text, bytes: bytes, range: range, urls: urls, needsWithoutURLs: needs.mastodonWithoutURLs)
                    tally.mastodonURLs = counted.urls
                    (tally.mastodonOneX, tally.mastodonWithoutURLs) = counted.clusters(after: "")
                }
                return tally
            }
        }

        /// The line's count under `profile`, in the unit its limit is checked in (`twitter`: units
        /// of `1 / scale`); `head` is what the content warning adds to the first line (`mastodon`).
        func count(_ profile: LengthProfile, head: Head = Head()) -> Int {
            switch profile {
            case .bluesky: bluesky
            case .twitter: twitterWeight
            case .mastodon(_, let urlLength):
                urlLength == 0
                    ? mastodonWithoutURLs + head.withoutURLs : mastodonOneX + head.oneX + (urlLength - 1) * mastodonURLs
            }
        }
    }

    /// What the content warning adds to the first line's `mastodon` clusters: counted before the
    /// line, its clusters may join the line's first ones (a combining mark, a ZWJ, regional
    /// indicators pairing), so this is the count of warning + line minus the line's own.
    struct Head: Sendable, Equatable {
        var oneX = 0
        var withoutURLs = 0

        /// - Complexity: O(warning + line length).
        init(contentWarning: String, firstLine line: String, tally: LineTally, needs: Needs) {
            guard needs.mastodon, !contentWarning.isEmpty else { return }
            let joined = withUTF8Bytes(of: line) { bytes in
                Mastodon(
                    text: line, bytes: bytes, range: 0..<bytes.count, urls: TwitterRules.shared.weightedURLs(in: bytes),
                    needsWithoutURLs: needs.mastodonWithoutURLs
                ).clusters(after: contentWarning)
            }
            oneX = joined.oneX - tally.mastodonOneX
            withoutURLs = needs.mastodonWithoutURLs ? joined.withoutURLs - tally.mastodonWithoutURLs : 0
        }

        init() {}
    }

    /// A line (`range` of `text`) as Mastodon's validator rewrites it, before counting.
    private struct Mastodon {
        let text: String
        let bytes: UnsafeBufferPointer<UInt8>
        let range: Range<Int>
        let entities: [MastodonLength.Entity]
        let needsWithoutURLs: Bool

        /// `urls`: twitter-text's URLs in `bytes`.
        init(
            text: String, bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, urls: [TwitterWeightedURL],
            needsWithoutURLs: Bool
        ) {
            (self.text, self.bytes, self.range, self.needsWithoutURLs) = (text, bytes, range, needsWithoutURLs)
            entities = MastodonLength.entities(range: range, urls: urls, mentions: MastodonMentions.mentions(in: bytes))
        }

        var urls: Int { entities.count { $0.counted == nil } }

        /// Clusters of `prefix` + the line, URLs as one `x` and (when needed) as nothing.
        func clusters(after prefix: String) -> (oneX: Int, withoutURLs: Int) {
            func count(urlLength: Int) -> Int {
                GraphemeBudget(
                    text: text, bytes: bytes, range: range,
                    replacements: MastodonLength.replacements(entities, bytes: bytes, urlLength: urlLength),
                    prefix: prefix, limit: .max
                ).length
            }
            return (count(urlLength: 1), needsWithoutURLs ? count(urlLength: 0) : 0)
        }
    }

    /// Sums of the line tallies, and how many lines have the two flags.
    struct Totals: Sendable, Equatable {
        var utf8 = 0
        var utf16 = 0
        var bluesky = 0
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
        /// Some mastodon profile counts URLs as nothing (`urlLength` 0).
        var mastodonWithoutURLs = false

        init(_ profiles: [LengthProfile]) {
            for profile in profiles {
                switch profile {
                case .bluesky: bluesky = true
                case .twitter: twitter = true
                case .mastodon(_, let urlLength):
                    mastodon = true
                    if urlLength == 0 { mastodonWithoutURLs = true }
                }
            }
        }
    }
}
