import Foundation
import PatternDetection
import Testing

@testable import ComposerPosts

/// Properties of the thread splitter on random drafts of 1–30 posts' worth of text, for every
/// profile, with and without numbering, checked by ``ThreadOracle/violations(of:)`` (posts counted
/// only by ``PostLength``). `THREAD_DRAFTS` sets the number of drafts per case, `THREAD_SEED`
/// the seed.
@Suite("Thread splitting: properties on random drafts")
struct ThreadPropertyTests {
    static let drafts = ProcessInfo.processInfo.environment["THREAD_DRAFTS"].flatMap(Int.init) ?? 4
    static let seed = ProcessInfo.processInfo.environment["THREAD_SEED"].flatMap(UInt64.init) ?? 0x5EED_7EAD

    static let profiles: [LengthProfile] = [.bluesky, .twitter, .mastodon(), .mastodon(limit: 60, urlLength: 23)]

    @Test("Valid posts that tile the draft, allowed cuts, no mergeable posts, no better cut", arguments: profiles, [false, true])
    func randomDrafts(profile: LengthProfile, numbering: Bool) throws {
        try check(profile: profile, numbering: numbering, spaced: true)
    }

    @Test("Glued entities (a link after 。, a URL after a letter): still valid, tiled, allowed cuts, no mergeable posts", arguments: profiles, [false, true])
    func gluedDrafts(profile: LengthProfile, numbering: Bool) throws {
        try check(profile: profile, numbering: numbering, spaced: false)
    }

    func check(profile: LengthProfile, numbering: Bool, spaced: Bool) throws {
        var drafts = ThreadDrafts(seed: Self.seed &+ UInt64(profile.limit) &* 31 &+ (numbering ? 1 : 0) &+ (spaced ? 2 : 0), spaced: spaced)
        let splitter = ThreadSplitter(profile: profile, numbering: numbering)
        var failures = 0
        for _ in 0..<Self.drafts {
            let worth = 1 + drafts.below(30)
            let draft = drafts.draft(characters: worth * profile.limit * 4 / 5)
            let posts = try splitter.split(draft)
            var oracle = ThreadOracle(draft: draft, profile: profile, numbering: numbering)
            let problems = oracle.violations(of: posts, ranks: spaced)
            if !problems.isEmpty {
                failures += 1
                if failures <= 3 { Issue.record("\(problems.prefix(5)) in the draft \(draft.debugDescription)") }
            }
        }
        #expect(failures == 0)
    }
}
