import Foundation
import PatternDetection
import Testing

@testable import ComposerPosts

/// Random editing sessions: after every edit a draft's report under each profile equals the
/// whole-text report of its text, every field; copies edited independently stay right.
@Suite("Draft length: incremental reports equal whole-text reports")
struct DraftLengthSessionTests {
    static let profiles: [LengthProfile] = [
        .bluesky, .twitter, .mastodon(), .mastodon(limit: 40, urlLength: 0), .mastodon(limit: 90, urlLength: 5),
    ]

    /// What is typed or pasted: line breaks, clusters that join across what precedes them, NFC
    /// changes, entities of every profile, the characters twitter-text rejects.
    static let pieces = [
        "a", "word ", " ", "  ", "\n", "\n", "\n\n", "\r\n", "\r", "\t", "\u{3000}", "\u{85}", "\u{2028}",
        "😀", "👩‍👩‍👧", "🇺🇸", "\u{1F1EF}", "\u{1F1F5}", "\u{200D}", "\u{301}", "\u{301}\u{302}", "e\u{301}", "\u{0958}",
        "\u{1100}\u{1161}", "\u{AC00}", "\u{0600}", "日本語", "한국어 ", "ｶﾀｶﾅ", "𝐀",
        "https://swift.org/x ", "http://a.co", "https://bsky.app/profile/alice.bsky.social", "example.com/a/b?c=d ",
        "docs.example.org", "t.co/abc ", "@alice@mastodon.social ", "@bob ", "@alice.bsky.social", "@x@y.z",
        "#tag ", "$AAPL ", "\u{FEFF}", "\u{FFFE}", "\u{FFFF}", "x.co\u{301}", "=@user ",
    ]

