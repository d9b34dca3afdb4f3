import PatternDetection
import Testing

/// The locality contract of `RuleSet`, checked the way the incremental tokenizer relies on it: for
/// random posts, the full scan equals the union of scans of each word given only the slice
/// `[leading separator, word, trailing separator]` as the subject, with the word as the window.
@Suite("twitter locality")
struct TwitterLocalityTests {
    static let words = [
        "foo", "example", "a", "x", "t", "co", "com", "COM", "jp", "みんな", "рф", "ελ", "भारत", "日本語", "café",
        "ÉLPAÍS", "user_name", "abc123", "123", "RT", "rt", "www", "bit", "ly", "tv", "xn--ls8h", "ab-cd", "a_b",
        "ｈａｓｈ", "ශ්‍රී", "پاکستان", "aaaaaaaaaaaaaaaaaaaaaaaa", "org", "T", "CO",
    ]
    static let pieces = [
        ".", ".", "-", "_", "/", ":", "?", "=", "&", "#", "#", "@", "@", "＠", "＃", "$", "$", "(", ")", "!", "'",
        ",", "~", "%", "+", "\"", "。", "://", "http://", "https://", "t.co/", "RT:", "😀", "✌️", "👨‍👩‍👧",
        "\u{FE0F}", "\u{20E3}", "\u{0301}", "\u{200D}", "・", "\u{202A}", "\u{2066}", "\u{200E}", "\u{FEFF}",
        "\u{200B}", "𠀡", "é", "/list",
    ]
    static let separators = [" ", " ", " ", "\n", "\u{3000}", "\u{A0}", "\u{2028}", "\u{180E}", "\u{85}", "\t", "\u{2009}"]

    static func randomPost(_ generator: inout SplitMix64) -> String {
        var post = ""
        for _ in 0..<Int.random(in: 1...30, using: &generator) {
            switch Int.random(in: 0..<100, using: &generator) {
            case 0..<35: post += words.randomElement(using: &generator)!
            case 35..<70: post += pieces.randomElement(using: &generator)!
            case 70..<85: post += separators.randomElement(using: &generator)!
            default:
                let tld = (TwitterRules.genericTopLevelDomains + TwitterRules.countryTopLevelDomains)
                    .randomElement(using: &generator)!
                post += words.randomElement(using: &generator)! + "." + (Bool.random(using: &generator) ? tld.uppercased() : tld)
            }
        }
        return post
    }

    @Test("Full scan == union of per-word slice scans; no span holds a separator")
    func wordSlicesReproduceTheFullScan() throws {
        let rules = TwitterRules.shared
        var generator = SplitMix64(seed: 20_261_122)
        var postsWithSpans = 0
        for _ in 0..<1500 {
            let post = Self.randomPost(&generator)
            let (full, union, holding) = WordSlices.check(post, rules: rules)
            if !full.isEmpty { postsWithSpans += 1 }
            #expect(holding.isEmpty, "\(post.debugDescription)")
            #expect(union == full, "\(post.debugDescription)")
        }
        #expect(postsWithSpans > 500)
    }
}
