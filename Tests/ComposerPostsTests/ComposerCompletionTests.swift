import Foundation
import Testing
import ComposerPosts
import PatternDetection
@testable import ComposerText

/// The composer's token at the caret is the one `CaretToken` finds on the plain text, with both
/// strategies; accepting a suggestion is one edit through the strategy.
@Suite("Composer completion")
struct ComposerCompletionTests {
    static let posts = [
        "gm @al", "hi @alice.bsky.social and #swi", "(@bob.test) $AAP", "see https://x.com/@a ok #tag",
        "😀 @ж #🦋 @", "foo@bar.com a#b", "RT:@jack_ #日本語 $BRK.B", "@alice.test's #Cleveland's",
    ]

    @Test(arguments: ["bluesky", "twitter", "icysky"], ComposerHighlighter.Strategy.allCases)
    func tokenAtEveryCaretMatchesThePlainTextToken(rulesName: String, strategy: ComposerHighlighter.Strategy) throws {
        let rules = try #require(BuiltInRules(rawValue: rulesName)).ruleSet()
        var tokens = 0
        for post in Self.posts {
            var composer = ComposerHighlighter(text: post, rules: rules, strategy: strategy)
            for caret in 0...post.utf8.count where post.utf8.index(post.utf8.startIndex, offsetBy: caret).samePosition(in: post.unicodeScalars) != nil {
                composer.select(utf8Range: caret..<caret)
                let expected = try CaretToken.at(utf8Offset: caret, in: post, rules: rules)
                #expect(composer.tokenAtCaret() == expected, "\(rulesName) \(post.debugDescription) caret \(caret)")
                if expected != nil { tokens += 1 }
            }
            let selected = composer.select(utf8Range: 0..<UTF8.width(post.unicodeScalars.first!))
            #expect(selected)
            #expect(composer.tokenAtCaret() == nil, "no token for a range selection")
        }
        #expect(tokens > 20)
    }

    @Test(arguments: ComposerHighlighter.Strategy.allCases)
    func acceptingReplacesTheTokenThroughTheStrategy(strategy: ComposerHighlighter.Strategy) throws {
        var composer = ComposerHighlighter(text: "intro text. hi @al and more", rules: BlueskyRules.shared, strategy: strategy)
        let selected = composer.select(utf8Range: 18..<18)  // after "@al"
        #expect(selected)
        let token = try #require(composer.tokenAtCaret())
        #expect(token == CaretToken(kind: .mention, query: "al", utf8Range: 15..<18, utf16Range: 15..<18))
        // The caret stays at the end of the completed mention, which is still the token there.
        let accepted = composer.accept("@alice.bsky.social")
        let change = try #require(accepted)
        #expect(change.replacedUTF8Range == 15..<18 && change.insertedUTF8Range == 15..<33)
        #expect(composer.tokenAtCaret() == CaretToken(kind: .mention, query: "alice.bsky.social", utf8Range: 15..<33, utf16Range: 15..<33))
        #expect(String(composer.text.characters[...]) == "intro text. hi @alice.bsky.social and more")
        #expect(composer.selectedUTF8Range == 33..<33)
        #expect(composer.text.taggedSpans() == [Span(kind: .mention, utf8Range: 15..<33)])
        if let localized = composer.strategy as? LocalizedTransform {
            // One edit: only the words around it were rescanned.
            #expect(try #require(localized.lastChange).statistics.bytesRescanned < 40)
        }
        // Nothing to accept without a token.
        let selectedStart = composer.select(utf8Range: 0..<0)
        #expect(selectedStart)
        #expect(composer.accept("@x.test") == nil)
        #expect(String(composer.text.characters[...]) == "intro text. hi @alice.bsky.social and more")
    }
}
