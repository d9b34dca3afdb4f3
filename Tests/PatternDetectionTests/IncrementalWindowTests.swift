import Testing
@testable import PatternDetection

/// The work per keystroke depends on the edit and its neighbourhood, not on the document: typing in
/// the middle of a 1 KB and of a 1 MB document with the same local context rescans the same bytes,
/// drops and finds the same spans, and (after the first keystroke) never moves the span table's gap.
@Suite("Incremental tokenizer: window size")
struct IncrementalWindowTests {
    static let typed = "Hi @alice.bsky.social #swift :smile: https://swift.org/blog ok!\n>done x "

    /// Sample posts repeated to about `utf8Count` bytes, cut after a newline.
    static func filler(utf8Count: Int) -> String {
        let posts = """
            Shipping the new composer today! Thanks @alice.bsky.social for the review #swift #buildinpublic
            Read the write-up at https://swift.org/blog/ and tell me what breaks. :tada: !ship
            Typing in CJK works too: 今日は #東京 で @bob.test に会った https://example.com/東京
            >quoted Emoji stay whole: #🦋 #family👨‍👩‍👧 and café.com/menu (@carol.bsky.social)

            """
        var text = ""
        while text.utf8.count < utf8Count { text += posts }
        return text
    }

    struct Keystroke: Equatable, CustomStringConvertible {
        var bytesRescanned: Int
        var spansDropped: Int
        var spansFound: Int
        var spansMovedAcrossGap: Int
        var scalarsExamined: Int
        var description: String { "\(bytesRescanned)B/\(spansDropped)d/\(spansFound)f/\(spansMovedAcrossGap)m/\(scalarsExamined)s" }
    }

    /// Types `typed` one Character at a time at the start of the document's second half.
    static func typeInTheMiddle(rules: any RuleSet, halfUTF8Count: Int) throws -> (keystrokes: [Keystroke], document: SpanDocument) {
        let half = filler(utf8Count: halfUTF8Count)
        var document = SpanDocument(text: half + half, rules: rules)
        var cursor = half.utf8.count
        var keystrokes: [Keystroke] = []
        for character in typed {
            let change = document.replace(utf8Range: cursor..<cursor, with: String(character))
            cursor += character.utf8.count
            let statistics = change.statistics
            keystrokes.append(
                Keystroke(
                    bytesRescanned: statistics.bytesRescanned, spansDropped: statistics.spansDropped,
                    spansFound: statistics.spansFound, spansMovedAcrossGap: statistics.spansMovedAcrossGap,
                    scalarsExamined: statistics.scalarsExamined))
        }
        return (keystrokes, document)
    }

    @Test(arguments: IncrementalRuleSets.local)
    func typingInTheMiddleCostsTheSameAt1KBAnd1MB(_ ruleSet: RuleSetCase) throws {
        let small = try Self.typeInTheMiddle(rules: ruleSet.rules, halfUTF8Count: 512)
        let large = try Self.typeInTheMiddle(rules: ruleSet.rules, halfUTF8Count: 512 << 10)
        #expect(large.document.utf8Count > 1 << 20)
        // Identical work per keystroke, except how far the first one moves the gap from the end.
        func local(_ keystrokes: [Keystroke]) -> [Keystroke] {
            var copy = keystrokes
            copy[0].spansMovedAcrossGap = 0
            return copy
        }
        #expect(local(small.keystrokes) == local(large.keystrokes))
        // Bounded by the typed text's longest word plus the word it is glued to, whatever the size.
        let longestRescan = large.keystrokes.map(\.bytesRescanned).max() ?? 0
        #expect(longestRescan < 64, "\(large.keystrokes)")
        // The first keystroke brings the gap from the end to the middle; the others do not move it.
        #expect(large.keystrokes.dropFirst().allSatisfy { $0.spansMovedAcrossGap == 0 }, "\(large.keystrokes)")
        #expect(large.keystrokes.allSatisfy { $0.spansDropped <= 2 && $0.spansFound <= 2 }, "\(large.keystrokes)")

        var document = large.document
        let expected = document.withUTF8 { bytes in
            ruleSet.rules.spans(in: bytes)
        }
        #expect(document.spans == expected)
    }

    /// A copy-on-write copy of the span table's or the text's storage is O(n) and invisible in the
    /// statistics: typing in one place must keep the same storage.
    @Test func typingInOnePlaceNeverCopiesTheStorage() throws {
        let half = Self.filler(utf8Count: 64 << 10)
        var document = SpanDocument(text: half + half, rules: IcyskyRules.shared)
        var cursor = half.utf8.count
        document.replace(utf8Range: cursor..<cursor, with: " ")  // brings the gap here, may grow
        cursor += 1
        let spansAddress = document.tokenizer.table.storageAddress
        let bytesAddress = document.bytes.storageAddress
        for character in Self.typed.prefix(40) {  // ASCII: one byte per Character
            document.replace(utf8Range: cursor..<cursor, with: String(character))
            cursor += 1
            #expect(document.tokenizer.table.storageAddress == spansAddress, "copied at \(character.debugDescription)")
            #expect(document.bytes.storageAddress == bytesAddress, "copied at \(character.debugDescription)")
        }
        for _ in 0..<20 {
            document.replace(utf8Range: cursor - 1..<cursor, with: "")
            cursor -= 1
            #expect(document.tokenizer.table.storageAddress == spansAddress)
            #expect(document.bytes.storageAddress == bytesAddress)
        }
    }

    @Test func aRuleSetWithoutSeparatorsRescansTheWholeText() throws {
        let rules = WithoutSeparators(IcyskyRules.shared)
        var document = SpanDocument(text: Self.filler(utf8Count: 1000), rules: rules)
        let change = document.replace(utf8Range: 500..<500, with: "#")
        #expect(change.rescannedUTF8Range == 0..<document.utf8Count)
        #expect(change.statistics.bytesRescanned == document.utf8Count)
        #expect(document.spans == PatternDetector(rules: rules).spans(in: document.text))
    }

    @Test func spansOverlappingOrInsideARangeEqualAFilterOfAllSpans() throws {
        var document = SpanDocument(text: Self.filler(utf8Count: 4_000), rules: IcyskyRules.shared)
        // Typing in the middle puts the table's gap there: look-ups cross it.
        document.replace(utf8Range: 2_000..<2_000, with: "#gap ")
        var random = SplitMix64(seed: 5)
        for _ in 0..<500 {
            let a = Int(random.next() % UInt64(document.utf8Count + 1))
            let b = Int(random.next() % UInt64(document.utf8Count + 1))
            let range = min(a, b)..<max(a, b)
            if range.isEmpty { continue }
            #expect(document.tokenizer.spans(overlapping: range) == document.spans.filter { $0.utf8Range.overlaps(range) })
            let inside = document.spans.filter { range.lowerBound <= $0.utf8Range.lowerBound && $0.utf8Range.upperBound <= range.upperBound }
            #expect(document.spans.spans(inside: range) == inside)
        }
    }
}
