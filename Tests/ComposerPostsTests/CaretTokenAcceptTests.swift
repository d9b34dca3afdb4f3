import ComposerPosts
import PatternDetection
import Testing

/// Accepting a completion replaces the whole token and puts the caret after the completion.
@Suite("CaretToken: accepting a completion")
struct CaretTokenAcceptTests {
    @Test func mentionInTheMiddleOfAPost() throws {
        let text = "hi 🦋 @alice there"
        let caret = "hi 🦋 @al".utf8.count
        let found = try CaretToken.at(utf8Offset: caret, in: text, rules: BlueskyRules.shared)
        let token = try #require(found)
        #expect(token.query == "al")
        let accepted = CaretToken.accept("@alice.bsky.social ", for: token, in: text)
        #expect(accepted.text == "hi 🦋 @alice.bsky.social  there")
        #expect(
            accepted.caret
                == CaretPosition(
                    utf8: "hi 🦋 @alice.bsky.social ".utf8.count, utf16: "hi 🦋 @alice.bsky.social ".utf16.count))
        #expect(accepted.edit == TextEdit(start: 8, oldEnd: 14, newEnd: 27))
        let spans = PatternDetector(rules: BlueskyRules.shared).spans(in: accepted.text)
        #expect(spans == [Span(kind: .mention, utf8Range: 8..<26)])
    }

    @Test func tokenBeforeACombiningMarkKeepsTheMark() throws {
        // The token ends inside a grapheme (`b` + U+0301): the mark is not part of it and stays.
        let text = "@ab\u{301}"
        let found = try CaretToken.at(utf8Offset: 2, in: text, rules: BlueskyRules.shared)
        let token = try #require(found)
        #expect(token.utf8Range == 0..<3)
        let accepted = CaretToken.accept("@bob.test", for: token, in: text)
        #expect(Array(accepted.text.unicodeScalars) == Array("@bob.test\u{301}".unicodeScalars))
        #expect(accepted.caret == CaretPosition(utf8: 9, utf16: 9))
    }

    @Test func emptyQueryAndFullWidthTrigger() throws {
        let text = "見て ＃"
        let found = try CaretToken.at(utf16Offset: 4, in: text, rules: BlueskyRules.shared)
        let token = try #require(found)
        #expect(token.kind == .hashtag && token.query == "" && token.utf16Range == 3..<4)
        let accepted = CaretToken.accept("＃タグ ", for: token, in: text)
        #expect(accepted.text == "見て ＃タグ ")
        #expect(accepted.caret == CaretPosition(utf8: 7 + 9 + 1, utf16: 3 + 3 + 1))
    }

    @Test func verifyChecksARebuiltToken() throws {
        // A backend rebuilding a token from a request checks it before accepting: a range past
        // the end, inside a scalar or with UTF-16 bounds of other positions throws instead of
        // stopping the program in `accept`.
        let text = "hi @al"
        #expect(throws: CaretError.outOfRange(offset: 500, unit: .utf8, length: 6)) {
            try CaretToken(kind: .mention, query: "x", utf8Range: 3..<500, utf16Range: 3..<500).verify(in: text)
        }
        #expect(throws: CaretError.outOfRange(offset: -1, unit: .utf8, length: 6)) {
            try CaretToken(kind: .mention, query: "x", utf8Range: -1..<2, utf16Range: -1..<2).verify(in: text)
        }
        #expect(throws: CaretError.insideScalar(offset: 1, unit: .utf8)) {
            try CaretToken(kind: .mention, query: "x", utf8Range: 1..<2, utf16Range: 1..<2).verify(in: "😀")
        }
        #expect(throws: CaretError.unitsDisagree(utf8: 4, utf16: 4)) {
            try CaretToken(kind: .mention, query: "", utf8Range: 0..<4, utf16Range: 0..<4).verify(in: "😀")
        }
        #expect(throws: CaretError.unitsDisagree(utf8: 8, utf16: 7)) {
            try CaretToken(kind: .mention, query: "al", utf8Range: 8..<11, utf16Range: 7..<10).verify(in: "hi 😀 @al")
        }
        // A token found in the text passes, and so does the same token rebuilt field by field.
        let found = try #require(try CaretToken.at(utf8Offset: 11, in: "hi 😀 @al", rules: BlueskyRules.shared))
        try found.verify(in: "hi 😀 @al")
        try CaretToken(kind: found.kind, query: found.query, utf8Range: found.utf8Range, utf16Range: found.utf16Range)
            .verify(in: "hi 😀 @al")
    }
}
