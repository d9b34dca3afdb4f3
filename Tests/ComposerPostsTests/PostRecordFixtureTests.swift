import Foundation
import PatternDetection
import Testing
import TestSupport
@testable import ComposerPosts

/// `Fixtures/posts/post-records.jsonl`: 251 posts with the text and facets the Bluesky app
/// publishes (atproto's `detectFacets` resolved through `post-records-handles.json`, then the app's
/// `shortenLinks` and `stripInvalidMentions`, run in node; see the fixture's README for the two
/// slips of the app's offset arithmetic that the expected values do not copy).
@Suite("Post records: agreement with the app (oracle fixture)")
struct PostRecordFixtureTests {
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        var input: String
        var text: String
        var facets: [BlueskyFacet]
        var appDiffers: [String]?
        var testDescription: String { String(input.prefix(60)).debugDescription }
    }

    static let handles: HandleMap? = {
        let file = TestPaths.fixtures.appendingPathComponent("posts/post-records-handles.json")
        guard let data = try? Data(contentsOf: file),
            let dids = try? JSONDecoder().decode([String: String].self, from: data)
        else { return nil }
        return try? HandleMap(dids)
    }()

    static let cases: [Case] = {
        let file = TestPaths.fixtures.appendingPathComponent("posts/post-records.jsonl")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { try? JSONDecoder().decode(Case.self, from: Data($0.utf8)) }
    }()

    @Test func theFixtureIsReadWhole() {
        #expect(Self.cases.count == 251)
        #expect(Self.handles?.dids.count == 7)
        // The cases that exercise the app's slips and resolved mentions are there.
        #expect(Self.cases.filter { $0.appDiffers?.contains("utf16-insert") == true }.count == 37)
        #expect(Self.cases.filter { $0.appDiffers?.contains("bom-dropped") == true }.count == 15)
        let resolvedMentions = Self.cases.filter { $0.facets.contains { $0.features.first?.type == BlueskyFacet.Mention.type } }
        #expect(resolvedMentions.count == 127)
        // Handles typed in mixed case resolve like their lower-case spelling.
        let mixedCase = resolvedMentions.filter { testCase in
            let text = Array(testCase.text.utf8)
            return testCase.facets.contains { facet in
                guard case .mention = facet.features.first else { return false }
                let slice = String(decoding: text[facet.index.utf8Range], as: UTF8.self)
                return slice != slice.lowercased()
            }
        }
        #expect(mixedCase.count == 66)
    }

    @Test(arguments: cases)
    func agreesWithTheApp(_ testCase: Case) async throws {
        let handles = try #require(Self.handles)
        let (record, _) = await BlueskyPostRecord.make(
            from: testCase.input, resolver: handles, createdAt: Date(timeIntervalSince1970: 0))
        #expect(record.text == testCase.text)
        #expect(record.facets == testCase.facets)
    }
}
