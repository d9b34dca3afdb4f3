import Foundation
import PatternDetection
import Testing

@testable import ComposerPosts

/// The splitter against ``ThreadOracle/bestSplit()`` — every split at the allowed cuts tried, posts
/// counted only by ``PostLength`` — on small random drafts (`spaced`, where lengths add up, so the
/// splitter promises the fewest posts and the best-ranked cuts). Every profile, with and without
/// numbering; a small mastodon limit makes many posts of few words, and words too long for a post
/// (cut inside: every character boundary is a candidate, so the exhaustive search is kept to
/// that limit). `THREAD_ORACLE_DRAFTS` sets the number of drafts per case.
@Suite("Thread splitting: against an exhaustive search")
struct ThreadOracleTests {
    static let drafts = ProcessInfo.processInfo.environment["THREAD_ORACLE_DRAFTS"].flatMap(Int.init) ?? 3

    static let cases: [(profile: LengthProfile, numbering: Bool, draftsFactor: Int)] = [
        (.bluesky, false, 1), (.bluesky, true, 1), (.twitter, false, 1), (.twitter, true, 1),
        (.mastodon(), false, 1), (.mastodon(), true, 1),
        (.mastodon(limit: 45, urlLength: 23), false, 4), (.mastodon(limit: 45, urlLength: 23), true, 4),
    ]

    @Test("The same posts as the exhaustive search", arguments: cases.indices)
    func sameAsExhaustiveSearch(_ index: Int) throws {
        let (profile, numbering, factor) = Self.cases[index]
        let small = profile.limit <= 60
        var drafts = ThreadDrafts(seed: 0x0_4AC1E &+ UInt64(index), spaced: true, veryLong: small ? 40..<150 : nil)
        let splitter = ThreadSplitter(profile: profile, numbering: numbering)
        var posts = 0
        for _ in 0..<(Self.drafts * factor) {
            // Small drafts: 1 to 2.5 posts' worth (the small mastodon limit: up to 12 posts).
            let characters = small ? 40 + drafts.below(450) : profile.limit + drafts.below(profile.limit)
            let draft = drafts.draft(characters: characters)
            let split = try splitter.split(draft)
            var oracle = ThreadOracle(draft: draft, profile: profile, numbering: numbering)
            let expected = oracle.bestSplit()
            #expect(split.map(\.utf8Range) == expected, "\(draft.debugDescription)")
            posts += split.count
        }
        #expect(posts > Self.drafts * factor)
    }
}
