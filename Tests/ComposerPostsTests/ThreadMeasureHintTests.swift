import PatternDetection
import Testing

@testable import ComposerPosts

/// Where a part too long for a post tells the cut search to look next: close to where its longest
/// fitting prefix really ends, for every profile, at white space and inside a word, and for text
/// that NFC changes (whose twitter-text valid range is shifted by the whole change).
@Suite("Thread splitting: the count's hints")
struct ThreadMeasureHintTests {
    static let profiles: [LengthProfile] = [.bluesky, .twitter, .mastodon()]

    /// Drafts of one kind of text each, 3 to 5 posts long.
    static let drafts: [String] = [
        String(repeating: "e\u{301}", count: 1000),  // é decomposed, one word
        String(repeating: "\u{1100}\u{1161}", count: 700),  // 가 as jamo, one word
        String(repeating: "日本語のテキスト", count: 150),  // one word, weight 2 under twitter
        String(repeating: "word ", count: 250),
        String(repeating: "cafe\u{301} ", count: 200),  // white space, NFC changes each word
    ]

    /// The end of the longest prefix of `range` (at a cluster boundary) that fits as a post with
    /// `suffix`, by bisection over the cluster boundaries (the drafts' prefixes fit up to some
    /// length and no further).
    static func fittingEnd(_ text: String, _ range: Range<Int>, suffix: String, profile: LengthProfile) -> Int {
        let bytes = Array(text.utf8)
        let ends = text.indices.dropFirst().map { text.utf8.distance(from: text.startIndex, to: $0) } + [bytes.count]
        let candidates = ends.filter { $0 > range.lowerBound && $0 <= range.upperBound }
        func fits(_ end: Int) -> Bool {
            PostLength.report(for: String(decoding: bytes[range.lowerBound..<end], as: UTF8.self) + suffix, profile: profile).isValid
        }
        var low = -1, high = candidates.count  // candidates[low] fits, candidates[high] does not
        while low + 1 < high {
            let middle = (low + high) / 2
            if fits(candidates[middle]) { low = middle } else { high = middle }
        }
        return low < 0 ? range.lowerBound : candidates[low]
    }

    @Test("A part too long hints within two characters of where its fitting prefix ends", arguments: profiles)
    func hintNearTheFittingEnd(_ profile: LengthProfile) throws {
        for draft in Self.drafts {
            let scanned = ThreadDraft(text: draft, profile: profile, rules: ThreadSplitter.defaultRules(for: profile))
            let bytes = draft.utf8.count
            for (suffix, insideWord) in [("", true), (" 1/9", true), ("", false), (" 10/99", false)] {
                let start = insideWord ? ThreadCut(dropped: 0..<0, rank: .character, isInsideWord: true) : scanned.whiteSpaceCuts[0]
                let end =
                    insideWord ? ThreadCut(dropped: bytes..<bytes, rank: .character, isInsideWord: true) : scanned.whiteSpaceCuts.last!
                let measure = scanned.measure(from: start, to: end, suffix: suffix)
                #expect(!measure.isValid)
                let expected = Self.fittingEnd(draft, scanned.slice(from: start, to: end), suffix: suffix, profile: profile)
                let hint = try #require(measure.fittingEnd, "no hint for \(draft.prefix(12))… \(profile)")
                // Two characters of the draft, one a whole word at white space.
                let slack = insideWord ? 2 * 6 : 2 * 6 + 6
                #expect(
                    abs(hint - expected) <= slack,
                    "\(draft.prefix(12))… \(profile) \(suffix): hint \(hint), fits to \(expected)")
            }
        }
    }
}
