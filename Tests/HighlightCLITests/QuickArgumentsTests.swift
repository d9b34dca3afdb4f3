import Testing
@testable import highlight

/// The plain command lines `highlight` reads without the argument parser (the default command's,
/// `split`'s and `post`'s) mean what the parser makes of them, option by option, and every other command line is
/// left to the parser.
@Suite("Quick arguments")
struct QuickArgumentsTests {
    static let plain: [[String]] = [
        [], ["-"], ["a.txt", "b.txt"], ["--rules", "twitter"], ["--format", "json", "a.txt"],
        ["a.txt", "--color", "always", "--rules", "icysky", "-", "b.txt"], ["--input", "jsonl", "--threads", "3"],
        ["--threads", "1", "--format", "facets", "--color", "never", "--input", "text", "--rules", "bluesky", "x"],
        ["--pattern", "t=x", "a.txt"], ["--style", "mention=red"], ["--format", "json", "--profile", "bluesky"],
        ["--pattern", #"ticket=\b[A-Z]+-\d+\b"#, "--style", "ticket=#ff0000,underline", "--pattern", "s=:[a-z]+:", "--style", "url=blue"],
        ["--rules", "mastodon", "--emoji", "emoji.json", "--format", "json", "--profile", "mastodon", "--profile", "twitter",
         "--instance", "instance.json", "--mastodon-limit", "1000", "--url-length", "0", "-"],
        ["--format", "json", "--mastodon-limit", "5", "--profile", "mastodon"], ["--pattern", "", "--style", "x"],
        ["--input", "jsonl", "--format", "json", "--profile", "bluesky", "--profile", "bluesky"],
        ["--input", "jsonl", "--line-buffered", "--format", "json", "-"], ["--line-buffered"],
    ]

    @Test(arguments: plain)
    func aPlainCommandLineMeansWhatTheParserMakesOfIt(_ arguments: [String]) throws {
        let quick = try #require(QuickArguments.highlightRun(arguments))
        let parsed = try HighlightCommand.parse(arguments)
        #expect(quick.rules == parsed.rules)
        #expect(quick.format == parsed.format)
        #expect(quick.input == parsed.input)
        #expect(quick.color == parsed.color)
        #expect(quick.threads == parsed.threads)
        #expect(quick.segmentBytes == parsed.segmentBytes)
        #expect(quick.lineBuffered == parsed.lineBuffered)
        #expect(quick.files == parsed.files)
        #expect(quick.patterns == parsed.pattern)
        #expect(quick.styles == parsed.style)
        #expect(quick.emojiFile == parsed.emoji)
        #expect(quick.profileNames == parsed.profile)
        #expect(quick.mastodon.instance == parsed.mastodon.instance)
        #expect(quick.mastodon.mastodonLimit == parsed.mastodon.mastodonLimit)
        #expect(quick.mastodon.urlLength == parsed.mastodon.urlLength)
    }

    static let others: [[String]] = [
        ["--rules=twitter"], ["--rules", "nope"], ["--rules"], ["--rules", "twitter", "--rules", "icysky"],
        ["--threads", "0"], ["--threads", "two"], ["--threads", "+2"], ["-h"], ["a.txt", "--help"], ["--"],
        ["--profile", "bluesky"], ["--format", "json", "--profile", "instagram"], ["--emoji", "e.json"],
        ["--rules", "mastodon", "--emoji", "a.json", "--emoji", "b.json"], ["--pattern=t=x"], ["--pattern", "-x=y"],
        ["--pattern"], ["--mastodon-limit", "0"], ["--mastodon-limit", "05"], ["--url-length", "-1"], ["--url-length", "x"],
        ["--instance", "a.json", "--instance", "b.json"], ["--threads", "-2"], ["--style", "--pattern", "t=x"],
        ["split"], ["post", "a.txt"], ["replay"], ["text", "a.txt"], ["help"], ["a.txt", "help"], ["-x"],
        ["--segment-bytes", "10"], ["--line-buffered", "--line-buffered"], ["--line-buffered=true"],
        ["--mastodon-limit", "1000001"],
    ]

    @Test(arguments: others)
    func anythingElseGoesToTheParser(_ arguments: [String]) {
        #expect(QuickArguments.highlightRun(arguments) == nil)
    }

    /// `split`'s arguments after the word `split`.
    static let plainSplits: [[String]] = [
        ["--profile", "bluesky"], ["--profile", "twitter", "--numbering", "a.txt"], ["--numbering", "--profile", "bluesky", "x"],
        ["--numbering", "--profile", "mastodon", "--instance", "i.json", "--mastodon-limit", "300", "--url-length", "0",
         "--rules", "bluesky", "--input", "jsonl", "-", "b.txt"],
    ]

    @Test(arguments: plainSplits)
    func aPlainSplitMeansWhatTheParserMakesOfIt(_ arguments: [String]) throws {
        let quick = try #require(QuickArguments.splitRequest(arguments[...]))
        let parsed = try SplitCommand.parse(arguments)
        #expect(quick.profile == parsed.profile)
        #expect(quick.rules == parsed.rules)
        #expect(quick.numbering == parsed.numbering)
        #expect(quick.input == parsed.input)
        #expect(quick.files == parsed.files)
        #expect(quick.mastodon.instance == parsed.mastodon.instance)
        #expect(quick.mastodon.mastodonLimit == parsed.mastodon.mastodonLimit)
        #expect(quick.mastodon.urlLength == parsed.mastodon.urlLength)
    }

    static let otherSplits: [[String]] = [
        [], ["--numbering"], ["a.txt"], ["--profile"], ["--profile", "x"], ["--profile=bluesky"],
        ["--profile", "bluesky", "--numbering", "--numbering"], ["--profile", "bluesky", "--profile", "twitter"],
        ["--profile", "bluesky", "--mastodon-limit", "0"], ["--profile", "bluesky", "--threads", "2"],
        ["--profile", "bluesky", "-h"], ["--profile", "bluesky", "--format", "json"], ["--profile", "bluesky", "--", "a"],
        ["--profile", "bluesky", "--rules", "-"],
    ]

    @Test(arguments: otherSplits)
    func anyOtherSplitGoesToTheParser(_ arguments: [String]) {
        #expect(QuickArguments.splitRequest(arguments[...]) == nil)
    }

    /// `post`'s arguments after the word `post`; what the values mean is checked by the run, for
    /// either path (`--lang` four times, a bad date, both resolvers).
    static let plainPosts: [[String]] = [
        [], ["a.txt", "-"], ["--handles", "h.json", "--created-at", "2026-11-22T12:00:00.000Z", "--lang", "en", "--lang", "pt-BR"],
        ["--resolver", "https://public.api.bsky.app", "--resolver-timeout", "2.5", "--resolver-concurrency", "8", "--input", "jsonl"],
        ["--resolver-timeout", "1e1", "--lang", "en", "--lang", "de", "--lang", "fr", "--lang", "it", "--created-at", "yesterday"],
        ["--handles", "h.json", "--resolver", "http://x"], ["--resolver-timeout", "0", "--resolver-concurrency", "0"],
    ]

    @Test(arguments: plainPosts)
    func aPlainPostMeansWhatTheParserMakesOfIt(_ arguments: [String]) throws {
        let quick = try #require(QuickArguments.postRequest(arguments[...]))
        let parsed = try PostCommand.parse(arguments)
        #expect(quick.handles == parsed.handles)
        #expect(quick.resolver == parsed.resolver)
        #expect(quick.resolverTimeout == parsed.resolverTimeout)
        #expect(quick.resolverConcurrency == parsed.resolverConcurrency)
        #expect(quick.createdAt == parsed.createdAt)
        #expect(quick.lang == parsed.lang)
        #expect(quick.input == parsed.input)
        #expect(quick.files == parsed.files)
    }

    static let otherPosts: [[String]] = [
        ["--handles"], ["--handles=h.json"], ["--handles", "a", "--handles", "b"], ["--resolver-timeout", "soon"],
        ["--resolver-concurrency", "+4"], ["--resolver-timeout", "-1"], ["--lang", "-x"], ["--input", "csv"],
        ["--numbering"], ["--profile", "bluesky"], ["-h"], ["--", "a.txt"], ["post"],
    ]

    @Test(arguments: otherPosts)
    func anyOtherPostGoesToTheParser(_ arguments: [String]) {
        #expect(QuickArguments.postRequest(arguments[...]) == nil)
    }
}
