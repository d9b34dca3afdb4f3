import Foundation
import PatternDetection
import Testing

@testable import ComposerPosts
@testable import ComposerText

/// A composer tracking length reports, after every edit through any of its edit paths, what
/// `PostLength` reports for its plain text, with either strategy; copies stay independent.
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

    /// The first tracked profile whose report differs from `PostLength`'s for the plain text.
    static func mismatch(_ composer: ComposerHighlighter) throws -> String? {
        let plain = String(composer.text.characters[...])
        for profile in composer.trackedLengthProfiles {
            let expected = PostLength.report(for: plain, profile: profile, contentWarning: composer.contentWarning)
            let report = composer.lengthReport(for: profile)
            if report != expected {
                return "\(profile)\n got \(report.map { "\($0)" } ?? "nil")\n want \(expected)\n text \(plain.prefix(300).debugDescription)"
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
            var first = ComposerHighlighter(text: start, rules: BlueskyRules.shared, strategy: strategy)
            first.contentWarning = Self.warnings[Int(seed) % Self.warnings.count]
            first.trackLength(Self.profiles)
            try #require(first.trackedLengthProfiles == Self.profiles)
            var pool = [(composer: first, caret: start.utf8.count)]
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
                    pool[member].composer.contentWarning = Self.warnings[Int(random.next() % UInt64(Self.warnings.count))]
                case 1, 2, 3:
                    // A text view that edits its own string, then reports the edit.
                    var text = pool[member].composer.text
                    text.unicodeScalars.replaceSubrange(text.utf8Range(range), with: piece.unicodeScalars)
                    let caret = range.lowerBound + piece.utf8.count
                    var selection = text.utf8Range(caret..<caret)
                    pool[member].composer.textDidChange(
                        &text, edit: TextEdit(replacing: range, insertedUTF8Count: piece.utf8.count), selection: &selection)
                    pool[member].caret = caret
                default:
                    pool[member].composer.replace(range, with: piece)
                    pool[member].caret = range.lowerBound + piece.utf8.count
                }
                for index in step % 10 == 0 ? Array(pool.indices) : [member] {
                    if let problem = try Self.mismatch(pool[index].composer) {
                        Issue.record("\(strategy) seed \(seed) step \(step) member \(index): \(problem)")
                        return
                    }
                    checks += 1
                }
            }
        }
        #expect(checks >= 4 * Self.steps)
    }

    @Test("A keystroke updates the line tallies in place: the composer never shares them with itself", arguments: ComposerHighlighter.Strategy.allCases)
    func tallyStorageIsNotCopied(strategy: ComposerHighlighter.Strategy) throws {
        let lines = (0..<200).map { "line \($0) with https://example.com/\($0) and @user@example.social" }
        var composer = ComposerHighlighter(text: lines.joined(separator: "\n"), rules: BlueskyRules.shared, strategy: strategy)
        try composer.trackLength([.bluesky, .twitter, .mastodon()])
        var caret = composer.text.utf8.count / 2
        composer.replace(caret..<caret, with: "x")  // the first edit may grow the gap
        caret += 1
        let address = composer.draftLength.lines.storageAddress
        for character in "typing more" {
            composer.replace(caret..<caret, with: String(character))
            caret += 1
            #expect(composer.draftLength.lines.storageAddress == address)
            var text = composer.text
            text.unicodeScalars.insert("y", at: text.utf8Index(caret))
            var selection = text.utf8Range(caret + 1..<caret + 1)
            composer.textDidChange(&text, edit: TextEdit(start: caret, oldEnd: caret, newEnd: caret + 1), selection: &selection)
            caret += 1
            #expect(composer.draftLength.lines.storageAddress == address)
        }
        #expect(try Self.mismatch(composer) == nil)
    }

    @Test("Counting is off until asked for, follows the text from then on, and stops when asked")
    func tracking() throws {
        var composer = ComposerHighlighter(text: "gm ", rules: BlueskyRules.shared)
        #expect(composer.trackedLengthProfiles.isEmpty && composer.lengthReport(for: .bluesky) == nil)
        composer.replace(3..<3, with: "@alice.bsky.social\n")
        composer.contentWarning = "cw"
        try composer.trackLength([.bluesky, .mastodon(), .bluesky])
        #expect(composer.trackedLengthProfiles == [.bluesky, .mastodon()] && composer.contentWarning == "cw")
        #expect(composer.lengthReport(for: .twitter) == nil)
        let before = composer
        composer.replace(0..<0, with: "so ")
        #expect(try Self.mismatch(composer) == nil && composer.lengthReport(for: .bluesky)?.length == 25)
        #expect(before.lengthReport(for: .bluesky)?.length == 22)
        // The SwiftUI path: the editor's own text and selection, the edit inferred.
        var text = composer.text
        text.characters.append(contentsOf: "ok")
        var selection = text.endIndex..<text.endIndex
        composer.select(composer.text.utf8.count..<composer.text.utf8.count)
        composer.textDidChange(&text, selection: &selection)
        #expect(try Self.mismatch(composer) == nil && composer.lengthReport(for: .bluesky)?.length == 27)
        composer.trackLength([])
        #expect(composer.lengthReport(for: .bluesky) == nil && composer.contentWarning == "cw")
    }
}
