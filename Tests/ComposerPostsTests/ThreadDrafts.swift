import PatternDetection

/// Seeded random drafts for the thread properties: prose in paragraphs, sentences (with closing
/// quotes and brackets after the stop), line breaks and runs of mixed white space, long words,
/// emoji (ZWJ families, flags, skin tones, keycaps), CJK with and without spaces, combining marks
/// (also after a space), no-break spaces and NEL inside lines, links with and without scheme,
/// links too long for any post, mentions (`@user@domain` too), hashtags and cashtags, leading and
/// trailing white space.
///
/// Never generated (tested on their own): prepended concatenation marks, which join a following
/// space and make the suffix count one less than added; U+FFFE/U+FEFF/U+FFFF, which no `twitter`
/// post may hold; clusters longer than a post.
///
/// `spaced` drafts separate every token by white space and hold no long mentions: the words too
/// long for a post are then cut where no entity changes (lengths add up, so the splitter's
/// minimality holds there too). Otherwise tokens are sometimes glued (a link after `。`, a URL
/// after a letter), which can make a piece of a word cut inside count less as posted.
struct ThreadDrafts {
    private var generator: SplitMix64
    let spaced: Bool
    /// How long the very long tokens are, or `nil` for none.
    let veryLong: Range<Int>?

    init(seed: UInt64, spaced: Bool = false, veryLong: Range<Int>? = 100..<600) {
        generator = SplitMix64(seed: seed)
        self.spaced = spaced
        self.veryLong = veryLong
    }

    mutating func below(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick(_ items: [String]) -> String { items[below(items.count)] }

    static let words = [
        "the", "a", "thread", "swift", "composer", "highlight", "pattern", "really", "x", "I", "naïve", "café",
        "e\u{301}t\u{E9}", "déjà", "Zürich", "über", "Ωmega", "слово", "مرحبا", "שלום", "हिन्दी", "ไทย", "10\u{A0}km",
        "well\u{85}then", "co-op", "don't", "(aside)", "[note]", "3.14", "U.S.A", "e.g.", "…", "—", "&", "1/2",
    ]
    static let emoji = [
        "😀", "👨‍👩‍👧‍👦", "🏳️‍🌈", "✌🏽", "🇯🇵", "🇺🇸🇬🇧", "1️⃣", "#️⃣", "❤️", "🧑🏾‍💻", "👍🏻", "🦋", "☺", "🫠",
    ]
    static let cjk = ["日本語", "文章", "中文字", "한국어", "テスト", "漢字かな", "言葉"]
    static let stops = [".", ".", ".", "!", "?", "…", "...", "?!", ".\"", "!)", ".’", "。", "！", "？", "?»"]
    static let entities = [
        "@alice.bsky.social", "@bob.test", "@bob", "@user@mastodon.social", "@a_b_c", "#tag", "#日本", "#Swift6",
        "#1st", "$AAPL", "$BRK.B", "https://example.com/path", "https://bsky.app/profile/alice.bsky.social/post/3k",
        "example.com", "swift.org/documentation/", "http://日本.jp/パス", "https://t.co/abc123", "www.example.org/a?b=c#d",
        "(https://example.com/x)", "https://example.com/a.", "mailto:a@b.com", "a@b.com",
    ]
    static let spaces = [" ", " ", " ", " ", "  ", "\t", "\u{3000}", "\u{2003}", " \u{2009}", "\u{205F}"]
    static let lineBreaks = ["\n", "\r\n", "\u{2028}", "\n \t", " \n"]
    static let paragraphBreaks = ["\n\n", "\n \n", "\r\n\r\n", "\n\n\n", "\u{2029}", "\n\u{3000}\n"]

    /// A word or an entity.
    mutating func token() -> String {
        switch below(100) {
        case 0..<55: return pick(Self.words)
        case 55..<63: return pick(Self.emoji)
        case 63..<71: return String(repeating: pick(Self.cjk), count: 1 + below(3)) + (chance(30) ? "。" : "")
        case 71..<90: return pick(Self.entities)
        case 90..<93: return " \u{301}x"  // a space that a combining mark joins: not white space
        case 93..<97: return longWord(length: 15 + below(60))
        default: return veryLong.map { veryLong(length: $0.lowerBound + below($0.count)) } ?? longWord(length: 15 + below(60))
        }
    }

    /// Letters with the odd digit, `length` characters.
    mutating func longWord(length: Int) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyzé0123456789")
        return String((0..<length).map { _ in letters[below(letters.count)] })
    }

    /// Something longer than some posts: a long link (with or without scheme), a long CJK run
    /// with full-width stops and no spaces, a long hashtag, a long word, a long mention, a long
    /// word with an entity in brackets inside (a link, mention or cashtag may follow `(`).
    mutating func veryLong(length: Int) -> String {
        switch below(8) {
        case 6, 7:
            let inside = pick(["https://example.com/path", "@alice.bsky.social", "@user@mastodon.social", "$AAPL", "https://t.co/abc123"])
            return longWord(length: length / 2) + "(" + inside + ")" + longWord(length: length / 2)
        case 0: return "https://example.com/" + longWord(length: length)
        case 1: return "example.com/" + longWord(length: length)
        case 2: return (0..<(length / 8)).map { _ in pick(Self.cjk) + (chance(40) ? "。" : "") }.joined()
        case 3: return "#" + longWord(length: length)
        case 4 where !spaced: return "@" + longWord(length: length / 2) + "@example.social"
        default: return longWord(length: length) + pick(Self.emoji)
        }
    }

    /// A sentence of 1–14 tokens and a stop.
    mutating func sentence() -> String {
        var text = ""
        for index in 0..<(1 + below(14)) {
            if index > 0 { text += chance(90) ? pick(Self.spaces) : (chance(50) && !spaced ? "" : pick(Self.lineBreaks)) }
            text += token()
        }
        return text + (chance(80) ? pick(Self.stops) : "")
    }

    /// A draft of about `characters` characters (at least one sentence).
    mutating func draft(characters: Int) -> String {
        var text = chance(20) ? pick(Self.spaces + Self.lineBreaks + Self.paragraphBreaks) : ""
        repeat {
            text += sentence()
            switch below(10) {
            case 0, 1: text += pick(Self.paragraphBreaks)
            case 2: text += pick(Self.lineBreaks)
            default: text += pick(Self.spaces)
            }
        } while text.count < characters
        if chance(60) { text = String(text.dropLast(text.last!.isWhitespace ? 1 : 0)) }
        if chance(20) { text += pick(Self.spaces + Self.lineBreaks + Self.paragraphBreaks) }
        return text
    }
}
