import PatternDetection

/// Counts a text, or slices of it, under length profiles, scanning it once per rule set the
/// profiles need (cross-posting asks for several at once).
///
/// Made once per text (per keystroke in a composer, once per draft in a thread splitter), then
/// asked for reports of the whole text or of slices of it (``report(for:utf8Range:contentWarning:)``)
/// without scanning again: a slice counts the entities found in the whole text that lie wholly
/// inside it. Slices that start and end at white space, as thread cuts do, count exactly as the
/// same text posted alone would.
///
/// What each profile counts, and its valid range:
/// - `bluesky` — grapheme clusters of the text with each link the `bluesky` rule set keeps
///   replaced by the Bluesky app's shortened form; valid when 1…300 and the text as posted
///   (links shortened) is at most 3,000 UTF-8 bytes, the server's other limit. Valid range: the
///   longest prefix that fits both, cut at a cluster boundary, ending before a link that does not
///   fit whole.
/// - `twitter` — twitter-text 3.1.0's `parseTweet`, quirks included. Valid range: the
///   reference's `validRangeStart…validRangeEnd`, quirks included (it stops before the first
///   U+FFFE/U+FEFF/U+FFFF, and its end is shifted by the UTF-16 length NFC removed or added).
/// - `mastodon` — Mastodon's status length validator over content warning + text; valid when
///   within the limit. Valid range: as for `bluesky`, with URLs and mentions as the units and the
///   content warning's clusters counted first.
public struct PostLengthCounter: Sendable {
    public let text: String
    private let blueskyLinks: BlueskyLength.ShortenedLinks?
    private let twitterURLs: [TwitterWeightedURL]?
    /// The `mastodon` rule set's links with a protocol and mentions.
    private let mastodonSpans: [Span]?
    /// UTF-16 counts along the text, so a slice's UTF-16 start costs O(1) rather than a walk
    /// over the text before it.
    private let utf16Checkpoints: [Int]

    /// Scans `text` for what `profiles` need: the `bluesky` rule set's links for `bluesky`,
    /// twitter-text's URL extraction for `twitter`, the `mastodon` rule set's links and mentions
    /// for `mastodon`. Only those are held, never the text's other spans: memory follows the text
    /// and the entities counted apart, however many tags or cashtags the text holds.
    /// - Parameters:
    ///   - text: the text to count.
    ///   - profiles: the profiles it will be asked about.
    public init(text: String, profiles: some Sequence<LengthProfile>) {
        let needs = Needs(profiles)
        var links: [Span]?
        if needs.bluesky {
            links = withUTF8Bytes(of: text, BlueskyLength.links(in:))
        }
        self.init(text: text, needs: needs, blueskyLinks: links)
    }

    /// As ``init(text:profiles:)``, with the spans the `bluesky` rule set (`BlueskyRules`)
    /// already found in `text` (by a highlighter, say) instead of scanning for them again, in any
    /// order.
    public init(text: String, profiles: some Sequence<LengthProfile>, blueskySpans: [Span]) {
        let needs = Needs(profiles)
        var links = needs.bluesky ? blueskySpans.filter { $0.kind == .url } : nil
        if let found = links, zip(found, found.dropFirst()).contains(where: { $1 < $0 }) { links = found.sorted() }
        self.init(text: text, needs: needs, blueskyLinks: links)
    }

    private init(text: String, needs: Needs, blueskyLinks: [Span]?) {
        self.text = text
        self.blueskyLinks = blueskyLinks.map { BlueskyLength.ShortenedLinks(text: text, links: $0) }
        (twitterURLs, mastodonSpans, utf16Checkpoints) = withUTF8Bytes(of: text) { bytes in
            (
                needs.twitterURLs ? TwitterRules.shared.weightedURLs(in: bytes) : nil,
                needs.mastodon ? MastodonLength.countedSpans(in: bytes) : nil,
                UTF16Offsets.checkpoints(in: bytes)
            )
        }
    }

    /// The report for the whole text.
    /// - Parameters:
    ///   - profile: one of the profiles the counter was made for.
    ///   - contentWarning: counted before the text by `mastodon`; ignored by the others.
    /// - Precondition: the counter was made for `profile` (for `mastodon`: any mastodon profile).
    public func report(for profile: LengthProfile, contentWarning: String = "") -> LengthReport {
        report(for: profile, utf8Range: 0..<text.utf8.count, contentWarning: contentWarning)
    }

