import Testing

@testable import PatternDetection

/// Mastodon's extractors read in batches: resumed after every one, two or three entities they find
/// what one uninterrupted scan finds, with and without an emoji catalog, and the length count's
/// links and mentions are the two lists overlap-removed as the extractor does it.
@Suite("Mastodon entity merge")
struct MastodonMergeTests {
    static func texts() -> [[UInt8]] {
        var random = SplitMix64(seed: 43)
        var texts = HostileCorpus.Shape.allCases.map { $0.bytes(count: 2500) }
        texts.append(PostCorpus.posts(byteCount: 6000, seed: 10))
        texts.append(Array(":ok: #tag @a@b.c (@x.co(@y.co https://a.co/b:c: xmpp:a@b.c magnet:?a=b :no: e.com\\x".utf8))
        texts += (0..<8).map { _ in PostCorpus.randomBytes(count: 800, using: &random) }
        return texts.map { Array(String(decoding: $0, as: UTF8.self).utf8) }
    }

    @Test func batchesGiveWhatOneScanGives() throws {
        let catalog = EmojiCatalog([EmojiCatalog.Emoji(shortcode: "ok", url: "https://e.test/ok.png")])
        var random = SplitMix64(seed: 44)
        for rules in [MastodonRules.shared, MastodonRules(emojiCatalog: catalog)] {
            for bytes in Self.texts() {
                bytes.withUnsafeBufferPointer { text in
                    let starts = [0] + (text.isEmpty ? [] : (0..<2).map { _ in
                        text.scalarStart(before: 1 + Int(random.next() % UInt64(text.count)))
                    })
                    for start in starts {
                        var whole: [Span] = []
                        rules.forEachSpan(in: text, startingIn: start..<text.count, batchCount: .max) { whole.append($0) }
                        for batchCount in 1...3 {
                            var batched: [Span] = []
                            rules.forEachSpan(in: text, startingIn: start..<text.count, batchCount: batchCount) { batched.append($0) }
                            let equal = batched == whole  // outside #expect: long lists describe slowly
                            #expect(equal, "catalog \(rules.emojiCatalog != nil), batches of \(batchCount) from \(start) of \(text.count) bytes")
                        }
                    }
                }
            }
        }
    }

    /// The counted spans against the two lists merged literally: by start (a link first on a tie),
    /// each that starts before the previous kept one ends dropped.
    @Test func countedSpansAreLinksAndMentionsWithoutOverlaps() {
        let rules = MastodonRules.shared
        for bytes in Self.texts() {
            bytes.withUnsafeBufferPointer { text in
                var scanner = MastodonURLScanner(text: text, tlds: rules.tlds)
                let links = scanner.links(from: 0, before: text.count).map { Span(kind: .url, utf8Range: $0.range) }
                let mentions = rules.mentions(in: text, scan: 0..<text.count)
                let all = (links.map { ($0, 0) } + mentions.map { ($0, 1) }).sorted {
                    ($0.0.utf8Range.lowerBound, $0.1) < ($1.0.utf8Range.lowerBound, $1.1)
                }
                var expected: [Span] = []
                var cursor = 0
                for (span, _) in all where span.utf8Range.lowerBound >= cursor {
                    expected.append(span)
                    cursor = span.utf8Range.upperBound
                }
                let counted = rules.countedSpans(in: text)
                let equal = counted == expected
                #expect(equal, "\(text.count) bytes")
            }
        }
    }
}
