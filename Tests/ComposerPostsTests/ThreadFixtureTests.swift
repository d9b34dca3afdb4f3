import Foundation
import PatternDetection
import TestSupport
import Testing

@testable import ComposerPosts

/// `Fixtures/threads`: an essay-like draft (paragraphs, a list, links, mentions, tags, cashtags,
/// emoji, Japanese without spaces) and its expected threads per profile, with and without
/// numbering (`essay.PROFILE[-numbered].json`, the `highlight split` output the CLI tests compare
/// byte for byte); each expected thread passes the oracle's checks. `glued-link.txt` glues links to
/// the text before them: its split is valid and no two neighbouring posts fit as one (which takes
/// the splitter's merge pass). `back-under-ten.txt` needs ten posts numbered ` k/9`, but nine once
/// the words too long for ` 99/99` are cut too.
@Suite("Thread splitting: fixtures")
struct ThreadFixtureTests {
    static let directory = TestPaths.fixtures.appendingPathComponent("threads")
    static let cases: [(name: String, profile: LengthProfile, numbering: Bool)] = [
        ("bluesky", .bluesky, false), ("bluesky-numbered", .bluesky, true), ("twitter", .twitter, false),
        ("twitter-numbered", .twitter, true), ("mastodon", .mastodon(), false), ("mastodon-numbered", .mastodon(), true),
    ]

    struct Thread: Decodable {
        struct Post: Decodable {
            var text: String
            var length: Int
            var utf8: [Int]
            var utf16: [Int]
        }
        var posts: [Post]
    }

    @Test("The essay's threads", arguments: cases.indices)
    func essay(_ index: Int) throws {
        let (name, profile, numbering) = Self.cases[index]
        let draft = try String(contentsOf: Self.directory.appendingPathComponent("essay.txt"), encoding: .utf8)
        let expected = try JSONDecoder().decode(Thread.self, from: Data(contentsOf: Self.directory.appendingPathComponent("essay.\(name).json")))
        let posts = try ThreadSplitter(profile: profile, numbering: numbering).split(draft)
        #expect(posts.map(\.text) == expected.posts.map(\.text))
        #expect(posts.map(\.length) == expected.posts.map(\.length))
        #expect(posts.map { [$0.utf8Range.lowerBound, $0.utf8Range.upperBound] } == expected.posts.map(\.utf8))
        #expect(posts.map { [$0.utf16Range.lowerBound, $0.utf16Range.upperBound] } == expected.posts.map(\.utf16))
        var oracle = ThreadOracle(draft: draft, profile: profile, numbering: numbering)
        #expect(oracle.violations(of: posts) == [])
        #expect(posts.count > 3)
    }

    @Test("Links glued to the text before them: valid, and no neighbours that fit as one")
    func gluedLinks() throws {
        let draft = try String(contentsOf: Self.directory.appendingPathComponent("glued-link.txt"), encoding: .utf8)
        let posts = try ThreadSplitter(profile: .bluesky, numbering: true).split(draft)
        var oracle = ThreadOracle(draft: draft, profile: .bluesky, numbering: true)
        #expect(oracle.violations(of: posts, ranks: false) == [])
    }

    @Test("Back under ten posts: numbered k/9, with the words cut that only ` 99/99` made too long")
    func backUnderTen() throws {
        let draft = try String(contentsOf: Self.directory.appendingPathComponent("back-under-ten.txt"), encoding: .utf8)
        let posts = try ThreadSplitter(profile: .bluesky, numbering: true).split(draft)
        #expect(posts.count == 9 && posts.last?.text.hasSuffix(" 9/9") == true)
        var oracle = ThreadOracle(draft: draft, profile: .bluesky, numbering: true)
        #expect(oracle.violations(of: posts, ranks: false) == [])
        // Some cut lies inside a word that fits in a post with " 9/9" after it.
        let oneDigit = Set(oracle.cuts(reserve: oracle.reserve(digits: 1)).map(\.dropped))
        let insideWords = zip(posts, posts.dropFirst()).map(\.0.utf8Range.upperBound).filter { cut in
            posts.contains { $0.utf8Range.lowerBound == cut }
        }
        let fitting = insideWords.filter { !oneDigit.contains($0..<$0) }
        #expect(!fitting.isEmpty)
    }
}
