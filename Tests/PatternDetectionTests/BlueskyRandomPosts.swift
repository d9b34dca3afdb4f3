import PatternDetection

/// Seeded random posts of the kind people write, heavy on the shapes the `bluesky` rules care about:
/// handles, domains with and without scheme, tags, cashtags, punctuation glued to them, emoji, CJK,
/// every JavaScript separator, and look-alikes that are not separators.
struct BlueskyRandomPosts {
    private var generator: SplitMix64

    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    mutating func next() -> UInt64 { generator.next() }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick(_ items: [String]) -> String { items[below(items.count)] }

    static let words = [
        "hello", "the", "post", "Check", "this", "wow", "e.g.", "ok", "x", "http", "https", "www", "com",
        "test", "it's", "don’t", "1st", "2024", "100%", "a.b", "v1.2.3", "...", "über", "café",
    ]
    static let scripts = ["日本語", "見て", "テスト", "中文", "한국어", "みんな", "。", "、", "「", "」", "（", "）"]
    static let emoji = [
        "🦋", "👨\u{200D}👩\u{200D}👧\u{200D}👧", "👍🏽", "🇯🇵", "❤️", "#️⃣", "1️⃣", "é", "e\u{301}", "\u{200D}", "\u{200B}",
        "\u{AD}", "\u{2060}", "\u{20E2}", "\u{FE0F}",
    ]
    static let tlds = [
        "com", "social", "app", "org", "io", "test", "jpg", "COM", "Com", "uk", "xn--p1ai", "みんな", "local", "a",
    ]
    static let labels = ["alice", "bsky", "example", "my-site", "x", "a1", "1a", "Foo", "BAR", "wiki", "under_score", "http", "ab-"]
    static let punctuation = [
        ".", ",", ";", ":", "!", "?", ")", "(", "\"", "'", "’", "…", "]", "!!", "...", "-", "_", "/", "@", "#", "$", "＃",
        "」", "*",
    ]
    /// Mostly spaces; every other JavaScript separator, and two scalars that only look like one.
    static let gaps = [
        " ", " ", " ", " ", "\n", "\t", "\u{3000}", "\u{A0}", "\u{FEFF}", "\u{2028}", "\u{200A}", "\r\n", "  ",
        "\u{85}", "\u{180E}",
    ]

    mutating func domain() -> String {
        var parts: [String] = []
        for _ in 0...below(3) { parts.append(pick(Self.labels)) }
        parts.append(pick(Self.tlds))
        return parts.joined(separator: ".")
    }

    mutating func token() -> String {
        switch below(13) {
        case 0, 1: return pick(Self.words)
        case 2: return pick(Self.scripts)
        case 3: return pick(Self.emoji)
        case 4: return "@" + domain() + (chance(30) ? pick(Self.punctuation) : "")
        case 5:
            return pick(["http://", "https://", "HTTPS://", "httpS://", "http:/"]) + domain()
                + pick(["", "/", "/foo", "/a_(b)", "/x?y=1", "/p#f", "/é", ")"]) + (chance(30) ? pick(Self.punctuation) : "")
        case 6: return domain() + pick(["", "/", "/foo", "/a_(b)"]) + (chance(30) ? pick(Self.punctuation) : "")
        case 7, 8:
            var body = ""
            for _ in 0..<below(4) {
                body += pick([pick(Self.words), pick(Self.emoji), pick(Self.scripts), pick(Self.punctuation), "\(below(100))", "_"])
            }
            if chance(5) { body = String(repeating: "a", count: 60 + below(10)) }
            return pick(["#", "#", "＃", "##"]) + body
        case 9: return "$" + pick(["AAPL", "aapl", "A", "TOOLONG", "ABC12", "100", "B_"]) + (chance(40) ? pick(Self.punctuation) : "")
        case 10: return pick(Self.punctuation)
        case 11: return "(" + token() + (chance(50) ? ")" : "")
        default:
            return pick([
                "wiki.vg's", "foo@bar.com", "alice.bsky.social.", "website.com.jpg", "httpbin.org", "@@a.com",
                "x.com(@b.test)", "#a($B)", "x.jpg(y.com", "Example.com", "CNN.COM", "\u{212A}.com",
            ])
        }
    }

    /// A post of 1–12 tokens, mostly separated by a gap, sometimes glued or joined by punctuation.
    mutating func post() -> String {
        var text = chance(10) ? pick(Self.gaps) : ""
        let count = 1 + below(12)
        for index in 0..<count {
            text += token()
            if index < count - 1 {
                text += chance(75) ? pick(Self.gaps) : (chance(50) ? "" : pick(Self.punctuation))
            }
        }
        return chance(10) ? text + pick(Self.gaps) : text
    }
}
