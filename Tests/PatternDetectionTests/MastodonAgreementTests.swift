import Foundation
import PatternDetection
import TestSupport
import Testing

/// Statuses whose expected spans and lengths were produced by running Mastodon's own Ruby code
/// (`Fixtures/mastodon/reference-agreement.jsonl`, see the README there): agreement stays checked
/// without Ruby at test time.
@Suite("Mastodon agreement with the server's extractor on generated statuses")
struct MastodonAgreementTests {
    /// One line: `{"input": "…", "spans": [["url", 0, 11, "https://example.com"], …], "length": N}`.
    struct Sample: Decodable {
        var input: String
        var spans: [[BlueskyAgreementTests.Sample.Entry]]
        var length: Int
    }

    static let fixture = TestPaths.fixtures.appendingPathComponent("mastodon/reference-agreement.jsonl")

    static func samples() throws -> [Sample] {
        try String(contentsOf: fixture, encoding: .utf8).split(separator: "\n").map {
            try JSONDecoder().decode(Sample.self, from: Data($0.utf8))
        }
    }

    @Test("every status gives the server's spans and values")
    func agreement() throws {
        let samples = try Self.samples()
        #expect(samples.count >= 2000)
        var divergences: [String] = []
        var spanCount = 0
        for sample in samples {
            let expected = sample.spans.map { entry in
                entry.map { part -> String in
                    switch part {
                    case .number(let number): return String(number)
                    case .text(let text): return text
                    }
                }.joined(separator: "|")
            }
            spanCount += expected.count
            let actual = try mastodonSpans(sample.input).map {
                [$0.kind, String($0.byteStart), String($0.byteEnd), $0.value].joined(separator: "|")
            }
            if actual != expected { divergences.append("\(sample.input.debugDescription): expected \(expected), got \(actual)") }
        }
        #expect(spanCount > 3000)
        #expect(divergences.isEmpty, "\(divergences.count) divergences, first: \(divergences.prefix(5))")
    }

    @Test("the kinds are all there")
    func everyKindOccurs() throws {
        var kinds: Set<String> = []
        for sample in try Self.samples() {
            for entry in sample.spans { if case .text(let kind) = entry.first { kinds.insert(kind) } }
        }
        #expect(kinds == ["mention", "hashtag", "url", "emoji"])
    }
}
