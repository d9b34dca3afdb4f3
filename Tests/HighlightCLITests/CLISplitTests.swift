import Foundation
import Testing

/// `highlight split`: the JSON shape, numbering, profiles and their options, usage errors, jsonl
/// error lines, input that is not UTF-8, and the essay fixture's threads byte for byte.
@Suite("CLI split")
struct CLISplitTests {
    static let threads = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/threads")

    func split(_ arguments: [String], _ input: String) -> ChildProcess.Result {
        ChildProcess.highlight(["split"] + arguments, input: input)
    }

    @Test("One line per document: posts with text, length, UTF-8 and UTF-16 ranges, in that order")
    func shape() {
        let result = split(["--profile", "mastodon", "--mastodon-limit", "12"], "  Hi 🦋 there.\n\nSecond one é\n")
        #expect(result.status == 0)
        #expect(result.stdoutText == #"""
            {"posts":[{"text":"Hi 🦋 there.","length":11,"utf8":[2,16],"utf16":[2,14]},{"text":"Second one é","length":12,"utf8":[18,31],"utf16":[16,28]}]}

            """#)
        #expect(split(["--profile", "bluesky"], " \n\t").stdoutText == "{\"posts\":[]}\n")
        // Quotes, backslashes and control characters are escaped.
        #expect(split(["--profile", "twitter"], "say \"hi\"\\\u{1}").stdoutText
            == #"{"posts":[{"text":"say \"hi\"\\\u0001","length":10,"utf8":[0,10],"utf16":[0,10]}]}"# + "\n")
    }

    @Test("--numbering: ' k/n' after each post of several, counted; none after a single post")
    func numbering() {
        let draft = Array(repeating: "abcd", count: 30).joined(separator: " ")
        let result = split(["--profile", "mastodon", "--mastodon-limit", "19", "--numbering"], draft)
        let object = try? JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any]
        let posts = object?["posts"] as? [[String: Any]] ?? []
        #expect(posts.count == 11)
        #expect(posts.first?["text"] as? String == "abcd abcd abcd 1/11" && posts.first?["length"] as? Int == 19)
        #expect(posts.last?["text"] as? String == "abcd 11/11" && posts.last?["length"] as? Int == 10)
        #expect(split(["--profile", "bluesky", "--numbering"], "short").stdoutText.contains(#""text":"short","#))
    }

    @Test("--url-length and --mastodon-limit configure the mastodon profile")
    func mastodonOptions() {
        let draft = "see https://example.com/a and more"
        #expect(split(["--profile", "mastodon", "--url-length", "5"], draft).stdoutText.contains(#""length":18,"#))
        #expect(split(["--profile", "mastodon", "--mastodon-limit", "30"], draft).stdoutText.contains(#""text":"see https://example.com/a","length":27,"#))
    }

    @Test("Usage errors exit 2 and say what is valid", arguments: [
        (["split"], "--profile"),
        (["split", "--profile", "facebook"], "'bluesky', 'twitter' or 'mastodon'"),
        (["split", "--profile", "mastodon", "--mastodon-limit", "0"], "--mastodon-limit must be at least 1"),
        (["split", "--profile", "mastodon", "--url-length=-1"], "--url-length must be at least 0"),
        (["split", "--profile", "bluesky", "--rules", "facebook"], "'bluesky', 'twitter', 'mastodon' or 'icysky'"),
        (["split", "--profile", "bluesky", "--input", "csv"], "'text' and 'jsonl'"),
    ])
    func usageErrors(_ arguments: [String], _ message: String) {
        let result = ChildProcess.highlight(arguments, input: "text")
        #expect(result.status == 2)
        #expect(result.stderrText.hasPrefix("highlight: ") && result.stderrText.contains(message), "\(result.stderrText)")
        #expect(result.stdout.isEmpty)
    }

    @Test("jsonl: one line per input line; bad lines in place, exit 65")
    func jsonl() throws {
        let input = [#""one two""#, "not json", #"{"text":"three four"}"#, #"{"text":"x","caret":{"utf8":1}}"#, #""\u00e9t\u00e9""#]
        let result = split(["--profile", "twitter", "--input", "jsonl"], input.joined(separator: "\n"))
        #expect(result.status == 65)
        let lines = result.stdoutText.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[0] == #"{"posts":[{"text":"one two","length":7,"utf8":[0,7],"utf16":[0,7]}]}"#)
        #expect(lines[1].hasPrefix(#"{"error":"not a JSON string"#) && lines[1].hasSuffix(#","line":2}"#))
        #expect(lines[2].contains(#""text":"three four""#))
        #expect(lines[3].hasPrefix(#"{"error":"#) && lines[3].hasSuffix(#","line":4}"#))
        #expect(lines[4] == #"{"posts":[{"text":"été","length":3,"utf8":[0,5],"utf16":[0,3]}]}"#)
    }

    @Test("Text that is not UTF-8 is decoded with U+FFFD first; utf8 offsets are the input's bytes, utf16 the decoded text's")
    func invalidUTF8() {
        // "ab " + FF + " cd " + E2 82 (a truncated sequence) + "e": each ill-formed sequence is one U+FFFD.
        let input: [UInt8] = Array("ab ".utf8) + [0xFF] + Array(" cd ".utf8) + [0xE2, 0x82] + Array("e".utf8)
        let result = ChildProcess.highlight(["split", "--profile", "mastodon", "--mastodon-limit", "5"], input: input)
        #expect(result.status == 0)
        #expect(result.stdoutText == #"""
            {"posts":[{"text":"ab �","length":4,"utf8":[0,4],"utf16":[0,4]},{"text":"cd �e","length":5,"utf8":[5,11],"utf16":[5,10]}]}

            """#)
    }

    @Test("A document no post can hold: an error line in place, exit 65; the others are split")
    func unsplittable() throws {
        let bad = try temporaryFile(Array("ok \u{FEFF}".utf8), name: "split-bom")
        let good = try temporaryFile(Array("fine".utf8), name: "split-good")
        defer { for path in [bad, good] { try? FileManager.default.removeItem(atPath: path) } }
        let result = ChildProcess.highlight(["split", "--profile", "twitter", bad, "/nonexistent/draft.txt", good])
        #expect(result.status == 1)  // an unreadable file outranks bad data
        let lines = result.stdoutText.split(separator: "\n").map(String.init)
        #expect(lines == [#"{"error":"the text at UTF-8 offsets 3..<6 does not fit in any post"}"#, #"{"posts":[{"text":"fine","length":4,"utf8":[0,4],"utf16":[0,4]}]}"#])
        #expect(result.stderrText.contains("cannot read /nonexistent/draft.txt"))
        #expect(ChildProcess.highlight(["split", "--profile", "twitter", bad]).status == 65)
    }

    @Test("The essay fixture's threads, byte for byte", arguments: ["bluesky", "twitter", "mastodon"], [false, true])
    func essay(_ profile: String, _ numbering: Bool) throws {
        let expected = try Data(contentsOf: Self.threads.appendingPathComponent("essay.\(profile)\(numbering ? "-numbered" : "").json"))
        let result = ChildProcess.highlight(
            ["split", "--profile", profile] + (numbering ? ["--numbering"] : []) + [Self.threads.appendingPathComponent("essay.txt").path])
        #expect(result.status == 0)
        #expect(result.stdout == Array(expected))
    }
}
