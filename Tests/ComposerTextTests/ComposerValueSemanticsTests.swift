import Foundation
import Testing
import PatternDetection
@testable import ComposerText

/// A composer is a value: copies (an undo stack, a SwiftUI state snapshot), edited independently in
/// any order, each stay equal to a full scan of their own text and never touch each other.
@Suite("Composer state is a value")
struct ComposerValueSemanticsTests {
    static let pieces = [
        "@", "#", " ", "\n", "a", "bob", ".test", ".bsky.social", "https://", "swift.org/x", ".", ")", "(",
        "é", "😀", "👩‍👩‍👧", "\u{301}", "$AAPL", "＃タグ", "x", "",
    ]

    /// Checks that `composer`'s tags equal a full scan of its own text and that its selection is
    /// the caret it was given.
    static func problems(_ composer: ComposerHighlighter, caret: Int, detector: PatternDetector) throws -> String? {
        let plain = String(composer.text.characters[...])
        let expected = Span.mergingTouching(detector.spans(in: plain))
        let tags = composer.text.taggedSpans()
        if tags != expected { return "tags \(tags)\nscan \(expected)\ntext \(plain.debugDescription)" }
        if composer.selectedUTF8Range != caret..<caret { return "selection \(composer.selectedUTF8Range), caret \(caret)" }
        return nil
    }

    /// A random range on `Character` boundaries of `text` (UTF-8 offsets).
    static func randomRange(in text: String, _ random: inout SplitMix64) -> Range<Int> {
        var boundaries = [0]
        var offset = 0
        for character in text {
            offset += character.utf8.count
            boundaries.append(offset)
        }
        let a = boundaries[Int(random.next() % UInt64(boundaries.count))]
        let b = random.next() % 3 == 0 ? a : boundaries[Int(random.next() % UInt64(boundaries.count))]
        return min(a, b)..<max(a, b)
    }

    @Test(arguments: ["icysky", "bluesky", "twitter"], ComposerHighlighter.Strategy.allCases)
    func copiesEditedInRandomOrderStayEqualToTheirOwnFullScan(
        rulesName: String, strategy: ComposerHighlighter.Strategy
    ) throws {
        let rules = try #require(BuiltInRules(rawValue: rulesName)).ruleSet()
        let detector = PatternDetector(rules: rules)
        let steps = Int(ProcessInfo.processInfo.environment["COMPOSER_COPY_STEPS"] ?? "") ?? 400
        var edits = 0
        for seed in UInt64(1)...3 {
            var random = SplitMix64(seed: seed)
            var pool = [
                (composer: ComposerHighlighter(
                    text: "gm @alice.test #swift see https://x.com ok $AAPL", rules: rules, strategy: strategy), caret: 48)
            ]
            pool[0].caret = pool[0].composer.selectedUTF8Range.upperBound
            for step in 0..<steps {
                let member = Int(random.next() % UInt64(pool.count))
                if random.next() % 5 == 0, pool.count < 8 {
                    pool.append(pool[member])  // a snapshot
                    continue
                }
                let plain = String(pool[member].composer.text.characters[...])
                let range = Self.randomRange(in: plain, &random)
                let piece = Self.pieces[Int(random.next() % UInt64(Self.pieces.count))]
                pool[member].composer.replace(utf8Range: range, with: piece)
                pool[member].caret = range.lowerBound + piece.utf8.count
                edits += 1
                let context = "\(rulesName) \(strategy) seed \(seed) step \(step) member \(member)"
                if let problem = try Self.problems(pool[member].composer, caret: pool[member].caret, detector: detector) {
                    Issue.record("\(context): \(problem)")
                    return
                }
                // The others were not touched by this edit.
                let other = Int(random.next() % UInt64(pool.count))
                if let problem = try Self.problems(pool[other].composer, caret: pool[other].caret, detector: detector) {
                    Issue.record("\(context), member \(other) after it: \(problem)")
                    return
                }
            }
            #expect(pool.count == 8, "seed \(seed) took \(pool.count - 1) snapshots")
        }
        #expect(edits > steps * 3 * 3 / 4, "\(edits) edits")
    }

    /// The crash this suite was written for: a copy kept before an edit, then edited itself.
    @Test(arguments: ComposerHighlighter.Strategy.allCases)
    func aSnapshotEditedAfterTheOriginalKeepsItsOwnText(strategy: ComposerHighlighter.Strategy) throws {
        var composer = ComposerHighlighter(text: "hello @alice.test ", rules: BlueskyRules.shared, strategy: strategy)
        let snapshot = composer
        composer.replace(utf8Range: 0..<5, with: "")  // " @alice.test "
        var undone = snapshot
        undone.replace(utf8Range: 18..<18, with: "#swift")
        #expect(String(undone.text.characters[...]) == "hello @alice.test #swift")
        #expect(undone.text.taggedSpans() == [
            Span(kind: .mention, utf8Range: 6..<17), Span(kind: .hashtag, utf8Range: 18..<24),
        ])
        #expect(String(composer.text.characters[...]) == " @alice.test ")
        #expect(composer.text.taggedSpans() == [Span(kind: .mention, utf8Range: 1..<12)])
        #expect(String(snapshot.text.characters[...]) == "hello @alice.test ")
    }
}
