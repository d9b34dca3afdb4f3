import Foundation
import Testing
import PatternDetection
@testable import ComposerText

@Suite("Composer highlighter and renderers")
struct HighlighterAndRendererTests {
    @Test func composerTypesAndTags() throws {
        var composer = ComposerHighlighter(text: "gm ", rules: BlueskyRules.shared)
        for character in "@alice.bsky.social #swift" {
            let caret = composer.selectedUTF8Range.upperBound
            composer.replace(utf8Range: caret..<caret, with: String(character))
        }
        #expect(composer.text.taggedSpans() == [
            Span(kind: .mention, utf8Range: 3..<21), Span(kind: .hashtag, utf8Range: 22..<28),
        ])
        #expect(composer.selectedUTF8Range == 28..<28)
        #expect(composer.text.runs[composer.text.utf8Index(3)].foregroundColor == .indigo)
        // Editing inside the mention retags it.
        composer.replace(utf8Range: 8..<8, with: "x")
        #expect(composer.text.taggedSpans().first == Span(kind: .mention, utf8Range: 3..<22))
        #expect(composer.selectedUTF8Range == 9..<9)
    }

    @Test func bothStrategiesAgreeOnStaticText() throws {
        let post = "see https://swift.org and @bob.test #Swift $AAPL"
        let full = ComposerHighlighter(text: post, rules: BlueskyRules.shared, strategy: .fullRebuild).text
        let localized = ComposerHighlighter(text: post, rules: BlueskyRules.shared, strategy: .localized).text
        #expect(full.taggedSpans() == localized.taggedSpans())
        #expect(full.taggedSpans().count == 4)
        #expect(ComposerHighlighter.highlight(post, rules: BlueskyRules.shared).taggedSpans() == full.taggedSpans())
    }

    @Test func ansiRendererStripsBackToTheText() throws {
        let post = "hi @bob.test 😀 https://x.com/a"
        let styled = ComposerHighlighter.highlight(post, rules: BlueskyRules.shared)
        let trueColor = AttributedStringRenderer.ansi(styled, depth: .trueColor)
        #expect(trueColor.contains("\u{1B}[38;2;88;86;214m@bob.test\u{1B}[0m"))
        #expect(trueColor.contains("\u{1B}[4;38;2;0;122;255mhttps://x.com/a\u{1B}[0m"))
        let stripped = trueColor.replacing(/\x{1B}\[[0-9;]*m/, with: "")
        #expect(stripped == post)
        #expect(AttributedStringRenderer.ansi(styled, depth: .none) == post)
    }

    @Test func htmlRendererEscapesAndLinksOnlyHTTP() throws {
        var text = AttributedString("<b>x</b> \"q\" & 'a' ")
        text.append(AttributedString("example.com/?a=<x>&b=\"", attributes: AttributeContainer().textPattern(.url)))
        text.append(AttributedString(" "))
        text.append(AttributedString("javascript:alert(1)", attributes: AttributeContainer().textPattern(.url)))
        text.append(AttributedString(" "))
        text.append(AttributedString("#t<a>g", attributes: AttributeContainer().textPattern(.hashtag)))
        let html = AttributedStringRenderer.html(text)
        #expect(html.hasPrefix("&lt;b&gt;x&lt;/b&gt; &quot;q&quot; &amp; &#39;a&#39; "))
        #expect(html.contains("<a class=\"url\" href=\"https://example.com/?a=&lt;x&gt;&amp;b=&quot;\">example.com/?a=&lt;x&gt;&amp;b=&quot;</a>"))
        #expect(html.contains("<span class=\"url\">javascript:alert(1)</span>"))
        #expect(html.contains("<span class=\"hashtag\">#t&lt;a&gt;g</span>"))
        #expect(!html.contains("<x>"))
    }

    @Test func htmlShowsBold() {
        var text = AttributedString("bold")
        text.emphasis = .stronglyEmphasized
        #expect(AttributedStringRenderer.html(text) == "<strong>bold</strong>")
    }
}

