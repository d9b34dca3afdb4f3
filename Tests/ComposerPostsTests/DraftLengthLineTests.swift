import Foundation
import PatternDetection
import Testing

@testable import ComposerPosts

/// Why a draft can be counted line by line: what each profile counts adds up over lines that end
/// with an LF, given the LF before each line as context.
@Suite("Draft length: counts add up over lines")
struct DraftLengthLineTests {
    static let profiles = DraftLengthSessionTests.profiles

    /// Random drafts with many short lines, and the lines of each (each ends with its LF; the last
    /// runs to the end).
    static func drafts(count: Int) -> [(text: String, lines: [String])] {
        var random = SplitMix64(seed: 7)
        return (0..<count).map { _ in
            let text = DraftLengthSessionTests.draft(bytes: Int(20 + random.next() % 600), &random)
            var lines = [""]
            for scalar in text.unicodeScalars {
                lines[lines.count - 1].unicodeScalars.append(scalar)
                if scalar == "\n" { lines.append("") }
            }
            return (text, lines)
        }
    }

    @Test("Grapheme clusters never span an LF, and NFC never composes across one")
    func clustersAndNormalization() {
        for (text, lines) in Self.drafts(count: 300) {
            #expect(lines.map(\.count).reduce(0, +) == text.count, "\(text.debugDescription)")
            #expect(
                lines.map(\.precomposedStringWithCanonicalMapping).joined().unicodeScalars.elementsEqual(
                    text.precomposedStringWithCanonicalMapping.unicodeScalars), "\(text.debugDescription)")
        }
        // The cases that would break it if an LF were not a hard boundary.
        #expect("a\n\u{301}".count == 3 && "\r\n".count == 1 && "🇺\n🇸".count == 3 && "👩\u{200D}\n👩".count == 3)
        #expect("o\n\u{301}".precomposedStringWithCanonicalMapping.unicodeScalars.count == 3)
    }

    /// The entities a scan of `line` (with the LF before it when it has one) finds, in the
    /// whole text's offsets.
    static func entities(
        _ find: (UnsafeBufferPointer<UInt8>) -> [Range<Int>], line: String, start: Int, afterLF: Bool
    ) -> [Range<Int>] {
        let context = afterLF ? "\n" + line : line
        let shift = start - (afterLF ? 1 : 0)
        return withUTF8Bytes(of: context) { find($0) }.map { ($0.lowerBound + shift)..<($0.upperBound + shift) }
    }

    @Test("Links, URLs, mentions and emoji sequences found line by line (after their LF) are the whole text's")
    func entitiesStayInTheirLine() throws {
        let finders: [(String, (UnsafeBufferPointer<UInt8>) -> [Range<Int>])] = [
            ("bluesky links", { BlueskyRules.shared.spans(in: $0).filter { $0.kind == .url }.map(\.utf8Range) }),
            ("twitter URLs", { TwitterRules.shared.weightedURLs(in: $0).map(\.utf8Range) }),
            ("mastodon links and mentions", { MastodonRules.shared.countedSpans(in: $0).map(\.utf8Range) }),
            ("emoji sequences", { EmojiTrie.sequences(in: $0, range: 0..<$0.count) }),
        ]
        var entities = 0
        // The original text (bluesky, mastodon) and its NFC form (twitter counts that).
        let drafts = Self.drafts(count: 300)
        let normalized = drafts.map { ($0.text.precomposedStringWithCanonicalMapping, $0.lines.map(\.precomposedStringWithCanonicalMapping)) }
        for (text, lines) in drafts + normalized {
            for (name, find) in finders {
                let whole = withUTF8Bytes(of: text) { find($0) }
                var byLine: [Range<Int>] = []
                var start = 0
                for (index, line) in lines.enumerated() {
                    byLine += Self.entities(find, line: line, start: start, afterLF: index > 0)
                    start += line.utf8.count
                }
                #expect(byLine == whole, "\(name) in \(text.debugDescription)")
                entities += whole.count
            }
        }
        #expect(entities > 500)
    }

    @Test("Without the LF before it, a line's first character may be taken for the one before a URL")
    func lineStartNeedsItsLF() {
        // twitter-text's preceding-character group may consume a text's first character (here a
        // combining mark) at its very start, so the URL found alone is shorter than after an LF.
        let line = "\u{301}\u{302}example.com/a"
        let alone = withUTF8Bytes(of: line) { TwitterRules.shared.weightedURLs(in: $0).map(\.utf8Range) }
        let afterLF = withUTF8Bytes(of: "\n" + line) { TwitterRules.shared.weightedURLs(in: $0).map(\.utf8Range) }
        #expect(alone == [2..<line.utf8.count] && afterLF == [1..<line.utf8.count + 1])
    }

    @Test("The sum of the line tallies is the whole text's count; every line but the last counts at least 1")
    func tallies() throws {
        for (text, lines) in Self.drafts(count: 120) {
            for warning in ["", "\u{301}", "cw 🇯"] {
                let draft = DraftLength(text: text, profiles: Self.profiles, contentWarning: warning)
                let tallies = draft.lines.elements
                #expect(tallies.count == lines.count && tallies.map(\.utf8) == lines.map(\.utf8.count))
                for profile in Self.profiles {
                    var sum = 0
                    for (index, tally) in tallies.enumerated() {
                        let count = tally.count(profile, head: index == 0 ? draft.head : DraftLength.Head())
                        if index < tallies.count - 1 { #expect(count >= (profile == .twitter ? 100 : 1)) }
                        sum += count
                    }
                    let expected = PostLength.report(for: text, profile: profile, contentWarning: warning)
                    let blank = tallies.allSatisfy(\.mastodonBlank)
                    switch profile {
                    case .twitter: #expect(sum / 100 == expected.length)
                    case .mastodon where blank: #expect(warning.count == expected.length)
                    default: #expect(sum == expected.length, "\(profile) \(text.debugDescription)")
                    }
                }
            }
        }
    }
}
