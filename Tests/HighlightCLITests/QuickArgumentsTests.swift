import Testing
@testable import highlight

/// The plain command lines `highlight` reads without the argument parser mean what the parser
/// makes of them, and every other command line is left to the parser.
@Suite("Quick arguments")
struct QuickArgumentsTests {
    static let plain: [[String]] = [
        [], ["-"], ["a.txt", "b.txt"], ["--rules", "twitter"], ["--format", "json", "a.txt"],
        ["a.txt", "--color", "always", "--rules", "icysky", "-", "b.txt"], ["--input", "jsonl", "--threads", "3"],
        ["--threads", "1", "--format", "facets", "--color", "never", "--input", "text", "--rules", "bluesky", "x"],
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
        #expect(quick.files == parsed.files)
        #expect(quick.patterns.isEmpty && quick.styles.isEmpty && quick.profiles.isEmpty)
    }

    static let others: [[String]] = [
        ["--rules=twitter"], ["--rules", "nope"], ["--rules"], ["--rules", "twitter", "--rules", "icysky"],
        ["--threads", "0"], ["--threads", "two"], ["--threads", "+2"], ["-h"], ["a.txt", "--help"], ["--"],
        ["--pattern", "t=x"], ["--style", "mention=red"], ["--format", "json", "--profile", "bluesky"],
        ["split"], ["post", "a.txt"], ["replay"], ["text", "a.txt"], ["help"], ["a.txt", "help"], ["-x"],
        ["--segment-bytes", "10"],
    ]

    @Test(arguments: others)
    func anythingElseGoesToTheParser(_ arguments: [String]) {
        #expect(QuickArguments.highlightRun(arguments) == nil)
    }
}
