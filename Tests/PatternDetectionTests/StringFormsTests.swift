import PatternDetection
import Testing

/// The `String` forms of the calls that read a span's text (value, image, reports) answer what
/// their byte-buffer forms answer for the string's UTF-8.
@Suite("String forms of the span readers")
struct StringFormsTests {
    static let text = "gm @alice.bsky.social @bob@example.social see example.com/x https://x.org/a #swift $AAPL :blobcat: :nope: café 😀"

    static func ruleSets() throws -> [any RuleSet] {
        let catalog = try EmojiCatalogTests.catalog()
        return [
            BlueskyRules.shared, TwitterRules.shared, MastodonRules.shared, MastodonRules(emojiCatalog: catalog), IcyskyRules.shared,
            try CustomRuleSet(patterns: [CustomPattern(name: "ticket", expression: #"\b[A-Z]+-\d+\b"#)], over: BlueskyRules.shared),
        ]
    }

    @Test func valuesImagesAndReportsMatchTheByteForms() throws {
        var bytes = Self.text
        for rules in try Self.ruleSets() {
            let spans = PatternDetector(rules: rules).spans(in: Self.text)
            #expect(!spans.isEmpty, "\(rules.name)")
            bytes.withUTF8 { buffer in
                for span in spans {
                    #expect(rules.value(of: span, in: Self.text) == rules.value(of: span, in: buffer))
                    #expect(PatternDetector(rules: rules).value(of: span, in: Self.text) == rules.value(of: span, in: buffer))
                    if let images = rules as? any SpanImageProviding {
                        #expect(images.imageURL(of: span, in: Self.text) == images.imageURL(of: span, in: buffer))
                    }
                }
                #expect(SpanReport.reports(for: spans, in: Self.text, rules: rules) == SpanReport.reports(for: spans, in: buffer, rules: rules))
            }
        }
        // The catalog's emoji has an image through the String form, as the README's Mastodon example says.
        let mastodon = MastodonRules(emojiCatalog: try EmojiCatalogTests.catalog())
        let emoji = try #require(PatternDetector(rules: mastodon).spans(in: Self.text).first { $0.kind == .emoji })
        #expect(mastodon.imageURL(of: emoji, in: Self.text) != nil)
    }
}
