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
        // Bluesky's value of a link typed without a scheme is https:// + the text.
        let html = AttributedStringRenderer.html(text, rules: BlueskyRules.shared)
        #expect(html.hasPrefix("&lt;b&gt;x&lt;/b&gt; &quot;q&quot; &amp; &#39;a&#39; "))
        #expect(html.contains("<a class=\"url\" href=\"https://example.com/?a=&lt;x&gt;&amp;b=&quot;\">example.com/?a=&lt;x&gt;&amp;b=&quot;</a>"))
        #expect(html.contains("<span class=\"hashtag\">#t&lt;a&gt;g</span>"))
        #expect(!html.contains("<x>"))
        // Icysky's value is the text itself: a javascript: URI is never a link.
        let icysky = AttributedStringRenderer.html(text, rules: IcyskyRules.shared)
        #expect(icysky.contains("<span class=\"url\">javascript:alert(1)</span>"))
        #expect(icysky.contains("<span class=\"url\">example.com/?a=&lt;x&gt;&amp;b=&quot;</span>"))
    }

    @Test func htmlShowsBold() {
        var text = AttributedString("bold")
        text.emphasis = .stronglyEmphasized
        #expect(AttributedStringRenderer.html(text, rules: BlueskyRules.shared) == "<strong>bold</strong>")
        // A link half in bold: one element on each side, both with the whole link's URI.
        var link = ComposerHighlighter.highlight("see example.com/abc", rules: BlueskyRules.shared)
        link[link.utf8Range(0..<8)].emphasis = .stronglyEmphasized
        #expect(AttributedStringRenderer.html(link, rules: BlueskyRules.shared)
            == #"<strong>see <a class="url" href="https://example.com/abc">exam</a></strong><a class="url" href="https://example.com/abc">ple.com/abc</a>"#)
    }

    @Test("The AttributedString renderers write what the byte encoders write for the same spans", arguments: ["bluesky", "twitter", "icysky"])
    func renderersAgreeWithTheByteEncoders(rulesName: String) throws {
        let rules = try #require(BuiltInRules(rawValue: rulesName)).ruleSet()
        let posts = [
            "gm @alice.bsky.social! new: example.com/composer. #swift $AAPL",
            "twitter links example.com and https://t.co/abc123 @jack #日本語 $BRK.B",
            "<script>alert(1)</script> & \"quotes\" https://x.com/?a=<b>&c=d 😀 #🦋 (@bob.test)",
            "icysky #tag#tag2 @a.b mail@x.com https://www.swift.org/ end",
        ]
        for post in posts {
            let styled = ComposerHighlighter.highlight(post, rules: rules)
            // What the CLI writes for the same text: the rule set's spans, touching spans of one
            // kind being one attribute run in the string.
            let spans = Span.mergingTouching(PatternDetector(rules: rules).spans(in: post))
            let bytes = Array(post.utf8)
            var html: [UInt8] = [], ansi: [UInt8] = []
            bytes.withUnsafeBufferPointer { buffer in
                HTMLEncoder().encode(buffer, spans: spans, value: { rules.value(of: $0, in: buffer) }, into: &html)
                ANSIEncoder(depth: .trueColor).encode(buffer, spans: spans, into: &ansi)
            }
            #expect(AttributedStringRenderer.html(styled, rules: rules) == String(decoding: html, as: UTF8.self), "\(rulesName) \(post)")
            #expect(AttributedStringRenderer.ansi(styled, depth: .trueColor) == String(decoding: ansi, as: UTF8.self), "\(rulesName) \(post)")
        }
    }
}

