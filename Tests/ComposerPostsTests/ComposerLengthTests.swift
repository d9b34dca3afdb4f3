import Foundation
import PatternDetection
import Testing

@testable import ComposerPosts
@testable import ComposerText

/// A draft following a composer's changes reports, after every edit through any of the composer's
/// edit paths, what `PostLength` reports for its plain text, with either strategy; copies stay
/// independent.
@Suite("Composer length")
struct ComposerLengthTests {
    static let profiles: [LengthProfile] = [.bluesky, .twitter, .mastodon(), .mastodon(limit: 60, urlLength: 0)]

    static let pieces = [
        "a", "word ", " ", "\n", "\n", "\n\n", "\r\n", "😀", "👩‍👩‍👧", "🇺🇸", "\u{1F1EF}", "\u{200D}", "\u{301}", "e\u{301}",
        "\u{0958}", "\u{1100}\u{1161}", "日本語", "https://swift.org/x ", "example.com/a ", "bsky.app", "@alice@mastodon.social ",
        "@bob.test ", "#tag ", "\u{FEFF}", "\u{0600}", "\u{3000}",
    ]
    static let warnings = ["", "cw", "\u{301}", "\u{1F1EF}", String(repeating: "spoiler ", count: 8)]

    static func piece(_ random: inout SplitMix64) -> String {
        let count = random.next() % 8 == 0 ? Int(2 + random.next() % 10) : 1
        return (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
    }

    /// A composer and the draft that follows its changes.
    struct Tracked {
        var composer: ComposerHighlighter
        var draft: DraftLength
        var caret: Int

        /// Replaces through the composer and follows its change.
        mutating func replace(utf8Range: Range<Int>, with string: String) throws {
            let change = composer.replace(utf8Range: utf8Range, with: string)
            try follow(change)
        }

        /// Applies the change an editing call returned.
        mutating func follow(_ change: ComposerChange?) throws {
            draft.apply(try #require(change), in: composer)
        }
    }

    /// The first tracked profile whose report differs from `PostLength`'s for the plain text.
    static func mismatch(_ composer: ComposerHighlighter, _ draft: DraftLength) -> String? {
        let plain = String(composer.text.characters[...])
        for profile in draft.profiles {
            let expected = PostLength.report(for: plain, profile: profile, contentWarning: draft.contentWarning)
            let report = draft.report(for: profile)
            if report != expected {
                return "\(profile)\n got \(report)\n want \(expected)\n text \(plain.prefix(300).debugDescription)"
            }
        }
        return nil
    }

    /// A random range of `text` on scalar boundaries, near `caret` or anywhere.
    static func range(in text: AttributedString, caret: Int, _ random: inout SplitMix64) -> Range<Int> {
        var offsets = [0]
        for scalar in text.unicodeScalars { offsets.append(offsets.last! + UTF8.width(scalar)) }
        func anywhere() -> Int { offsets[Int(random.next() % UInt64(offsets.count))] }
        let start = offsets.contains(caret) && random.next() % 4 != 0 ? caret : anywhere()
        switch random.next() % 6 {
        case 0:
            let other = anywhere()
            return min(start, other)..<max(start, other)
        case 1:
            let index = offsets.firstIndex(of: start)!
            return offsets[max(0, index - 2)]..<start
        default:
            return start..<start
        }
    }

    static let steps = Int(ProcessInfo.processInfo.environment["COMPOSER_LENGTH_STEPS"] ?? "") ?? 150

    @Test(
        "Random sessions through replace, a text view's edits and the content warning; snapshots edited on their own",
        arguments: ComposerHighlighter.Strategy.allCases)
    func randomSessions(strategy: ComposerHighlighter.Strategy) throws {
        var checks = 0
        for seed in UInt64(1)...4 {
            var random = SplitMix64(seed: seed)
            var start = ""
            while start.utf8.count < [0, 60, 900, 2_400][Int(seed - 1)] { start += Self.piece(&random) }
            let composer = ComposerHighlighter(text: start, rules: BlueskyRules.shared, strategy: strategy)
            let draft = DraftLength(
                composer: composer, profiles: Self.profiles, contentWarning: Self.warnings[Int(seed) % Self.warnings.count])
            try #require(draft.profiles == Self.profiles)
            var pool = [Tracked(composer: composer, draft: draft, caret: start.utf8.count)]
            for step in 0..<Self.steps {
                let member = Int(random.next() % UInt64(pool.count))
                if random.next() % 20 == 0, pool.count < 4 {
                    pool.append(pool[member])  // an undo snapshot
                    continue
                }
                let range = Self.range(in: pool[member].composer.text, caret: pool[member].caret, &random)
                let piece = range.isEmpty || random.next() % 2 == 0 ? Self.piece(&random) : ""
                switch random.next() % 10 {
                case 0:
                    pool[member].draft.setContentWarning(
                        Self.warnings[Int(random.next() % UInt64(Self.warnings.count))], in: pool[member].composer)
                case 1, 2, 3:
                    // A text view that edits its own string, then reports the edit.
                    var text = pool[member].composer.text
                    text.unicodeScalars.replaceSubrange(text.utf8Range(range), with: piece.unicodeScalars)
                    let caret = range.lowerBound + piece.utf8.count
                    var selection = text.utf8Range(caret..<caret)
                    let change = pool[member].composer.textDidChange(
                        &text, edit: TextEdit(replacing: range, insertedUTF8Count: piece.utf8.count), selection: &selection)
                    try pool[member].follow(change)
                    pool[member].caret = caret
                default:
                    let change = pool[member].composer.replace(utf8Range: range, with: piece)
                    try pool[member].follow(change)
                    pool[member].caret = range.lowerBound + piece.utf8.count
                }
                for index in step % 10 == 0 ? Array(pool.indices) : [member] {
                    if let problem = Self.mismatch(pool[index].composer, pool[index].draft) {
                        Issue.record("\(strategy) seed \(seed) step \(step) member \(index): \(problem)")
                        return
                    }
                    checks += 1
                }
            }
        }
        #expect(checks >= 4 * Self.steps)
    }

    @Test("A keystroke updates the line tallies in place: the draft never shares them with itself", arguments: ComposerHighlighter.Strategy.allCases)
    func tallyStorageIsNotCopied(strategy: ComposerHighlighter.Strategy) throws {
        let lines = (0..<200).map { "line \($0) with https://example.com/\($0) and @user@example.social" }
        let composer = ComposerHighlighter(text: lines.joined(separator: "\n"), rules: BlueskyRules.shared, strategy: strategy)
        var tracked = Tracked(
            composer: composer, draft: DraftLength(composer: composer, profiles: [.bluesky, .twitter, .mastodon()]),
            caret: composer.text.utf8.count / 2)
        let caret = tracked.caret
        try tracked.replace(utf8Range: caret..<caret, with: "x")  // the first edit may grow the gap
        tracked.caret += 1
        let address = tracked.draft.lines.storageAddress
        for character in "typing more" {
            let caret = tracked.caret
            try tracked.replace(utf8Range: caret..<caret, with: String(character))
            tracked.caret += 1
            #expect(tracked.draft.lines.storageAddress == address)
            var text = tracked.composer.text
            text.unicodeScalars.insert("y", at: text.utf8Index(tracked.caret))
            var selection = text.utf8Range(tracked.caret + 1..<tracked.caret + 1)
            let change = tracked.composer.textDidChange(
                &text, edit: TextEdit(start: tracked.caret, oldEnd: tracked.caret, newEnd: tracked.caret + 1), selection: &selection)
            try tracked.follow(change)
            tracked.caret += 1
            #expect(tracked.draft.lines.storageAddress == address)
        }
        #expect(Self.mismatch(tracked.composer, tracked.draft) == nil)
    }

    @Test("A draft follows the composer's changes from when it is made; a snapshot of both stays as it was")
    func following() throws {
        var composer = ComposerHighlighter(text: "gm ", rules: BlueskyRules.shared)
        composer.replace(utf8Range: 3..<3, with: "@alice.bsky.social\n")
        var draft = DraftLength(composer: composer, profiles: [.bluesky, .mastodon(), .bluesky], contentWarning: "cw")
        #expect(draft.profiles == [.bluesky, .mastodon()] && draft.contentWarning == "cw")
        let before = (composer, draft)
        let change = composer.replace(utf8Range: 0..<0, with: "so ")
        draft.apply(try #require(change), in: composer)
        #expect(Self.mismatch(composer, draft) == nil && draft.report(for: .bluesky).length == 25)
        #expect(before.1.report(for: .bluesky).length == 22 && Self.mismatch(before.0, before.1) == nil)
        // The SwiftUI path: the editor's own text and selection, the edit inferred.
        var text = composer.text
        text.characters.append(contentsOf: "ok")
        var selection = text.endIndex..<text.endIndex
        let selected = composer.select(utf8Range: composer.text.utf8.count..<composer.text.utf8.count)
        #expect(selected)
        draft.apply(composer.textDidChange(&text, selection: &selection), in: composer)
        #expect(Self.mismatch(composer, draft) == nil && draft.report(for: .bluesky).length == 27)
    }
}
