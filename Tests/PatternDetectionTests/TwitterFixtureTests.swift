import Foundation
import TestSupport
import PatternDetection
import Testing

/// In-house fixtures for the twitter rule set (`Fixtures/twitter/`): offsets after emoji and other
/// supplementary characters, URL paths with parenthesis groups after characters that cannot end a
/// path, and long hostile runs that make the reference's expressions backtrack for seconds.
/// Expected spans were produced by twitter-text 3.1.0's extraction.
@Suite("twitter fixtures")
struct TwitterFixtureTests {
    struct IndicesCase: Decodable, Sendable, CustomTestStringConvertible {
        struct Expected: Decodable, Sendable {
            var kind: String
            var text: String
            var utf16: [Int]
        }
        var name: String
        var text: String
        var spans: [Expected]
        var testDescription: String { name }
    }

    struct HostileCase: Decodable, Sendable, CustomTestStringConvertible {
        struct Expected: Decodable, Sendable, Equatable {
            var kind: String
            var utf8: [Int]
        }
        var name: String
        var prefix: String
        var unit: String
        var count: Int
        var suffix: String
        var spans: [Expected]
        var testDescription: String { "\(name) (\(count) × \(unit.debugDescription))" }
        var text: String { prefix + String(repeating: unit, count: count) + suffix }
    }

    static func load<Case: Decodable>(_ name: String) -> [Case] {
        let url = TestPaths.fixtures.appendingPathComponent("twitter").appendingPathComponent(name)
        guard let data = try? Data(contentsOf: url) else { return [] }
        return (try? JSONDecoder().decode([Case].self, from: data)) ?? []
    }

    static let indicesCases: [IndicesCase] = load("indices.json")
    static let hostileCases: [HostileCase] = load("hostile.json")
    static let urlPathCases: [IndicesCase] = load("url-paths.json")

    @Test("The fixture files are present and readable")
    func fixturesLoad() {
        #expect(Self.indicesCases.count >= 10)
        #expect(Self.hostileCases.count >= 15)
        #expect(Self.urlPathCases.count >= 10)
    }

    @Test("UTF-16 indices after emoji and astral characters", arguments: indicesCases)
    func indices(_ testCase: IndicesCase) throws {
        try expectReferenceSpans(testCase)
    }

    @Test("URL paths end where the reference ends them around parenthesis groups", arguments: urlPathCases)
    func urlPaths(_ testCase: IndicesCase) throws {
        try expectReferenceSpans(testCase)
    }

    private func expectReferenceSpans(_ testCase: IndicesCase) throws {
        let detector = PatternDetector(rules: TwitterRules.shared)
        let spans = detector.spans(in: testCase.text)
        let actual = spans.map { "\($0.kind) \($0.text(in: testCase.text)) \($0.utf16Range(in: testCase.text))" }
        let expected = testCase.spans.map { "\($0.kind) \($0.text) \($0.utf16[0]..<$0.utf16[1])" }
        #expect(actual == expected)
    }

    @Test("Long hostile runs give the reference's spans", arguments: hostileCases)
    func hostile(_ testCase: HostileCase) throws {
        let detector = PatternDetector(rules: TwitterRules.shared)
        let spans = detector.spans(in: testCase.text)
        #expect(spans.map { HostileCase.Expected(kind: $0.kind.rawValue, utf8: [$0.utf8Range.lowerBound, $0.utf8Range.upperBound]) } == testCase.spans)
    }
}
