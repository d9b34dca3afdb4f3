import ComposerPosts
import Foundation
import TestSupport
import Testing

/// The `mastodon` profile against Mastodon's own `StatusLengthValidator`, run in Ruby on the
/// held-out statuses of `Fixtures/mastodon/reference-agreement.jsonl` (their `length`).
///
/// Statuses holding an Indic virama are left out: the servers' Ruby 3.3/3.4 segment grapheme
/// clusters by Unicode 15.0, which splits a conjunct (consonant, virama, consonant) that Unicode
/// 15.1 and later, and this package, keep as one cluster.
@Suite("Mastodon length agreement with the server's validator")
struct MastodonLengthAgreementTests {
    struct Sample: Decodable {
        var input: String
        var length: Int
    }

    static let viramas: Set<Unicode.Scalar> = ["\u{94D}", "\u{9CD}", "\u{ACD}", "\u{B4D}", "\u{C4D}", "\u{D4D}"]

    @Test func everyStatusCountsAsTheServerCountsIt() throws {
        let url = TestPaths.fixtures.appendingPathComponent("mastodon/reference-agreement.jsonl")
        let samples = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map {
            try JSONDecoder().decode(Sample.self, from: Data($0.utf8))
        }
        var compared = 0
        var divergences: [String] = []
        for sample in samples where !sample.input.unicodeScalars.contains(where: Self.viramas.contains) {
            compared += 1
            let length = PostLength.report(for: sample.input, profile: .mastodon()).length
            if length != sample.length { divergences.append("\(sample.input.debugDescription): \(length), server \(sample.length)") }
        }
        #expect(compared > 1800)
        #expect(divergences.isEmpty, "\(divergences.count) divergences, first: \(divergences.prefix(5))")
    }
}
