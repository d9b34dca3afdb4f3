import Testing
@testable import PatternDetection

@Suite("Incremental: SpanDocument")
struct IncrementalDocumentTests {
    @Test func theDocumentedExample() throws {
        var document = SpanDocument(text: "hi @al", rules: IcyskyRules.shared)
        let change = document.replace(utf8Range: 6..<6, with: "ice")
        #expect(document.text == "hi @alice")
        #expect(change.removed == [Span(kind: .mention, utf8Range: 3..<6)])
        #expect(change.added == [Span(kind: .mention, utf8Range: 3..<9)])
        #expect(change.rescannedUTF8Range == 3..<9)
        #expect(change.removedUTF8RangesInNewText == [3..<9])
    }

    @Test func anUntouchedSpanInTheWindowIsNotReported() throws {
        // `#a` lies in the window (same word) but the edit does not touch its bytes.
        var document = SpanDocument(text: "#a#b", rules: IcyskyRules.shared)
        let change = document.replace(utf8Range: 4..<4, with: "c")
        #expect(document.spans.map(\.utf8Range) == [0..<2, 2..<5])
        #expect(change.statistics.spansDropped == 2)
        #expect(change.removed == [Span(kind: .hashtag, utf8Range: 2..<4)])
        #expect(change.added == [Span(kind: .hashtag, utf8Range: 2..<5)])
    }

    @Test func aSpanWhoseBytesChangedIsReportedEvenWhenItsRangeIsTheSame() throws {
        var document = SpanDocument(text: "@bob x", rules: IcyskyRules.shared)
        let change = document.replace(utf8Range: 2..<3, with: "a")
        #expect(document.text == "@bab x")
        #expect(change.removed == [Span(kind: .mention, utf8Range: 0..<4)])
        #expect(change.added == [Span(kind: .mention, utf8Range: 0..<4)])
    }

    @Test func windowsAtTheTextEndsSeeTheTextEnds() throws {
        let rules = ShortcodeTestRules.shared
        var document = SpanDocument(text: ">a !b", rules: rules)
        #expect(document.spans.map(\.kind) == ["quote", "bang"])
        // A space at the start: `>a` no longer starts a line.
        document.replace(utf8Range: 0..<0, with: " ")
        #expect(document.spans.map(\.kind) == ["bang"])
        // A newline instead: it does again; the window borders a separator, not the text start.
        document.replace(utf8Range: 0..<1, with: "\n")
        #expect(document.spans.map(\.kind) == ["quote", "bang"])
        // A space at the end: `!b` no longer ends the text.
        document.replace(utf8Range: 6..<6, with: " ")
        #expect(document.spans.map(\.kind) == ["quote"])
        document.replace(utf8Range: 6..<7, with: "\n")
        #expect(document.spans.map(\.kind) == ["quote", "bang"])
        // icysky's bare `@` at the very end.
        var icysky = SpanDocument(text: "hi @", rules: IcyskyRules.shared)
        #expect(icysky.spans == [Span(kind: .mention, utf8Range: 3..<4)])
        icysky.replace(utf8Range: 4..<4, with: " ")
        #expect(icysky.spans.isEmpty)
        icysky.replace(utf8Range: 4..<5, with: "")
        #expect(icysky.spans == [Span(kind: .mention, utf8Range: 3..<4)])
    }

    @Test func replacementRangesMustBeInsideTheTextOnScalarBoundaries() throws {
        let document = SpanDocument(text: "é😀", rules: IcyskyRules.shared)
        #expect(document.isValidReplacementRange(0..<2))
        #expect(document.isValidReplacementRange(2..<6))
        #expect(document.isValidReplacementRange(6..<6))
        #expect(!document.isValidReplacementRange(1..<2))  // splits é
        #expect(!document.isValidReplacementRange(2..<4))  // splits 😀
        #expect(!document.isValidReplacementRange(0..<7))  // past the end
    }

    @Test func emptyingAndRefillingTheText() throws {
        var document = SpanDocument(text: "#a @b", rules: IcyskyRules.shared)
        let cleared = document.replace(utf8Range: 0..<5, with: "")
        #expect(document.text.isEmpty && document.spans.isEmpty)
        #expect(cleared.removed.count == 2 && cleared.added.isEmpty)
        #expect(cleared.removedUTF8RangesInNewText == [0..<0, 0..<0])
        document.replace(utf8Range: 0..<0, with: "#")
        #expect(document.spans == [Span(kind: .hashtag, utf8Range: 0..<1)])
    }
}

@Suite("SpanDocument is a value")
struct SpanDocumentValueTests {
    @Test func aCopySharesStorageUntilEitherIsEdited() throws {
        var original = SpanDocument(text: "hi @al #x", rules: IcyskyRules.shared)
        var copy = original
        #expect(copy.sharesStorage(with: original))
        copy.replace(utf8Range: 6..<6, with: "ice")
        #expect(!copy.sharesStorage(with: original))
        original.replace(utf8Range: 0..<2, with: "yo @bob")
        #expect(copy.text == "hi @alice #x")
        #expect(copy.spans == [Span(kind: .mention, utf8Range: 3..<9), Span(kind: .hashtag, utf8Range: 10..<12)])
        #expect(original.text == "yo @bob @al #x")
        #expect(original.spans == [
            Span(kind: .mention, utf8Range: 3..<7), Span(kind: .mention, utf8Range: 8..<11),
            Span(kind: .hashtag, utf8Range: 12..<14),
        ])
    }

    @Test func copiesEditedOnDifferentTasksStayIndependent() async throws {
        let start = SpanDocument(text: String(repeating: "word @a #b ", count: 200), rules: BlueskyRules.shared)
        let results = try await withThrowingTaskGroup(of: (Int, [Span], [Span]).self) { group in
            for task in 0..<4 {
                group.addTask {
                    var document = start
                    for step in 0..<200 {
                        let at = (step * 37 + task * 101) % document.utf8Count
                        document.replace(utf8Range: at..<at, with: task % 2 == 0 ? " @x.test " : " #t")
                    }
                    let expected = PatternDetector(rules: BlueskyRules.shared).spans(in: document.text)
                    return (task, document.spans, expected)
                }
            }
            var collected: [(Int, [Span], [Span])] = []
            for try await result in group { collected.append(result) }
            return collected
        }
        for (task, spans, expected) in results { #expect(spans == expected, "task \(task)") }
        #expect(start.text == String(repeating: "word @a #b ", count: 200))
    }
}
