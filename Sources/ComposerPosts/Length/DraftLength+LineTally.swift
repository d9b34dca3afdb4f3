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
        /// `bluesky`: UTF-8 bytes, each link as the app shortens it.
        var blueskyBytes = 0
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

        /// Counts the line `scan` holds for the profiles `needs` names.
        /// - Complexity: O(line length), plus normalisation when the line holds a scalar NFC may
        ///   change.
        init(_ scan: LineScan, needs: Needs) {
            let range = scan.range
            (utf8, utf16) = (range.count, scan.text.utf16.count - range.lowerBound)
            guard utf8 > 0 else { return }
            let text = scan.text
            self = withUTF8Bytes(of: text) { bytes in
                var tally = self
                if needs.bluesky {
                    let budget = GraphemeBudget(
                        bytes: bytes, range: range,
                        replacements: BlueskyLength.ShortenedLinks(text: text, links: scan.links).inside(range), prefix: "",
                        limit: .max)
                    (tally.bluesky, tally.blueskyBytes) = (budget.length, budget.bytes)
                }
                if needs.twitter {
                    // The LF is a step of its own: one unit, weight 1, valid, unchanged by NFC.
                    let weighting = TwitterWeighting.version3
                    let (_, walk, originalUTF16) = TwitterLength.parse(
                        bytes, range: 0..<bytes.count, urls: scan.urls, weighting: weighting)
                    tally.twitterWeight = walk.scaledWeight - (scan.afterLF ? weighting.weight(ofUnit: 0x0A) : 0)
                    tally.twitterShift = originalUTF16 - walk.utf16Count
                    tally.twitterInvalid = !walk.hasNoInvalidUnit
                }
                if needs.mastodon {
                    tally.mastodonBlank = MastodonLength.isBlank(bytes, range)
                    let counted = Mastodon(scan, bytes: bytes, needsWithoutURLs: needs.mastodonWithoutURLs)
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
                DraftLength.mastodonCount(
                    oneX: mastodonOneX + head.oneX, withoutURLs: mastodonWithoutURLs + head.withoutURLs, urls: mastodonURLs,
                    urlLength: urlLength)
            }
        }
    }

    /// What the content warning adds to the first line's `mastodon` clusters: counted before the
    /// line, its clusters may join the line's first ones (a combining mark, a ZWJ, regional
    /// indicators pairing), so this is the count of warning + line minus the line's own.
    struct Head: Sendable, Equatable {
        var oneX = 0
        var withoutURLs = 0

        /// - Parameter first: the first line (no LF before it).
        /// - Complexity: O(warning + line length).
        init(contentWarning: String, first: LineScan, tally: LineTally, needs: Needs) {
            guard needs.mastodon, !contentWarning.isEmpty else { return }
            let joined = withUTF8Bytes(of: first.text) { bytes in
                Mastodon(first, bytes: bytes, needsWithoutURLs: needs.mastodonWithoutURLs).clusters(after: contentWarning)
            }
            oneX = joined.oneX - tally.mastodonOneX
            withoutURLs = needs.mastodonWithoutURLs ? joined.withoutURLs - tally.mastodonWithoutURLs : 0
        }

        init() {}
    }

    /// A line as Mastodon's validator rewrites it, before counting.
    private struct Mastodon {
        let scan: LineScan
        let bytes: UnsafeBufferPointer<UInt8>
        let entities: [MastodonLength.Entity]
        let needsWithoutURLs: Bool

        /// `bytes`: the UTF-8 of the scan's text.
        init(_ scan: LineScan, bytes: UnsafeBufferPointer<UInt8>, needsWithoutURLs: Bool) {
            (self.scan, self.bytes, self.needsWithoutURLs) = (scan, bytes, needsWithoutURLs)
            entities = MastodonLength.entities(range: scan.range, spans: scan.mastodonSpans, bytes: bytes)
        }

        var urls: Int { entities.count { $0.counted == nil } }

        /// Clusters of `prefix` + the line, URLs as one `x` and (when needed) as nothing.
        func clusters(after prefix: String) -> (oneX: Int, withoutURLs: Int) {
            func count(urlLength: Int) -> Int {
                GraphemeBudget(
                    bytes: bytes, range: scan.range,
                    replacements: MastodonLength.replacements(entities, bytes: bytes, urlLength: urlLength),
                    prefix: prefix, limit: .max
                ).length
            }
            return (count(urlLength: 1), needsWithoutURLs ? count(urlLength: 0) : 0)
        }
    }
}
