import Testing
@testable import PatternDetection

@Suite("Incremental: SpanDocument")
struct IncrementalDocumentTests {
    @Test func theDocumentedExample() throws {
        let document = try SpanDocument(text: "hi @al", rules: IcyskyRules.shared)
        let change = try document.replace(utf8Range: 6..<6, with: "ice")
        #expect(document.text == "hi @alice")
        #expect(change.removed == [Span(kind: .mention, utf8Range: 3..<6)])
        #expect(change.added == [Span(kind: .mention, utf8Range: 3..<9)])
        #expect(change.rescannedUTF8Range == 3..<9)
        #expect(change.removedUTF8RangesInNewText == [3..<9])
    }

    @Test func anUntouchedSpanInTheWindowIsNotReported() throws {
        // `#a` lies in the window (same word) but the edit does not touch its bytes.
        let document = try SpanDocument(text: "#a#b", rules: IcyskyRules.shared)
        let change = try document.replace(utf8Range: 4..<4, with: "c")
        #expect(document.spans.map(\.utf8Range) == [0..<2, 2..<5])
        #expect(change.statistics.spansDropped == 2)
        #expect(change.removed == [Span(kind: .hashtag, utf8Range: 2..<4)])
        #expect(change.added == [Span(kind: .hashtag, utf8Range: 2..<5)])
    }

    @Test func aSpanWhoseBytesChangedIsReportedEvenWhenItsRangeIsTheSame() throws {
        let document = try SpanDocument(text: "@bob x", rules: IcyskyRules.shared)
        let change = try document.replace(utf8Range: 2..<3, with: "a")
        #expect(document.text == "@bab x")
        #expect(change.removed == [Span(kind: .mention, utf8Range: 0..<4)])
        #expect(change.added == [Span(kind: .mention, utf8Range: 0..<4)])
    }

    @Test func windowsAtTheTextEndsSeeTheTextEnds() throws {
        let rules = ShortcodeTestRules.shared
        let document = try SpanDocument(text: ">a !b", rules: rules)
        #expect(document.spans.map(\.kind) == ["quote", "bang"])
        // A space at the start: `>a` no longer starts a line.
        try document.replace(utf8Range: 0..<0, with: " ")
        #expect(document.spans.map(\.kind) == ["bang"])
        // A newline instead: it does again; the window borders a separator, not the text start.
        try document.replace(utf8Range: 0..<1, with: "\n")
        #expect(document.spans.map(\.kind) == ["quote", "bang"])
        // A space at the end: `!b` no longer ends the text.
        try document.replace(utf8Range: 6..<6, with: " ")
        #expect(document.spans.map(\.kind) == ["quote"])
        try document.replace(utf8Range: 6..<7, with: "\n")
        #expect(document.spans.map(\.kind) == ["quote", "bang"])
        // icysky's bare `@` at the very end.
        let icysky = try SpanDocument(text: "hi @", rules: IcyskyRules.shared)
        #expect(icysky.spans == [Span(kind: .mention, utf8Range: 3..<4)])
        try icysky.replace(utf8Range: 4..<4, with: " ")
        #expect(icysky.spans.isEmpty)
        try icysky.replace(utf8Range: 4..<5, with: "")
        #expect(icysky.spans == [Span(kind: .mention, utf8Range: 3..<4)])
    }

    @Test func replacementRangesMustBeInsideTheTextOnScalarBoundaries() throws {
        let document = try SpanDocument(text: "é😀", rules: IcyskyRules.shared)
        #expect(document.isValidReplacementRange(0..<2))
        #expect(document.isValidReplacementRange(2..<6))
        #expect(document.isValidReplacementRange(6..<6))
        #expect(!document.isValidReplacementRange(1..<2))  // splits é
        #expect(!document.isValidReplacementRange(2..<4))  // splits 😀
        #expect(!document.isValidReplacementRange(0..<7))  // past the end
    }

    @Test func emptyingAndRefillingTheText() throws {
        let document = try SpanDocument(text: "#a @b", rules: IcyskyRules.shared)
        let cleared = try document.replace(utf8Range: 0..<5, with: "")
        #expect(document.text.isEmpty && document.spans.isEmpty)
        #expect(cleared.removed.count == 2 && cleared.added.isEmpty)
        #expect(cleared.removedUTF8RangesInNewText == [0..<0, 0..<0])
        try document.replace(utf8Range: 0..<0, with: "#")
        #expect(document.spans == [Span(kind: .hashtag, utf8Range: 0..<1)])
    }
}
