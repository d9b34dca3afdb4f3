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
/// the URL text as it appears (scheme-less URLs stay scheme-less).
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
        let scan = scanRange(window, in: text)
        return Self.mergedWithoutOverlaps(
            urls: urls(in: text, scan: scan), mentions: mentions(in: text, scan: scan),
            hashtags: hashtags(in: text, scan: scan), cashtags: cashtags(in: text, scan: scan), startingIn: window)
    }

    /// The URL's text; the name, tag or ticker without its sign for the other kinds.
    public func value(of span: Span, in text: UnsafeBufferPointer<UInt8>) -> String {
        valueBytes(of: span, in: text)!.string(in: text)
    }

    /// Where the reference's scans must start for `window`: at the separator before it, which the
    /// preceding-character rules may consume, or at 0.
    func scanRange(_ window: Range<Int>, in text: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let start = window.lowerBound == 0 ? 0 : text.scalarStart(before: window.lowerBound)
        return start..<window.upperBound
    }

    /// `removeOverlappingEntities` over the four lists, each sorted by start: merged by start (on
    /// equal starts in the reference's order: URLs, mentions, hashtags, cashtags), each entity that
    /// starts before the previous kept one ends is dropped, and so is every entity that does not
    /// start in `window`.
    /// - Complexity: O(total entities); only the kept entities are copied, and none when one
    ///   list alone keeps all its entities (it is returned as it is: a word of links glued by
    ///   commas holds hundreds of thousands, and a copy would double the memory they take).
    static func mergedWithoutOverlaps(
        urls: [Span], mentions: [Span] = [], hashtags: [Span] = [], cashtags: [Span] = [],
        startingIn window: Range<Int>
    ) -> [Span] {
        let nonEmpty = (urls.isEmpty ? 0 : 1) + (mentions.isEmpty ? 0 : 1) + (hashtags.isEmpty ? 0 : 1) + (cashtags.isEmpty ? 0 : 1)
        if nonEmpty <= 1 {
            let only = !urls.isEmpty ? urls : !mentions.isEmpty ? mentions : !hashtags.isEmpty ? hashtags : cashtags
            if Self.keepsAll(only, startingIn: window) { return only }
        }
        var kept: [Span] = []
        kept.reserveCapacity(urls.count + mentions.count + hashtags.count + cashtags.count)
        var url = 0, mention = 0, hashtag = 0, cashtag = 0
        var cursor = 0
        while true {
            var start = Int.max
            var list = -1
            if url < urls.count { (start, list) = (urls[url].utf8Range.lowerBound, 0) }
            if mention < mentions.count, mentions[mention].utf8Range.lowerBound < start {
                (start, list) = (mentions[mention].utf8Range.lowerBound, 1)
            }
            if hashtag < hashtags.count, hashtags[hashtag].utf8Range.lowerBound < start {
                (start, list) = (hashtags[hashtag].utf8Range.lowerBound, 2)
            }
            if cashtag < cashtags.count, cashtags[cashtag].utf8Range.lowerBound < start {
                (start, list) = (cashtags[cashtag].utf8Range.lowerBound, 3)
            }
            let index: Int
            switch list {
            case 0: (index, url) = (url, url + 1)
            case 1: (index, mention) = (mention, mention + 1)
            case 2: (index, hashtag) = (hashtag, hashtag + 1)
            case 3: (index, cashtag) = (cashtag, cashtag + 1)
            default: return kept
            }
            guard window.contains(start), start >= cursor else { continue }
            switch list {
            case 0: kept.append(urls[index])
            case 1: kept.append(mentions[index])
            case 2: kept.append(hashtags[index])
            default: kept.append(cashtags[index])
            }
            cursor = kept[kept.count - 1].utf8Range.upperBound
        }
    }

    /// Whether the merge keeps every entity of `list` (sorted by start) when it is the only one:
    /// all start in `window` and none starts before the previous one ends.
    private static func keepsAll(_ list: [Span], startingIn window: Range<Int>) -> Bool {
        guard let first = list.first, let last = list.last else { return true }
        guard window.contains(first.utf8Range.lowerBound), window.contains(last.utf8Range.lowerBound) else { return false }
        var end = first.utf8Range.upperBound
        for span in list.dropFirst() {
            if span.utf8Range.lowerBound < end { return false }
            end = span.utf8Range.upperBound
        }
        return true
    }
}
