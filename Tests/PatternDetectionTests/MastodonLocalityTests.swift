import PatternDetection
import Testing

/// The locality contract of `RuleSet` for `mastodon`, checked the way the incremental tokenizer
/// relies on it: for random statuses, the full scan equals the union of scans of each word given
/// only the slice `[leading separator, word, trailing separator]`, with the word as the window;
/// and no span holds a separator.
@Suite("mastodon locality")
struct MastodonLocalityTests {
    static let words = [
        "alice", "bob", "a.b", "a--b", "x", "mastodon", "social", "example", "com", "jp", "みんな", "рф", "РФ",
        "例え", "テスト", "café", "ß", "ſ", "\u{212A}", "user_1", "123", "1_1", "xn--p1ai", "ok", "blobcat", "http",
        "https", "gemini", "xmpp", "magnet", "t", "co", "www", "e\u{301}", "²", "ب", "ا", "🦋",
    ]
    static let pieces = [
        ".", ".", "-", "_", "/", ":", ":", "?", "=", "&", "#", "#", "＃", "@", "@", "＠", "(", ")", "!", "'", "\"", ",",
        "~", "%", "+", "<", ">", "[", "]", "\\", "^", "|", "://", "https://", "gemini://", "xmpp:", "magnet:?xt=",
        "t.co/", "·", "・", "\u{200C}", "\u{200D}", "\u{FE0F}", "\u{0301}", "\u{00AD}", "。", "．", "「", "」",
        "\u{A0}", "\u{3000}", "\u{2028}", "\u{1680}", "\u{202F}", "\u{200B}", "\u{200E}", "\u{FEFF}",
    ]
    /// The separators, the no-break and ideographic spaces (White_Space but not separators: a
    /// query may hold them), and Unicode line separators.
    static let gaps = [" ", " ", " ", "\n", "\n", "\t", "\r\n", "\u{85}", "\u{0B}", "\u{A0}", "\u{3000}", "\u{2028}"]

    static func randomStatus(_ generator: inout SplitMix64) -> String {
        var status = ""
        for _ in 0..<Int.random(in: 1...30, using: &generator) {
            switch Int.random(in: 0..<100, using: &generator) {
            case 0..<35: status += words.randomElement(using: &generator)!
            case 35..<70: status += pieces.randomElement(using: &generator)!
            case 70..<85: status += gaps.randomElement(using: &generator)!
            default:
                let tld = (TwitterRules.genericTopLevelDomains + TwitterRules.countryTopLevelDomains)
                    .randomElement(using: &generator)!
                status += ["https://", "@a@", "xmpp:u@", ""].randomElement(using: &generator)!
                    + words.randomElement(using: &generator)! + "." + tld
            }
        }
        return status
    }

    @Test("Full scan == union of per-word slice scans; no span holds a separator")
    func wordSlicesReproduceTheFullScan() throws {
        let rules = MastodonRules.shared
        var generator = SplitMix64(seed: 20_261_125)
        var statusesWithSpans = 0
        for _ in 0..<1500 {
            let status = Self.randomStatus(&generator)
            let (full, union, holding) = WordSlices.check(status, rules: rules)
            if !full.isEmpty { statusesWithSpans += 1 }
            #expect(holding.isEmpty, "\(status.debugDescription)")
            #expect(union == full, "\(status.debugDescription)")
        }
        #expect(statusesWithSpans > 700)
    }

    @Test("A shortcode inside a link Mastodon cannot parse is an emoji, in each word's slice as in the full scan")
    func shortcodesInsideUnparsableLinks() throws {
        for status in [
            "https://a\\b.com/:ok: :ok:", "x https://a\\b.com/-@bob/:ok:\n@bob", "(https://a\\b.com/?:ok:#x)\t#tag",
        ] {
            let (full, union, holding) = WordSlices.check(status, rules: MastodonRules.shared)
            let inLink = Array(status.utf8).firstRange(of: Array(":ok:".utf8))!
            #expect(full.first { $0.kind == .emoji }?.utf8Range == inLink, "\(status.debugDescription)")
            #expect(holding.isEmpty, "\(status.debugDescription)")
            #expect(union == full, "\(status.debugDescription)")
        }
    }

    @Test("White_Space that is no separator can sit inside a link's query")
    func queriesHoldNoBreakSpaces() throws {
        for space in ["\u{A0}", "\u{3000}", "\u{2028}"] {
            let text = "see https://example.com/?q=a\(space)b now"
            let spans = Array(text.utf8).withUnsafeBufferPointer { MastodonRules.shared.spans(in: $0) }
            #expect(spans.map { $0.text(in: text) } == ["https://example.com/?q=a\(space)b"])
        }
    }
}

/// The shapes that make Mastodon's own expressions backtrack, at 1 MB: linear here (a quadratic
/// scan would take minutes), and giving the server's answer.
@Suite("mastodon hostile shapes")
struct MastodonHostileShapeTests {
    @Test("a tag followed by a megabyte of separators", arguments: ["・", "·", "\u{200C}"])
    func tagSeparators(_ separator: String) {
        let text = "x #a" + String(repeating: separator, count: 1 << 18) + " y"
        let spans = Array(text.utf8).withUnsafeBufferPointer { MastodonRules.shared.spans(in: $0) }
        #expect(spans == [Span(kind: .hashtag, utf8Range: 2..<4)])
    }

    @Test func remoteMentionsAndShortcodesInAMegabyteRun() {
        // `@a@a@a…`: each match is followed by `@`, so dropped whole; `:a:a:…`: one letter is too
        // short; `@u@a.@u@a.…`: a remote mention after every dot.
        for (unit, perUnit) in [("@a@a", 0), (":a:", 0), ("@u@a.", 1)] {
            let units = (1 << 20) / unit.utf8.count
            let text = String(repeating: unit, count: units)
            let spans = Array(text.utf8).withUnsafeBufferPointer { MastodonRules.shared.spans(in: $0) }
            #expect(spans.count == units * perUnit, "\(unit)")
            #expect(spans.allSatisfy { $0.kind == .mention && $0.utf8Range.count == 4 }, "\(unit)")
        }
    }
}