    /// The report for the slice `utf8Range` of the text (offsets in the report are the whole
    /// text's).
    /// - Precondition: `utf8Range` lies within the text on scalar boundaries; the counter was made
    ///   for `profile`.
    /// - Complexity: O(slice length) plus, for `bluesky` and `mastodon`, a binary search among the
    ///   whole text's entities (for `mastodon`, a scan of the slice when it cuts one of them); for
    ///   `twitter`, a scan of the slice for URLs when it does not start the text (twitter-text reads
    ///   a text's first character as the one before a URL, so a slice's URLs are found in it
    ///   alone, as they will be once it is posted).
    public func report(for profile: LengthProfile, utf8Range: Range<Int>, contentWarning: String = "") -> LengthReport {
        withUTF8Bytes(of: text) { bytes in
            precondition(utf8Range.lowerBound >= 0 && utf8Range.upperBound <= bytes.count, "slice outside the text")
            let startUTF16 = UTF16Offsets.count(in: bytes, before: utf8Range.lowerBound, checkpoints: utf16Checkpoints)
            switch profile {
            case .bluesky:
                guard let blueskyLinks else { preconditionFailure("counter not made for bluesky") }
                return BlueskyLength.report(bytes: bytes, range: utf8Range, links: blueskyLinks, startUTF16: startUTF16)
            case .twitter:
                guard twitterURLs != nil else { preconditionFailure("counter not made for twitter") }
                return TwitterLength.report(bytes, range: utf8Range, urls: sliceURLs(bytes, range: utf8Range), startUTF16: startUTF16)
            case .mastodon:
                guard let mastodonSpans else { preconditionFailure("counter not made for mastodon") }
                return MastodonLength.report(
                    bytes: bytes, range: utf8Range, spans: sliceMastodonSpans(mastodonSpans, bytes, range: utf8Range),
                    contentWarning: contentWarning, profile: profile, startUTF16: startUTF16)
            }
        }
    }

    /// The UTF-8 bytes of the slice `utf8Range` as the Bluesky app posts it (links shortened).
    /// - Precondition: the counter was made for `bluesky`.
    /// - Complexity: O(log links + links in the slice).
    func blueskyPostedBytes(utf8Range: Range<Int>) -> Int {
        guard let blueskyLinks else { preconditionFailure("counter not made for bluesky") }
        return BlueskyLength.postedBytes(of: utf8Range, links: blueskyLinks)
    }

    /// The `mastodon` entities as a post of `range` alone has them: the whole text's when both ends
    /// of the slice meet a separator of the `mastodon` rule set (or the text's edge), and none of
    /// the entities reaches across an end; else the slice's own. Mastodon's separators are ASCII
    /// white space and U+0085 only: a link may hold other white space (an em space in its query,
    /// say), so a slice that ends at such white space can cut one, and posted alone it holds a
    /// shorter link, counted as a URL; and a slice that starts after such white space starts
    /// inside a word of the whole text, where the reference's scan (a link without a protocol
    /// consuming what follows it) can find what a post of that slice would not, or the reverse.
    /// - Complexity: O(log spans) when both ends meet separators and no entity is cut, else a scan
    ///   of the slice.
    private func sliceMastodonSpans(_ spans: [Span], _ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> [Span] {
        let overlapping = spans.indices(overlapping: range)
        let cutAtStart = overlapping.first.map { spans[$0].utf8Range.lowerBound < range.lowerBound } ?? false
        let cutAtEnd = overlapping.last.map { spans[$0].utf8Range.upperBound > range.upperBound } ?? false
        guard cutAtStart || cutAtEnd || !Self.meetsMastodonSeparators(range, in: bytes) else { return spans }
        return MastodonLength.countedSpans(in: UnsafeBufferPointer(rebasing: bytes[range])).map { $0.shifted(by: range.lowerBound) }
    }

    /// Whether each end of `range` is an edge of the text or meets a `mastodon` separator.
    private static func meetsMastodonSeparators(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let rules = MastodonRules.shared
        return (range.lowerBound == 0 || rules.isSeparator(bytes.decodeScalar(at: bytes.scalarStart(before: range.lowerBound)).scalar))
            && (range.upperBound == bytes.count || rules.isSeparator(bytes.decodeScalar(at: range.upperBound).scalar))
    }

    /// twitter-text's URLs as a post of `range` alone has them: the whole text's when the slice
    /// starts the text, else the slice's own. At a text's start, twitter-text's expression takes
    /// the first character for the one before a URL, so a post `Åt.co/x` links `t.co/x`, while
    /// after white space in a longer text `Åt.co/x` is linked whole: a slice that starts after
    /// white space (a thread post) must be scanned alone to count as it will be posted.
    private func sliceURLs(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> [TwitterWeightedURL] {
        guard range.lowerBound > 0 else { return twitterURLs ?? [] }
        return TwitterRules.shared.weightedURLs(in: UnsafeBufferPointer(rebasing: bytes[range])).map { url in
            var shifted = url
            shifted.utf8Range = url.utf8Range.lowerBound + range.lowerBound..<url.utf8Range.upperBound + range.lowerBound
            return shifted
        }
    }

    /// Reports for several profiles, in their order.
    public func reports(for profiles: [LengthProfile], contentWarning: String = "") -> [LengthReport] {
        profiles.map { report(for: $0, contentWarning: contentWarning) }
    }

    /// Which scans a set of profiles needs.
    private struct Needs {
        var bluesky = false
        var twitterURLs = false
        var mastodon = false

        init(_ profiles: some Sequence<LengthProfile>) {
            for profile in profiles {
                switch profile {
                case .bluesky: bluesky = true
                case .twitter: twitterURLs = true
                case .mastodon:
                    mastodon = true
                }
            }
        }
    }
}
