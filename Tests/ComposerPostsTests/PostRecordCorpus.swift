import PatternDetection

/// Generated posts for the post-record tests: words in many scripts (emoji, ZWJ sequences, flags,
/// CJK, combining marks, RTL), links with and without a scheme (IDN hosts, ports, long paths that
/// get cut, paths that do not parse), mentions in several cases (some in ``handles``), hashtags,
/// cashtags, and every kind of separator, including none.
enum PostRecordCorpus {
    static let handles: [String: String] = [
        "alice.test": "did:plc:alice", "bob.bsky.social": "did:plc:bob", "dave.test": "did:web:dave.test",
        "sub.domain.co.uk": "did:plc:sub", "not-a-did.test": "alice",
    ]

    static let words = [
        "the", "composer", "ships", "café", "naïve", "東京", "今日は", "🦋", "👨‍👩‍👧", "🇯🇵", "👍🏽", "e\u{301}",
        "a\u{308}\u{323}", "مرحبا", "한국어", "—", "…", "\"quoted\"", "it's", "x-y", "foo_bar", "(see", "this)",
        "ok.", "1.5", "\u{200D}", "\u{FEFF}", "𝓗𝓲",
    ]
    static let handleSpellings = [
        "alice.test", "Alice.test", "ALICE.test", "Alice.Test", "BOB.bsky.social", "bob.bsky.social", "dave.test", "unknown.bsky.social",
        "sub.domain.co.uk", "not-a-did.test", "eve", "carol.example.com",
    ]
    static let hosts = [
        "example.com", "EXAMPLE.com", "swift.org", "例え.jp", "bücher.de", "xn--r8jz45g.jp", "192.168.0.1",
        "[::1]", "example.com:443", "example.com:8080", "user:pw@example.com", "ＥＸＡＭＰＬＥ.com", "ex%41mple.com",
    ]
    static let paths = [
        "", "/", "/a", "/blog/", "/a/very/long/path/that/needs/cutting", "/東京", "/%E6%9D%B1", "/p?x=1&y=2#frag",
        "#only", "?q=1", "/wiki/Foo_(bar)", "/(x", "/🦋", "/e\u{301}", "/%zz", "/../x",
    ]
    static let schemeless = ["example.com", "Example.com", "sub.example.org/x", "swift.org/a/very/long/path", "example.com/東京", "CNN.COM"]
    static let tags = ["#swift", "#東京", "#🦋", "#tag!!", "＃fullwidth", "#123", "#1st", "#abc#def", "#️⃣", "#e\u{301}"]
    static let cashtags = ["$AAPL", "$tsla", "($goog)", "$BRK.B", "$X1", "$12"]
    static let separators = [" ", " ", " ", "\n", "\t", "\u{3000}", "\u{A0}", "\r\n", "", "\u{2028}"]
    static let trailers = ["", "", "", ".", ",", ")", "!", "\"", "'s"]

    static func post(using random: inout SplitMix64) -> String {
        func pick(_ pool: [String]) -> String { pool[Int(random.next() % UInt64(pool.count))] }
        var text = ""
        for index in 0..<(1 + Int(random.next() % 20)) {
            if index > 0 { text += pick(separators) }
            switch random.next() % 10 {
            case 0...3: text += pick(words)
            case 4, 5:
                let scheme = pick(["https://", "http://", "https://", "", "https://www."])
                text += pick(["", "", "("]) + (scheme.isEmpty ? pick(schemeless) : scheme + pick(hosts) + pick(paths))
                text += pick(trailers)
            case 6, 7: text += pick(["@", "@", "(@"]) + pick(handleSpellings) + pick(trailers)
            case 8: text += pick(tags)
            default: text += pick(cashtags)
            }
        }
        return text
    }
}
