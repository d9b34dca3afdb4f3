import Foundation
import PatternDetection
import TestSupport
import Testing

@testable import ComposerPosts

/// Agreement with the reference implementations on generated posts (emoji of every kind, CJK,
/// NFC-changing text, astral characters, URLs with and without scheme, t.co, mentions, invalid
/// characters, posts over the limit). Each fixture line is a post and what the reference said about
/// it: twitter-text 3.1.0's `parseTweet` run in JavaScript; Mastodon's status length validator
/// (the entities it rewrites found by Mastodon's own Ruby extractor, clusters by Unicode 17's
/// rules, the valid end by this package's definition);
/// `Intl.Segmenter` clusters of the Bluesky app's posted text. The oracle scripts run outside the
/// repository. `LENGTH_ORACLE_DIR` points the tests at a directory of larger files of the same names.
@Suite("Post length: agreement with the references")
struct LengthOracleTests {
    static func cases<Case: Decodable>(_ name: String, as _: Case.Type) throws -> [Case] {
        let directory = ProcessInfo.processInfo.environment["LENGTH_ORACLE_DIR"].map { URL(fileURLWithPath: $0) }
            ?? TestPaths.fixtures.appendingPathComponent("length")
        // JSONDecoder, not JSONSerialization: the latter drops U+FEFF inside strings.
        let decoder = JSONDecoder()
        return try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            .split(separator: "\n").map { try decoder.decode(Case.self, from: Data($0.utf8)) }
    }

    /// A UTF-16 offset of `text` as a UTF-8 offset (on a scalar boundary).
    static func utf8Offset(ofUTF16 offset: Int, in text: String) -> Int {
        text.utf8.distance(from: text.startIndex, to: String.Index(utf16Offset: offset, in: text))
    }

    struct TwitterCase: Decodable {
        var text: String
        var weightedLength: Int
        var valid: Bool
        var permillage: Int
        var validRangeEnd: Int
    }

    @Test("twitter: length, validity, permillage and valid range as parseTweet reports them")
    func twitter() throws {
        let cases = try Self.cases("twitter-parse-tweet.jsonl", as: TwitterCase.self)
        #expect(cases.count >= 200)
        var divergences = 0
        for entry in cases {
            let text = entry.text
            let expected = TwitterParse(
                weightedLength: entry.weightedLength, valid: entry.valid, permillage: entry.permillage,
                validRangeEnd: entry.validRangeEnd)
            let parse = withUTF8Bytes(of: text) { bytes in
                TwitterLength.parse(bytes, range: 0..<bytes.count, urls: nil, weighting: .version3).parse
            }
            let report = PostLengthCounter(text: text, profiles: [.twitter], blueskySpans: []).report(for: .twitter)
            let validEnd = min(max(entry.validRangeEnd + 1, 0), text.utf16.count)
            if parse != expected || report.length != expected.weightedLength || report.isValid != expected.valid
                || report.permillage != expected.permillage || report.validRange.utf16 != 0..<validEnd
            {
                divergences += 1
                if divergences <= 5 { Issue.record("\(text.debugDescription): \(parse) ≠ \(expected)") }
            }
        }
        #expect(divergences == 0, "\(divergences) of \(cases.count) posts diverge")
    }

    struct MastodonCase: Decodable {
        var text: String
        var contentWarning: String
        var limit: Int
        var urlLength: Int
        var length: Int
        var validEndUTF16: Int
    }

    @Test("mastodon: length with content warning, URLs, mentions; the valid range's end")
    func mastodon() throws {
        let cases = try Self.cases("mastodon-status-length.jsonl", as: MastodonCase.self)
        #expect(cases.count >= 200)
        var divergences = 0
        for entry in cases {
            let profile = LengthProfile.mastodon(limit: entry.limit, urlLength: entry.urlLength)
            let report = PostLengthCounter(text: entry.text, profiles: [profile], blueskySpans: [])
                .report(for: profile, contentWarning: entry.contentWarning)
            if report.length != entry.length || report.isValid != (entry.length <= entry.limit)
                || report.validRange.utf16.upperBound != entry.validEndUTF16
                || report.validRange.utf8.upperBound != Self.utf8Offset(ofUTF16: entry.validEndUTF16, in: entry.text)
            {
                divergences += 1
                if divergences <= 5 {
                    Issue.record("\(entry.text.debugDescription): \(report.length) ≠ \(entry.length), \(report.validRange) ≠ …\(entry.validEndUTF16)")
                }
            }
        }
        #expect(divergences == 0, "\(divergences) of \(cases.count) posts diverge")
    }

    struct BlueskyCase: Decodable {
        struct Count: Decodable {
            var length: Int
            var validEndUTF16: Int
        }
        var text: String
        /// The `bluesky` rule set's links when the fixture was made (UTF-16 ranges).
        var links: [[Int]]
        /// With the links as typed, and shortened by social-app's `toShortUrl`.
        var asTyped: Count
        var shortened: Count
        var dependsOnShortening: Bool
    }

    /// Whether ``BlueskyLinkShortening`` is still the placeholder that returns the text unchanged.
    static let shortenerIsPlaceholder = BlueskyLinkShortening.shortText(ofLink: "https://example.com/") == "https://example.com/"

    @Test("bluesky: clusters of the posted text (links as typed until the shortener lands, then shortened)")
    func bluesky() throws {
        let cases = try Self.cases("bluesky-post-length.jsonl", as: BlueskyCase.self)
        #expect(cases.count >= 200)
        #expect(cases.contains { $0.dependsOnShortening } && cases.contains { !$0.dependsOnShortening })
        var divergences = 0
        for entry in cases {
            let links = withUTF8Bytes(of: entry.text) { bytes in
                BlueskyRules.shared.spans(in: bytes).filter { $0.kind == .url }
            }
            #expect(links.map { $0.utf16Range(in: entry.text) } == entry.links.map { $0[0]..<$0[1] })
            let expected = Self.shortenerIsPlaceholder ? entry.asTyped : entry.shortened
            let report = PostLength.report(for: entry.text, profile: .bluesky)
            if report.length != expected.length || report.isValid != (1...300).contains(expected.length)
                || report.validRange.utf16.upperBound != expected.validEndUTF16
                || report.validRange.utf8.upperBound != Self.utf8Offset(ofUTF16: expected.validEndUTF16, in: entry.text)
            {
                divergences += 1
                if divergences <= 5 { Issue.record("\(entry.text.debugDescription): \(report.length) ≠ \(expected.length)") }
            }
        }
        #expect(divergences == 0, "\(divergences) of \(cases.count) posts diverge")
    }
}
