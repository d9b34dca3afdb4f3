import ComposerText
import Foundation
import PatternDetection
import Testing

/// Emoji spans in the composer: each carries its catalog image, which follows every edit, and the
/// size constraint styles them.
@Suite("Composer emoji images")
struct EmojiImageTests {
    static let rules = MastodonRules(emojiCatalog: EmojiCatalog([
        .init(shortcode: "blobcat", url: "https://files.example/blobcat.png"),
        .init(shortcode: "ok", url: "https://files.example/ok.png"),
    ]))

    static func images(_ text: AttributedString) -> [String: String] {
        var found: [String: String] = [:]
        for (image, range) in text.runs[\.emojiImage] {
            if let image { found[String(text.characters[range]), default: ""] += image }
        }
        return found
    }

    @Test("images follow typing, in both strategies", arguments: ComposerHighlighter.Strategy.allCases)
    func imagesFollowEdits(_ strategy: ComposerHighlighter.Strategy) throws {
        var composer = ComposerHighlighter(text: "hi :blobcat: ", rules: Self.rules, strategy: strategy)
        #expect(Self.images(composer.text) == [":blobcat:": "https://files.example/blobcat.png"])
        for character in ":ok:" { _ = composer.replace(utf8Range: composer.selectedUTF8Range, with: String(character)) }
        #expect(Self.images(composer.text) == [":blobcat:": "https://files.example/blobcat.png", ":ok:": "https://files.example/ok.png"])
        // Typing a letter right after `:ok:` makes it no shortcode: its image goes.
        _ = composer.replace(utf8Range: composer.selectedUTF8Range, with: "x")
        #expect(Self.images(composer.text) == [":blobcat:": "https://files.example/blobcat.png"])
        // Editing inside the shortcode to an unknown one: no image.
        let end = composer.text.characters.count
        _ = composer.replace(utf8Range: 4..<11, with: "unknown")
        #expect(Self.images(composer.text).isEmpty, "\(end)")
        #expect(composer.text.taggedSpans().contains { $0.kind == .emoji } == false)
    }

    @Test func withoutACatalogNoImages() {
        let composer = ComposerHighlighter(text: "hi :blobcat:", rules: MastodonRules.shared)
        #expect(composer.text.taggedSpans().map(\.kind) == [.emoji])
        #expect(Self.images(composer.text).isEmpty)
    }

    @Test func theSizeConstraintSizesEmojiOnly() {
        let definition = FormattingDefinition(FormattingDefinition.standard.constraints + [EmojiSizeConstraint(points: 24)])
        let composer = ComposerHighlighter(text: ":ok: #tag", rules: Self.rules, definition: definition)
        let sizes = composer.text.runs[\.emojiSize].map { ($0.0, String(composer.text.characters[$0.1])) }
        #expect(sizes.first { $0.0 != nil }?.1 == ":ok:")
        #expect(sizes.filter { $0.0 != nil }.count == 1)
        #expect(sizes.first { $0.0 != nil }?.0 == 24)
        #expect(composer.text.runs.first { $0.textPattern == .emoji }?.foregroundColor == .orange)
    }
}
