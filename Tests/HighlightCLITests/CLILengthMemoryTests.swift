import Testing

/// `--profile` counts a document's length without holding its spans: every profile keeps only
/// what it counts specially (links; for mastodon also mentions), so a document dense in other
/// spans costs its text, not its spans.
///
/// Invariant: under a 48 MB data limit, 3 MB of `#a #a …` (a million hashtags, no link) is counted
/// under each profile, as a text document and as one jsonl line (streamed, its spans not
/// collected). Holding the million spans, which the `bluesky` profile did to find the links among
/// them, needs more than 60 MB there.
@Suite("CLI length profiles in bounded memory")
struct CLILengthMemoryTests {
    static let tags = Array(String(repeating: "#a ", count: 1_000_000).utf8)

    @Test(
        "A million hashtags are counted under a 48 MB data limit",
        arguments: ["bluesky", "twitter", "mastodon"], ["text", "jsonl"])
    func manyHashtagsInBoundedMemory(_ profile: String, input: String) {
        let bytes = input == "text" ? Self.tags : [UInt8(ascii: "\"")] + Self.tags + Array("\"\n".utf8)
        let result = ChildProcess.highlight(
            ["--profile", profile, "--format", "json", "--input", input], input: .bytes(bytes), dataLimitBytes: 48 << 20)
        #expect(result.status == 0, "--profile \(profile), \(input): \(result.stderrText.prefix(200))")
        #expect(result.stdoutCount > Self.tags.count, "the spans and the length were written")
    }
}
