import Testing
@testable import PatternDetection

/// Span values are defined once, as bytes (``SpanValueBytes``): every built-in rule set describes
/// every span that way, the JSON the encoders write from the description is the JSON writer's
/// escaping of `value(of:in:)`, and unusual spans get the values the documentation promises.
@Suite("Span values as bytes")
struct SpanValueBytesTests {
    /// `valueBytes` as the bytes it describes, or `nil`.
    static func describedValue(_ rules: any RuleSet, _ span: Span, in text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard let form = rules.valueBytesProvider?.valueBytes(of: span, in: text) else { return nil }
        var bytes: [UInt8] = []
        form.append(in: text, to: &bytes)
        var json = [UInt8](repeating: 0, count: RawJSONWriter.maximumStringLength(form.count))
        let written = json.withUnsafeMutableBufferPointer { buffer in
            var raw = RawJSONWriter(buffer.baseAddress!)
            form.writeJSONContents(in: text, to: &raw)
            return raw.position - buffer.baseAddress!
        }
        var expected = JSONWriter()
        bytes.withUnsafeBufferPointer { expected.appendStringContents($0) }
        #expect(Array(json[0..<written]) == expected.bytes, "JSON contents of \(span)")
        return bytes
    }

    @Test("Equal to value(of:in:) on every span found", arguments: BuiltInRules.allCases)
    func equalOnFoundSpans(_ builtIn: BuiltInRules) throws {
        let base = RuleSetCases.rules(builtIn)
        var random = SplitMix64(seed: 31)
        var texts = [PostCorpus.posts(byteCount: 20_000, seed: 9)]
        texts += HostileCorpus.Shape.allCases.map { $0.bytes(count: 400) }
        texts += (0..<20).map { _ in PostCorpus.randomBytes(count: 400, using: &random) }
        texts.append(Array("@a.bsky.social $aapl $BRK.B ＃東京 #️⃣ https://x.y HTTP://A.B www.c.com a.b/c?d=e @x/list ＠y".utf8))
        // Statuses as Mastodon users write them: remote mentions, tags, emoji, extra URIs.
        texts.append(Array(String(
            repeating: "@alice@mastodon.social :blobcat: ＃タグ #one·two gemini://x.org/a xmpp:a@b.org?join magnet:?xt=urn:x ",
            count: 30).utf8))
        for rules in [base, try RuleSetCases.custom(over: base)] {
            #expect(rules.valueBytesProvider != nil, "\(rules.name) writes values as bytes")
            var described = 0
            for text in texts {
                for run in text.withUnsafeBufferPointer({ UTF8Validation.validRuns(in: $0) }) {
                    let runBytes = Array(text[run])
                    runBytes.withUnsafeBufferPointer { buffer in
                        for span in rules.spans(in: buffer) {
                            let expected = Array(rules.value(of: span, in: buffer).utf8)
                            let bytes = Self.describedValue(rules, span, in: buffer)
                            #expect(bytes == expected, "\(rules.name) \(span) \(String(decoding: buffer[span.utf8Range], as: UTF8.self))")
                            if bytes != nil { described += 1 }
                        }
                    }
                }
            }
            #expect(described > 500, "\(rules.name): \(described) spans described as bytes")
        }
    }

    /// Spans no rule set reports: the sign is the first scalar (a combining mark after it stays in
    /// the value), tickers are upper-cased in ASCII only, bluesky links without `http` and
    /// twitter links without `http://` or `https://` (any case) get `https://`.
    @Test func unusualSpansGetTheDocumentedValues() {
        let cases: [(any RuleSet, PatternKind, String, String)] = [
            (BlueskyRules.shared, .mention, "@é", "é"),
            (BlueskyRules.shared, .mention, "@a\u{301}", "a\u{301}"),
            (BlueskyRules.shared, .mention, "@\r\n", "\r\n"),
            (BlueskyRules.shared, .mention, "@", ""),
            (BlueskyRules.shared, .cashtag, "$", "$"),
            (BlueskyRules.shared, .cashtag, "＄ab", "$AB"),
            (BlueskyRules.shared, .cashtag, "$é", "$é"),
            (BlueskyRules.shared, .cashtag, "$ab\u{301}", "$AB\u{301}"),
            (BlueskyRules.shared, .hashtag, "＃東京", "東京"),
            (BlueskyRules.shared, .url, "http", "http"),
            (BlueskyRules.shared, .url, "httpx", "httpx"),
            (BlueskyRules.shared, .url, "HTTP://A.B", "https://HTTP://A.B"),
            (BlueskyRules.shared, "custom", "ab", "ab"),
            (TwitterRules.shared, .mention, "＠y", "y"),
            (TwitterRules.shared, .cashtag, "$ab", "ab"),
            (TwitterRules.shared, .url, "a.b/c", "https://a.b/c"),
            (TwitterRules.shared, .url, "HTTP://A.B", "HTTP://A.B"),
            (TwitterRules.shared, .url, "https://a.b", "https://a.b"),
            (IcyskyRules.shared, .mention, "@a", "@a"),
        ]
        for (rules, kind, sample, expected) in cases {
            let text = Array(sample.utf8)
            text.withUnsafeBufferPointer { buffer in
                let span = Span(kind: kind, utf8Range: 0..<buffer.count)
                #expect(rules.value(of: span, in: buffer) == expected, "\(rules.name) \(kind) \(sample.debugDescription)")
                #expect(Self.describedValue(rules, span, in: buffer) == Array(expected.utf8))
            }
        }
    }
}
