import Foundation
import TestSupport
import PatternDetection
import Testing

/// Random posts whose expected spans were produced by running the atproto reference's own regular
/// expressions and decision code (`Fixtures/bluesky/reference-agreement.jsonl`, see the README
/// there): a regression check on agreement that needs no JavaScript at test time.
@Suite("Bluesky agreement with the reference on random posts")
struct BlueskyAgreementTests {
    /// One line: `{"input": "…", "spans": [["url", 0, 11, "https://example.com"], …]}`.
    struct Sample: Decodable {
        var input: String
        var spans: [[Entry]]

        enum Entry: Decodable, Hashable {
            case number(Int)
            case text(String)

            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let number = try? container.decode(Int.self) {
                    self = .number(number)
                } else {
                    self = .text(try container.decode(String.self))
                }
            }
        }
    }

    static let fixture = TestPaths.fixtures.appendingPathComponent("bluesky/reference-agreement.jsonl")

    @Test("every sample post gives the reference's spans and values")
    func agreement() throws {
        let lines = try String(contentsOf: Self.fixture, encoding: .utf8).split(separator: "\n")
        #expect(lines.count >= 800)
        var divergences: [String] = []
        var spanCount = 0
        for line in lines {
            let sample = try JSONDecoder().decode(Sample.self, from: Data(line.utf8))
            let expected = sample.spans.map { entry -> String in
                entry.map { part in
                    switch part {
                    case .number(let number): return String(number)
                    case .text(let text): return text
                    }
                }.joined(separator: "|")
            }
            spanCount += expected.count
            let actual = try blueskySpans(sample.input).map {
                [$0.kind, String($0.byteStart), String($0.byteEnd), $0.value].joined(separator: "|")
            }
            if actual != expected {
                divergences.append("\(sample.input.debugDescription): expected \(expected), got \(actual)")
            }
        }
        #expect(spanCount > 500)
        #expect(divergences.isEmpty, "\(divergences.count) divergences, first: \(divergences.prefix(10))")
    }
}