    static func piece(_ random: inout SplitMix64) -> String {
        if random.next() % 8 == 0 {  // a paste of several pieces, often across lines
            return (0..<Int(2 + random.next() % 12)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
        }
        return pieces[Int(random.next() % UInt64(pieces.count))]
    }

    /// A draft of about `bytes` bytes from the pieces, with line breaks every few pieces.
    static func draft(bytes: Int, _ random: inout SplitMix64) -> String {
        var text = ""
        while text.utf8.count < bytes {
            text += piece(&random)
            if random.next() % 6 == 0 { text += "\n" }
        }
        return text
    }

    static let warnings = ["", "cw", "\u{301}", "\u{1F1EF}", "👩\u{200D}", " ", String(repeating: "spoiler ", count: 70)]

    /// Scalar boundaries of `text` (UTF-8 offsets): edits may split clusters, never scalars.
    static func boundaries(_ text: String) -> [Int] {
        var offsets = [0]
        for scalar in text.unicodeScalars { offsets.append(offsets.last! + UTF8.width(scalar)) }
        return offsets
    }

    /// A random edit of `text`: typing at the caret (mostly), deleting backwards, deleting or
    /// replacing a range that may span lines, typing somewhere else.
    static func edit(
        _ text: String, caret: inout Int, _ random: inout SplitMix64
    ) -> (range: Range<Int>, replacement: String) {
        let offsets = boundaries(text)
        func anywhere() -> Int { offsets[Int(random.next() % UInt64(offsets.count))] }
        if !offsets.contains(caret) || random.next() % 7 == 0 { caret = anywhere() }
        let range: Range<Int>
        let replacement: String
        switch random.next() % 10 {
        case 0, 1:  // backspace a scalar or a few
            let position = offsets.firstIndex(of: caret)!
            let back = min(position, Int(1 + random.next() % 3))
            range = offsets[position - back]..<caret
            replacement = ""
        case 2:  // delete or replace a range, across lines when it is long
            let other = anywhere()
            range = min(caret, other)..<max(caret, other)
            replacement = random.next() % 2 == 0 ? "" : piece(&random)
        default:
            range = caret..<caret
            replacement = piece(&random)
        }
        caret = range.lowerBound + replacement.utf8.count
        return (range, replacement)
    }

    static func replacing(_ text: String, _ range: Range<Int>, with replacement: String) -> String {
        var bytes = Array(text.utf8)
        bytes.replaceSubrange(range, with: Array(replacement.utf8))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The first profile whose report differs from the whole-text one, described.
    static func mismatch(_ draft: DraftLength, _ text: String) throws -> String? {
        for profile in draft.profiles {
            let expected = PostLength.report(for: text, profile: profile, contentWarning: draft.contentWarning)
            let report = draft.report(for: profile)
            if report != expected {
                return "\(profile) cw \(draft.contentWarning.debugDescription)\n got \(report)\n want \(expected)\n"
                    + "text (\(text.utf8.count) B) \(text.prefix(400).debugDescription)"
            }
        }
        return nil
    }

    static let steps = Int(ProcessInfo.processInfo.environment["DRAFT_LENGTH_STEPS"] ?? "") ?? 250
    static let seeds = UInt64(ProcessInfo.processInfo.environment["DRAFT_LENGTH_SEEDS"] ?? "") ?? 8

    @Test("Random sessions from empty, short and over-limit drafts, with snapshots edited independently")
    func randomSessions() throws {
        var checks = 0
        for seed in UInt64(1)...Self.seeds {
            var random = SplitMix64(seed: seed)
            let start = seed % 4 == 0 ? "" : Self.draft(bytes: [40, 700, 1_800][Int(seed % 3)], &random)
            let warning = Self.warnings[Int(seed) % Self.warnings.count]
            var pool = [(draft: DraftLength(text: start, profiles: Self.profiles, contentWarning: warning), text: start, caret: 0)]
            try #require(try Self.mismatch(pool[0].draft, start) == nil)
            for step in 0..<Self.steps {
                let member = Int(random.next() % UInt64(pool.count))
                if random.next() % 25 == 0, pool.count < 5 {
                    pool.append(pool[member])  // a snapshot
                    continue
                }
                if random.next() % 30 == 0 {
                    let warning = Self.warnings[Int(random.next() % UInt64(Self.warnings.count))]
                    pool[member].draft.setContentWarning(warning, in: pool[member].text)
                } else {
                    let (range, replacement) = Self.edit(pool[member].text, caret: &pool[member].caret, &random)
                    pool[member].text = Self.replacing(pool[member].text, range, with: replacement)
                    pool[member].draft.apply(
                        TextEdit(replacing: range, insertedUTF8Count: replacement.utf8.count), in: pool[member].text)
                }
                // The edited draft after every edit; all of them (untouched copies included) now and then.
                for entry in step % 10 == 0 ? pool[...] : pool[member...member] {
                    if let problem = try Self.mismatch(entry.draft, entry.text) {
                        Issue.record("seed \(seed) step \(step): \(problem)")
                        return
                    }
                    checks += entry.draft.profiles.count
                }
            }
        }
        #expect(checks >= Int(Self.seeds) * Self.steps * Self.profiles.count * 9 / 10)
    }

    @Test("The reading API: only the touched lines are read, and what is read gives the same counts")
    func readingAPI() throws {
        var random = SplitMix64(seed: 99)
        var text = Self.draft(bytes: 3_000, &random)
        var draft = DraftLength(text: text, profiles: Self.profiles)
        var caret = text.utf8.count / 2
        for _ in 0..<60 {
            let (range, replacement) = Self.edit(text, caret: &caret, &random)
            text = Self.replacing(text, range, with: replacement)
            let bytes = Array(text.utf8)
            draft.apply(TextEdit(replacing: range, insertedUTF8Count: replacement.utf8.count), newUTF8Count: bytes.count) {
                String(decoding: bytes[$0], as: UTF8.self)
            }
            #expect(try Self.mismatch(draft, text) == nil)
        }
    }

    @Test("twitter's valid end, shifted by NFC past the line where the limit is crossed, follows edits before it")
    func twitterShiftedEnd() throws {
        // 290 weighted characters cross 280 in the first line; 60 decomposed letters further on
        // shift the end 60 units on, into the CJK line.
        var text = String(repeating: "a", count: 290) + "\n" + String(repeating: "日本語", count: 40) + "\n"
            + String(repeating: "e\u{301} ", count: 60)
        var draft = DraftLength(text: text, profiles: [.twitter])
        let start = text.utf8.count - String(repeating: "e\u{301} ", count: 60).utf8.count - 120 * 3 - 1
        #expect(draft.report(for: .twitter).validRange.utf8.upperBound > start)
        // Edits between the end of the first line and the valid end: ASCII, a letter, a mark.
        for (offset, insert) in [(0, "x"), (1, "yy"), (6, "é"), (0, "\u{301}"), (3, "本")] {
            let position = start + offset
            var bytes = Array(text.utf8)
            bytes.insert(contentsOf: Array(insert.utf8), at: position)
            text = String(decoding: bytes, as: UTF8.self)
            draft.apply(TextEdit(start: position, oldEnd: position, newEnd: position + insert.utf8.count), in: text)
            #expect(draft.report(for: .twitter) == (PostLength.report(for: text, profile: .twitter)), "\(insert.debugDescription)")
        }
    }

    @Test("bluesky's byte limit: wide clusters, links and line breaks typed and deleted around 3,000 bytes")
    func blueskyByteLimitSessions() throws {
        // Mostly clusters of 14 to 25 bytes, so that 3,000 bytes come before 300 clusters; now and
        // then a link (counted shortened, about a byte a cluster) or a line break.
        let clusters = ["👩🏽‍💻", "👨‍👩‍👧‍👦", "🏳️‍🌈", "👩🏽‍💻👩🏽‍💻", "e\u{301}\u{302}\u{303}\u{304}\u{305}"]
        let rare = [
            "\n", " ", " https://example.com/" + String(repeating: "p", count: 40) + " ", " https://日本.jp/パス ",
            " example.com/東京 ",
        ]
        func piece(_ random: inout SplitMix64) -> String {
            let list = random.next() % 40 == 0 ? rare : clusters
            return list[Int(random.next() % UInt64(list.count))]
        }
        for seed in UInt64(1)...4 {
            var random = SplitMix64(seed: seed &* 0x3000)
            var text = ""
            while text.utf8.count < 2_900 { text += piece(&random) }
            var draft = DraftLength(text: text, profiles: [.bluesky, .mastodon()])
            var crossings = 0
            for step in 0..<150 {
                let offsets = Self.boundaries(text)
                let position = offsets[Int(random.next() % UInt64(offsets.count))]
                let range: Range<Int>
                let replacement: String
                if random.next() % 2 == 0 {
                    let other = offsets[min(offsets.count - 1, offsets.firstIndex(of: position)! + Int(random.next() % 12))]
                    (range, replacement) = (position..<other, "")
                } else {
                    (range, replacement) = (position..<position, piece(&random))
                }
                text = Self.replacing(text, range, with: replacement)
                draft.apply(TextEdit(replacing: range, insertedUTF8Count: replacement.utf8.count), in: text)
                if let problem = try Self.mismatch(draft, text) {
                    Issue.record("seed \(seed) step \(step): \(problem)")
                    return
                }
                let report = draft.report(for: .bluesky)
                if report.length <= report.limit && !report.isValid && !text.isEmpty { crossings += 1 }
            }
            // The sessions spend time over the byte limit while under 300 clusters.
            #expect(crossings > 10, "seed \(seed)")
        }
    }

    @Test("Duplicate profiles count once; no profile counts nothing")
    func profiles() throws {
        let draft = try DraftLength(text: "hello\nworld", profiles: [.twitter, .bluesky, .twitter, .mastodon()])
        #expect(draft.profiles == [.twitter, .bluesky, .mastodon()])
        #expect(draft.lineCount == 2 && draft.utf8Count == 11 && draft.utf16Count == 11)
        #expect(draft.reports() == (PostLength.reports(for: "hello\nworld", profiles: draft.profiles)))
        var idle = DraftLength(text: "hello", profiles: [])
        idle.apply(TextEdit(start: 0, oldEnd: 5, newEnd: 0), in: "")
        #expect(!idle.isTracking && idle.utf8Count == 0)
    }
}
