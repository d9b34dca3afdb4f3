import ComposerPosts
import PatternDetection
import Testing

/// Carets that are not positions of the text are errors, distinct from "no token there".
@Suite("CaretToken: caret offsets")
struct CaretTokenOffsetTests {
    let rules = BlueskyRules.shared

    @Test func pastTheEndAndNegative() {
        #expect(throws: CaretError.outOfRange(offset: 4, unit: .utf8, length: 3)) {
            try CaretToken.at(utf8Offset: 4, in: "@al", rules: rules)
        }
        #expect(throws: CaretError.outOfRange(offset: -1, unit: .utf8, length: 3)) {
            try CaretToken.at(utf8Offset: -1, in: "@al", rules: rules)
        }
        // "🦋" is 4 UTF-8 bytes, 2 UTF-16 units: offset 3 is past the end in UTF-16 only.
        #expect(throws: CaretError.outOfRange(offset: 3, unit: .utf16, length: 2)) {
            try CaretToken.at(utf16Offset: 3, in: "🦋", rules: rules)
        }
        #expect(throws: CaretError.outOfRange(offset: 5, unit: .utf8, length: 4)) {
            try CaretToken.at(CaretPosition(utf8: 5, utf16: 2), in: Array("🦋".utf8), rules: rules) { _ in [] }
        }
    }

    @Test func insideAScalar() {
        #expect(throws: CaretError.insideScalar(offset: 2, unit: .utf8)) {
            try CaretToken.at(utf8Offset: 2, in: "@é", rules: rules)
        }
        #expect(throws: CaretError.insideScalar(offset: 1, unit: .utf16)) {
            try CaretToken.at(utf16Offset: 1, in: "🦋@a", rules: rules)
        }
        #expect(throws: CaretError.insideScalar(offset: 1, unit: .utf8)) {
            try CaretToken.at(CaretPosition(utf8: 1, utf16: 1), in: Array("é".utf8), rules: rules) { _ in [] }
        }
    }

    @Test func boundariesAreValid() throws {
        // Every scalar boundary, in both units, is a caret (the end included); a boundary inside a
        // grapheme (before a combining mark) too.
        let text = "e\u{301}🦋 @al"
        for utf8 in [0, 1, 3, 7, 8, 9, 10, 11] {
            _ = try CaretToken.at(utf8Offset: utf8, in: text, rules: rules)
        }
        for utf16 in [0, 1, 2, 4, 5, 6, 7, 8] {
            _ = try CaretToken.at(utf16Offset: utf16, in: text, rules: rules)
        }
        #expect(try CaretToken.at(utf16Offset: 8, in: text, rules: rules)?.utf16Range == 5..<8)
        #expect(try CaretToken.at(utf8Offset: 11, in: text, rules: rules)?.utf8Range == 8..<11)
    }

    @Test func unitsThatDisagreeThrow() {
        // A caret built with the memberwise initializer (a server decoding a client's JSON) whose
        // UTF-16 offset is not the position at its UTF-8 offset: an error, never a trap or a
        // token with a wrong (negative) UTF-16 range.
        let text = "hi @al 😀 é"
        #expect(throws: CaretError.unitsDisagree(utf8: 6, utf16: 999)) {
            try CaretToken.at(CaretPosition(utf8: 6, utf16: 999), in: text, rules: rules)
        }
        #expect(throws: CaretError.unitsDisagree(utf8: 6, utf16: -1)) {
            try CaretToken.at(CaretPosition(utf8: 6, utf16: -1), in: "hi @al", rules: rules)
        }
        #expect(throws: CaretError.unitsDisagree(utf8: 11, utf16: 0)) {
            try CaretToken.at(CaretPosition(utf8: 11, utf16: 0), in: "hi 😀 @al", rules: rules)
        }
        // Within the bounds any text could have (a third of the bytes up to all of them): off by one.
        #expect(throws: CaretError.unitsDisagree(utf8: 11, utf16: 8)) {
            try CaretToken.at(CaretPosition(utf8: 11, utf16: 8), in: "hi 😀 @al", rules: rules, spans: [])
        }
        #expect(throws: CaretError.unitsDisagree(utf8: 5, utf16: 4)) {
            try CaretToken.at(CaretPosition(utf8: 5, utf16: 4), in: "a @bc", rules: rules)
        }
        // The UTF-8 offset is checked first.
        #expect(throws: CaretError.outOfRange(offset: 99, unit: .utf8, length: 6)) {
            try CaretToken.at(CaretPosition(utf8: 99, utf16: -1), in: "hi @al", rules: rules)
        }
        // The right pair still answers.
        #expect((try? CaretToken.at(CaretPosition(utf8: 11, utf16: 9), in: "hi 😀 @al", rules: rules))??.utf16Range == 6..<9)
    }

    @Test func unitsOutsideAnyTextsBoundsThrowForEverySource() {
        // Sources other than `String` check the UTF-16 offset against what any text allows there.
        let bytes = Array("hi @al".utf8)
        for utf16 in [-1, 1, 7] {
            #expect(throws: CaretError.unitsDisagree(utf8: 6, utf16: utf16)) {
                try CaretToken.at(CaretPosition(utf8: 6, utf16: utf16), in: bytes, rules: rules) { _ in [] }
            }
        }
    }

    @Test func errorsDescribeTheOffset() {
        #expect(CaretError.insideScalar(offset: 1, unit: .utf16).description.contains("utf16 offset 1"))
        #expect(CaretError.outOfRange(offset: 9, unit: .utf8, length: 3).description.contains("0...3"))
        #expect(CaretError.unitsDisagree(utf8: 6, utf16: 2).description.contains("utf16 offset 2"))
    }
}
