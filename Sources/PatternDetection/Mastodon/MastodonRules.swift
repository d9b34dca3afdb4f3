/// What a Mastodon server links, as the `mastodon` rule set: mentions (`@user` and
/// `@user@domain`), hashtags, links (only with a protocol, plus `xmpp:` and `magnet:?` URIs) and
/// custom emoji shortcodes (`:blobcat:`, kind ``PatternKind/emoji``). No cashtags: Mastodon does
/// not link them.
///
/// The reference is Mastodon's server-side detection before its move to UTS #58 link detection:
/// its `Extractor` (twitter-text 3.1.0's Ruby extractor with Mastodon's mention and hashtag
/// expressions and its patches to the URL expression) called as its text formatter calls it, then
/// overlap removal (links, hashtags, mentions and extra URIs sorted by start; an entity starting
/// before the previous kept one ends is dropped), plus the custom-emoji scan, which Mastodon runs
/// apart: spans here never overlap, so the span that starts first wins. A link whose host holds a
/// backslash is found (it takes part in overlap removal and counts as a link) but not reported:
/// Mastodon's formatter cannot parse it and leaves it as text, so a shortcode inside it is an
/// emoji span.
///
/// Character classes are Ruby's (Onigmo's) on Unicode strings, from Unicode 15.0 tables
/// (`MastodonCharacterClass`), the version of Ruby 3.2 to 3.4, and link hosts are checked with
/// IDNA2003 as the server's libidn checks them (`Nameprep`).
///
/// ## Emoji catalogs
/// Without a catalog every well-formed shortcode is an emoji span. With an instance's catalog
/// (``init(emojiCatalog:)``) only its shortcodes are, as Mastodon renders only those.
///
/// ## Values
/// A mention's value is `user` or `user@domain` as typed; a hashtag's its name; a link's its text;
/// an emoji's its shortcode.
///
/// ## Locality
/// Separators are the ASCII whitespace characters (tab, line feed, vertical tab, form feed,
/// carriage return, space) and U+0085. Other White_Space characters are not: a link's query may
/// hold a no-break space or an ideographic space. No entity holds a separator; the expressions read
/// at most one character before an entity (the preceding character, a look-behind) and one after
/// it, so the reference's scan arriving at a separator is in the same state as a fresh one.
public struct MastodonRules: RuleSet {
    public let name = "mastodon"
    public let kinds: [PatternKind] = [.mention, .hashtag, .url, .emoji]

    /// The instance's custom emoji, when known.
    public let emojiCatalog: EmojiCatalog?

    let tlds: TwitterTLDMatcher

    /// twitter-text's TLDs, matched as its Ruby expression matches them.
    private static let rubyTLDs = TwitterTLDMatcher(TwitterRules.shared.tlds, rubyFolding: true)

    /// Every well-formed shortcode is an emoji span.
    public static let shared = MastodonRules(emojiCatalog: nil)

    /// Only the shortcodes of `emojiCatalog` are emoji spans (all of them when it is nil).
    public init(emojiCatalog: EmojiCatalog?) {
        self.emojiCatalog = emojiCatalog
        self.tlds = Self.rubyTLDs
    }

    public func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        Self.isSeparator(scalar.value)
    }

    @inline(__always)
    static func isSeparator(_ scalar: UInt32) -> Bool {
        (0x09...0x0D).contains(scalar) || scalar == 0x20 || scalar == 0x85
    }

    public func spans(in text: UnsafeBufferPointer<UInt8>, startingIn window: Range<Int>) -> [Span] {
        collectSpans(in: text, startingIn: window)
    }

    /// The link's text; the name without its sign for mentions and hashtags (a remote mention keeps
    /// its `@domain`); the shortcode without colons for emoji.
    public func value(of span: Span, in text: UnsafeBufferPointer<UInt8>) -> String {
        valueBytes(of: span, in: text)!.string(in: text)
    }
}

extension MastodonRules: SpanEnumerating {
    /// The spans of ``spans(in:startingIn:)``, handed out as the extractors find them (see
    /// ``MastodonEntityList``): a word may hold any number of mentions after `(`
    /// (`(@a.co(@a.co…`), and they are not collected.
    package func forEachSpan(in text: UnsafeBufferPointer<UInt8>, startingIn window: Range<Int>, _ body: (Span) -> Void) {
        forEachSpan(in: text, startingIn: window, batchCount: Self.entityBatchCount, body)
    }
}
