import Foundation
import PatternDetection
import TestSupport
import Testing

/// Mastodon's own spec cases (mentions, hashtags, the extractor, the text formatter's links, the
/// emoji formatter) and the rule set's rules, as facts: `Fixtures/mastodon/spec-cases.json`.
@Suite("Mastodon spec cases")
struct MastodonSpecCaseTests {
    static let cases: [DetectionCase] = {
        struct File: Decodable { var cases: [DetectionCase] }
        let url = TestPaths.fixtures.appendingPathComponent("mastodon/spec-cases.json")
        guard let data = try? Data(contentsOf: url) else { return [] }
        return (try? JSONDecoder().decode(File.self, from: data).cases) ?? []
    }()

    @Test func theFixtureIsThere() {
        #expect(Self.cases.count >= 100)
    }

    @Test("every case gives exactly its spans and values", arguments: cases)
    func specCase(_ testCase: DetectionCase) throws {
        #expect(try mastodonSpans(testCase.input) == testCase.spans)
    }
}

/// Runs `rules` (the shared `mastodon` rules by default) over `input` in the case-file shape.
func mastodonSpans(_ input: String, rules: MastodonRules = .shared) throws -> [ExpectedSpan] {
    try withUTF8Bytes(of: input) { bytes throws in
        rules.spans(in: bytes).map { span in
            ExpectedSpan(
                kind: span.kind.rawValue,
                text: String(decoding: UnsafeBufferPointer(rebasing: bytes[span.utf8Range]), as: UTF8.self),
                byteStart: span.utf8Range.lowerBound, byteEnd: span.utf8Range.upperBound,
                value: rules.value(of: span, in: bytes))
        }
    }
}
