/// twitter-text 3.1.0 (the JavaScript implementation), as the `twitter` rule set: what X and
/// Mastodon-style composers link once a post is published.
///
/// Spans are those of the reference's `extractEntitiesWithIndices` with its defaults: URLs (also
/// scheme-less ones), mentions and list mentions, hashtags and cashtags, sorted by start, and where
/// two overlap the one that starts first stays (URLs first on a tie, which the four kinds' distinct
/// first characters make impossible anyway). Each kind is also available alone, exactly as the
/// reference's single extractors report it (``urlSpans(in:)``, ``mentionSpans(in:)``,
/// ``hashtagSpans(in:checkingURLOverlap:)``, ``cashtagSpans(in:)``,
/// ``replySpan(in:)``).
///
/// ## Values
/// ``value(of:in:)`` gives what the reference's entity carries: for a mention the screen name
/// without the at sign, followed by `/slug` for a list mention (`@user/list` → `user/list`); for
/// a hashtag the tag without `#`/`＃`; for a cashtag the ticker without `$`, as written; for a URL
/// its URI: the text when it starts with a scheme (`http://` or `https://`, any case, the only
/// ones the reference matches), else `https://` + the text, as for a `bluesky` link, so a link
/// typed without a scheme is a URI in JSON, facets and HTML. The span's text is the entity's `url`.
///
/// ## Linear time
/// Each kind is scanned in Swift, and each scan skips to the only bytes where its matches can be:
/// the signs `@`/`＠`, `#`/`＃` and `$` (found sixteen bytes at a time), then reads a bounded context
/// before the sign and the match itself. URLs are scanned by `TwitterURLScanner`, which goes only
/// to the stretches around a dot that can end a domain label and reproduces the reference's
/// backtracking result there without its quadratic domain search (see there).
///
/// ## Locality
/// Separators are twitter-text's own whitespace (`spacesGroup`). No entity contains one. Before an
/// entity the expressions read (and consume) one preceding character, or `RT:` and the character
/// before it for mentions; after it they read at most three characters (`://`). Only the first of
/// those preceding characters can be a separator and none of the following ones can lie past one,
/// so a match never spans a separator: a match in one word never consumes (in the `lastIndex`
/// sense) text another word's match needs, and overlap removal only ever compares entities of one
/// word. Scanning from the separator before a window is therefore the same as the reference's scan
/// arriving there, which is what ``spans(in:startingIn:)`` does.
public struct TwitterRules: RuleSet {
    public let name = "twitter"
    public let kinds: [PatternKind] = [.mention, .hashtag, .url, .cashtag]

    let tlds: TwitterTLDMatcher

    /// Built once per process (the TLD trie).
    public static let shared = TwitterRules()

    private init() {
        tlds = TwitterTLDMatcher(orderedLists: [TwitterTLDs.genericList, TwitterTLDs.countryList])
    }

    /// twitter-text's generic top-level domains, in the order its URL expression tries them.
    public static var genericTopLevelDomains: [String] { TwitterTLDs.generic }
    /// twitter-text's country-code top-level domains, in the order its URL expression tries them.
    public static var countryTopLevelDomains: [String] { TwitterTLDs.country }

    public func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        TwitterCharacterClasses.isSpace(scalar.value)
    }

    public func spans(
        in text: UnsafeBufferPointer<UInt8>, startingIn window: Range<Int>
    ) -> [Span] {
        collectSpans(in: text, startingIn: window)
    }

    /// The URL's URI (`https://` + its text when typed without a scheme); the name, tag or ticker
    /// without its sign for the other kinds.
    public func value(of span: Span, in text: UnsafeBufferPointer<UInt8>) -> String {
        valueBytes(of: span, in: text)!.string(in: text)
    }

    /// Where the reference's scans must start for `window`: at the separator before it, which the
    /// preceding-character rules may consume, or at 0.
    func scanRange(_ window: Range<Int>, in text: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let start = window.lowerBound == 0 ? 0 : text.scalarStart(before: window.lowerBound)
        return start..<window.upperBound
    }
}

extension TwitterRules: SpanEnumerating {
    /// The spans of ``spans(in:startingIn:)``, handed out as the four extractors find them (see
    /// ``forEachKeptEntity(of:in:scan:startingIn:batchCount:_:)``): a word of links glued by commas
    /// holds hundreds of thousands, and they are not collected.
    package func forEachSpan(in text: UnsafeBufferPointer<UInt8>, startingIn window: Range<Int>, _ body: (Span) -> Void) {
        forEachSpan(in: text, startingIn: window, batchCount: Self.entityBatchCount, body)
    }

    /// ``forEachSpan(in:startingIn:_:)`` with the extractors finding `batchCount` entities ahead
    /// at most (tests set it low).
    func forEachSpan(
        in text: UnsafeBufferPointer<UInt8>, startingIn window: Range<Int>, batchCount: Int, _ body: (Span) -> Void
    ) {
        let scan = scanRange(window, in: text)
        withTemporaryLists((TwitterEntityList.Source.urls, .mentions, .hashtags, .cashtags), { TwitterEntityList($0, scan: scan) }) { lists in
            forEachKeptEntity(of: lists, in: text, scan: scan, startingIn: window, batchCount: batchCount, body)
        }
    }
}
