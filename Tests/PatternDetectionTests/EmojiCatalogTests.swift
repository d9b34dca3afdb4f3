import Foundation
import PatternDetection
import Testing

/// An instance's custom emoji list: reading it, detection with it, and suggestions.
@Suite("Emoji catalog")
struct EmojiCatalogTests {
    static let document = """
        [{"shortcode":"blobcat","url":"https://files.example/blobcat.png","static_url":"https://files.example/blobcat-s.png","visible_in_picker":true,"category":"blobs"},
         {"shortcode":"BlobCatHeart","url":"https://files.example/heart.png","static_url":"https://files.example/heart-s.png","visible_in_picker":true},
         {"shortcode":"cat_blob","url":"https://files.example/cb.png","visible_in_picker":true},
         {"shortcode":"blobhidden","url":"https://files.example/h.png","visible_in_picker":false},
         {"shortcode":"ok","url":"https://files.example/ok.png","extra":1}]
        """

    static func catalog() throws -> EmojiCatalog { try EmojiCatalog(json: Array(document.utf8)) }

    @Test func readsTheInstanceDocument() throws {
        let catalog = try Self.catalog()
        #expect(catalog.emoji.count == 5)
        #expect(catalog.url(forShortcode: "blobcat") == "https://files.example/blobcat.png")
        #expect(catalog.emoji(forShortcode: "blobcat")?.staticURL == "https://files.example/blobcat-s.png")
        #expect(catalog.emoji(forShortcode: "blobcat")?.category == "blobs")
        #expect(catalog.emoji(forShortcode: "ok")?.visibleInPicker == true, "visible_in_picker defaults to true")
        #expect(catalog.url(forShortcode: "Blobcat") == nil, "shortcodes are matched exactly")
        // The body as URLSession hands it over.
        #expect(try EmojiCatalog(json: Data(Self.document.utf8)) == catalog)
    }

    @Test("a document that is no emoji list is refused with the reason", arguments: [
        ("{}", "not a custom emoji list"), ("[{\"url\":\"x\"}]", "[0]: missing \"shortcode\""), ("[1]", "[0]"), ("nope", "not a custom emoji list"),
        ("[{\"shortcode\":\"a\",\"url\":\"x\",\"visible_in_picker\":\"yes\"}]", "visible_in_picker"),
    ])
    func refusesOtherDocuments(_ document: String, _ reason: String) {
        #expect {
            _ = try EmojiCatalog(json: Array(document.utf8))
        } throws: { error in
            "\(error)".contains(reason) && "\(error)".hasPrefix("not a custom emoji list")
        }
    }

    /// A list from a server is untrusted: an entry whose shortcode no status can hold is skipped,
    /// never found, never suggested, and the other entries are kept in order.
    @Test func entriesWhoseShortcodeCannotBeWrittenAreSkipped() throws {
        let junk = ["", "a", "a b", "::", "a\u{0}b", "x:y", "日本", "blob-cat", "é_é", "ok\n", ":ok:"]
        let entries = junk.map { EmojiCatalog.Emoji(shortcode: $0, url: "https://x/junk.png") }
        let good = [EmojiCatalog.Emoji(shortcode: "ok", url: "https://x/ok.png"), .init(shortcode: "a_1", url: "https://x/a1.png")]
        let catalog = EmojiCatalog(Array(entries[..<5]) + [good[0]] + Array(entries[5...]) + [good[1]])
        #expect(catalog.emoji == good)
        #expect(catalog.suggestions(for: "").map(\.shortcode) == ["ok", "a_1"])
        for shortcode in junk {
            #expect(!EmojiCatalog.isShortcode(shortcode), "\(shortcode.debugDescription)")
            #expect(catalog.emoji(forShortcode: shortcode) == nil, "\(shortcode.debugDescription)")
        }
        #expect(["ok", "A_9", "__", "blobcat"].allSatisfy(EmojiCatalog.isShortcode))
        // The same from a document: the skipped entries lose nothing else.
        let document = #"""
            [{"shortcode":"","url":"u"},{"shortcode":"a b","url":"u"},{"shortcode":"::","url":"u"},
             {"shortcode":"a\u0000b","url":"u"},{"shortcode":"x:y","url":"u"},{"shortcode":"日本","url":"u"},
             {"shortcode":"ok","url":"ok.png"},{"shortcode":"ok","url":"again.png"},{"shortcode":"a","url":"u"}]
            """#
        let read = try EmojiCatalog(json: Array(document.utf8))
        #expect(read.emoji.map(\.url) == ["ok.png", "again.png"] && read.url(forShortcode: "ok") == "ok.png")
        let spans = try mastodonSpans(":ok: :a b: :x:y: ::", rules: MastodonRules(emojiCatalog: catalog)).map(\.text)
        #expect(spans == [":ok:"])
    }

    @Test func onlyTheCatalogsShortcodesAreEmojiSpans() throws {
        let rules = MastodonRules(emojiCatalog: try Self.catalog())
        let text = ":blobcat: :unknown: :ok: :BlobCatHeart: :blobcat:x"
        let found = try mastodonSpans(text, rules: rules).map(\.text)
        #expect(found == [":blobcat:", ":ok:", ":BlobCatHeart:"])
        #expect(try mastodonSpans(text).map(\.text) == [":blobcat:", ":unknown:", ":ok:", ":BlobCatHeart:"])
    }

    @Test func suggestionsRankPrefixesFirstThenContainingInCatalogOrder() throws {
        let catalog = try Self.catalog()
        #expect(catalog.suggestions(for: "blob").map(\.shortcode) == ["blobcat", "BlobCatHeart", "cat_blob"])
        #expect(catalog.suggestions(for: "CAT").map(\.shortcode) == ["cat_blob", "blobcat", "BlobCatHeart"])
        #expect(catalog.suggestions(for: "blob", limit: 1).map(\.shortcode) == ["blobcat"])
        #expect(catalog.suggestions(for: "hidden").isEmpty, "only emoji visible in the picker")
        #expect(catalog.suggestions(for: "").map(\.shortcode) == ["blobcat", "BlobCatHeart", "cat_blob", "ok"])
    }

    @Test func tenThousandEmojiAtMostTenSuggestions() {
        let catalog = EmojiCatalog((0..<10_000).map { EmojiCatalog.Emoji(shortcode: "emoji\($0)", url: "https://x/\($0).png") })
        let suggestions = catalog.suggestions(for: "oji99")
        #expect(suggestions.count == 10)
        #expect(suggestions.first?.shortcode == "emoji99")
        #expect(catalog.suggestions(for: "emoji1").prefix(2).map(\.shortcode) == ["emoji1", "emoji10"])
    }
}
