import Foundation
import Testing
import TestSupport
@testable import ComposerPosts

/// `Fixtures/links/short-urls.jsonl`: 400 generated link texts with node 20's `new URL` components
/// (`url`, null when it throws or the scheme is not http/https) and social-app's `toShortUrl`
/// result (`short`). Cases where node 20 departs from the current standards (see
/// ``WebURLIDNATests``) are not in it.
@Suite("Link shortening fixture (node's URL)")
struct LinkShorteningFixtureTests {
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        struct Parts: Decodable, Sendable { var host, pathname, search, hash: String }
        var input: String
        var short: String
        var url: Parts?
        var testDescription: String { input.debugDescription }
    }

    static let cases: [Case] = {
        let file = TestPaths.fixtures.appendingPathComponent("links/short-urls.jsonl")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { try? JSONDecoder().decode(Case.self, from: Data($0.utf8)) }
    }()

    @Test func theFixtureIsReadWhole() {
        #expect(Self.cases.count == 400)
        #expect(Self.cases.filter { $0.url != nil }.count == 300)
    }

    @Test(arguments: cases)
    func agreesWithNode(_ testCase: Case) {
        let url = WebURL(parsing: testCase.input)
        #expect(url.map { [$0.host, $0.pathname, $0.search, $0.hash] }
            == testCase.url.map { [$0.host, $0.pathname, $0.search, $0.hash] })
        #expect(BlueskyLinkShortening.shortText(ofLink: testCase.input[...]) == testCase.short)
    }
}
