import Foundation
import Testing
import PatternDetection
@testable import ComposerText

/// How the TextPattern attribute behaves under edits, before any rescan runs.
@Suite("TextPattern attribute")
struct AttributeBehaviourTests {
    func tagged(_ string: String, _ kind: PatternKind, utf8 range: Range<Int>) -> AttributedString {
        var text = AttributedString(string)
        text[text.utf8Range(range)].textPattern = kind
        return text
    }

    @Test func typingRightAfterATagDoesNotExtendIt() {
        var text = tagged("hi @bob", .mention, utf8: 3..<7)
        text.append(AttributedString("x"))
        // Insert through the editor path too: at the end index, with the run's typing attributes.
        let end = text.endIndex
        text.insert(AttributedString("y", attributes: text.runs[text.index(beforeCharacter: end)].attributes), at: end)
        #expect(text.tagRanges() == [3..<7])
    }

    @Test func typingInsideATagRemovesItFromTheWholeRun() {
        var text = tagged("hi @bob ok", .mention, utf8: 3..<7)
        let inside = text.utf8Index(5)
        text.insert(AttributedString("Z"), at: inside)
        #expect(String(text.characters[...]) == "hi @bZob ok")
        #expect(text.tagRanges().isEmpty)
    }

    @Test func replacingACharacterInsideATagRemovesIt() {
        var text = tagged("#swift rocks", .hashtag, utf8: 0..<6)
        text.replaceSubrange(text.utf8Range(2..<3), with: AttributedString("W"))
        #expect(text.tagRanges().isEmpty)
    }

    @Test func editsOutsideTheTagKeepIt() {
        var text = tagged("a #tag b", .hashtag, utf8: 2..<6)
        text.insert(AttributedString("zz"), at: text.utf8Index(0))
        text.replaceSubrange(text.utf8Range(9..<10), with: AttributedString("c"))
        #expect(String(text.characters[...]) == "zza #tag c")
        #expect(text.tagRanges() == [4..<8])
    }

    @Test func pastingTaggedTextKeepsItsTags() {
        var text = AttributedString("see ")
        text.append(tagged("@ann.test", .mention, utf8: 0..<9))
        #expect(text.tagRanges() == [4..<13])
        #expect(text.runs[text.utf8Index(4)].textPattern == .mention)
    }

    @Test func dynamicMemberLookupReadsTheComposerScope() {
        var container = AttributeContainer()
        container.textPattern = .url
        container.foregroundColor = .blue
        container.underlineStyle = .single
        #expect(container[TextPatternAttribute.self] == .url)
        #expect(container[ForegroundColorAttribute.self] == .blue)
    }
}

extension AttributedString {
    /// UTF-8 ranges that carry a TextPattern tag (adjacent runs of the same kind merged).
    func tagRanges() -> [Range<Int>] {
        runs[\.textPattern].compactMap { kind, range in
            kind == nil ? nil : utf8Offset(range.lowerBound)..<utf8Offset(range.upperBound)
        }
    }
}
