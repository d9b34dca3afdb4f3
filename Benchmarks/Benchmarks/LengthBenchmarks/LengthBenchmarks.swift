import Benchmark
import ComposerPosts
import PatternDetection

/// What counting a post costs per keystroke: a 300-character post with a link, a mention and
/// emoji, counted from its text (scan + count) under each profile and under all three at once, and
/// counted from spans a highlighter already found (`bluesky`), and a slice counted by a counter
/// made once (what a thread splitter asks many times).
let benchmarks: @Sendable () -> Void = {
    let post: String = {
        var text = "Reading the notes at https://swift.org/blog/swift-6-released/ with @alice.bsky.social 🎉👩‍💻 and "
        let filler = "typing a reply about grapheme clusters, weights and limits; "
        while text.count < 300 { text += filler }
        return String(text.prefix(300))
    }()
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], warmupIterations: 100, maxDuration: .seconds(2), maxIterations: 20_000)
    let profiles: [(String, [LengthProfile])] = [
        ("bluesky", [.bluesky]), ("twitter", [.twitter]), ("mastodon", [.mastodon()]),
        ("all three", [.bluesky, .twitter, .mastodon()]),
    ]
    for (name, selected) in profiles {
        Benchmark("length \(name) 300 chars", configuration: configuration) { (benchmark: Benchmark) in
            for _ in benchmark.scaledIterations {
                blackHole(PostLength.reports(for: post, profiles: selected))
            }
        }
    }
    Benchmark("length bluesky 300 chars, spans given", configuration: configuration) { (benchmark: Benchmark, spans: [Span]) in
        for _ in benchmark.scaledIterations {
            blackHole(PostLengthCounter(text: post, profiles: [.bluesky], blueskySpans: spans).report(for: .bluesky))
        }
    } setup: {
        PatternDetector(rules: BlueskyRules.shared).spans(in: post)
    }
    Benchmark("length all three 300 chars, slice of a counted draft", configuration: configuration) {
        (benchmark: Benchmark, counter: PostLengthCounter) in
        let slice = 0..<post.utf8.count
        for _ in benchmark.scaledIterations {
            for profile in [LengthProfile.bluesky, .twitter, .mastodon()] {
                blackHole(counter.report(for: profile, utf8Range: slice))
            }
        }
    } setup: {
        PostLengthCounter(text: post + "\n\n" + post, profiles: [.bluesky, .twitter, .mastodon()])
    }
}
