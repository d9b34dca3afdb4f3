import PatternDetection

/// Seeded random posts for the caret-token properties: triggers of every rule set (also glued to
/// words, after `(`, `RT`, `&`), bodies the rule sets treat differently (handles, `_`, digits,
/// CJK, Cyrillic, emoji, variation selectors, joiners, long names), links that hold a trigger, and
/// every kind of separator.
struct CaretTokenPosts {
    private var generator: SplitMix64

    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    mutating func below(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick(_ items: [String]) -> String { items[below(items.count)] }

    static let triggers = ["@", "@", "#", "#", "$", "＠", "＃", ":"]
    static let bodies = [
        "al", "alice.bsky.social", "alice.test", "a_b", "RT", "Ab1", "AAPL", "BRK.B", "TOOLONG", "1st", "123",
        "タグ", "日本語", "ж", "é", "e\u{301}", "🦋", "\u{FE0F}", "\u{FE0F}\u{20E3}", "a\u{200D}b", "a\u{200B}",
        "abcdefghijklmnopqrstuvwxyz", "user/list", "smile:", "x.com", "Cleveland's", "tag!!", "a-b", "",
    ]
    static let glue = [
        "(", ")", "!", ".", ",", "&", "'", "/", "://", "*", "+", "~", "RT:", "RT", "rt", "a", "1", "_", "é", "\u{FE0F}",
    ]
    static let words = [
        "hello", "x", "https://x.com/", "http://a.com/@al.test", "example.com/#tag", "x.com(@b.test", "a.b", "日本",
    ]
    static let gaps = [
        " ", " ", " ", "\n", "\u{3000}", "\u{A0}", "\u{85}", "\u{180E}", "\u{FEFF}", "\u{2028}", "\t", "\r\n",
    ]

    mutating func token() -> String {
        switch below(10) {
        case 0, 1: return pick(Self.words)
        case 2: return pick(Self.glue) + pick(Self.triggers) + pick(Self.bodies)
        case 3: return pick(Self.triggers) + pick(Self.bodies) + pick(Self.glue)
        case 4: return pick(Self.triggers) + pick(Self.bodies) + pick(Self.triggers) + pick(Self.bodies)
        default: return pick(Self.triggers) + pick(Self.bodies)
        }
    }

    /// 1–8 tokens, mostly separated by a gap, sometimes glued.
    mutating func post() -> String {
        var text = ""
        for index in 0..<(1 + below(8)) {
            if index > 0 { text += chance(75) ? pick(Self.gaps) : "" }
            text += token()
        }
        return text
    }
}
