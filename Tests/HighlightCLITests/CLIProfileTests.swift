import ComposerPosts
import Foundation
import Testing

/// `--profile` on `--format json`: each document's length under each profile, as the library
/// reports it.
@Suite("CLI post length")
struct CLIProfileTests {
    static let post = "gm @alice.bsky.social! https://www.example.com/articles/2026/composer-patterns #swift 🧑‍💻"

    static func object(_ output: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    }

    /// The report as JSON objects decode it, to compare with the library's.
    static func expected(_ text: String, _ profile: LengthProfile) throws -> [String: Any] {
        let report = PostLength.report(for: text, profile: profile)
        func range(_ range: TextRange) -> [String: [Int]] {
            ["utf8": [range.utf8.lowerBound, range.utf8.upperBound], "utf16": [range.utf16.lowerBound, range.utf16.upperBound]]
        }
        var object: [String: Any] = [
            "length": report.length, "limit": report.limit, "remaining": report.remaining, "valid": report.isValid,
            "permillage": report.permillage, "validRange": range(report.validRange),
        ]
        object["overflow"] = report.overflow.map(range) ?? NSNull()
        return object
    }

    /// A profile named twice is reported once, where first named (the lengths are an object keyed
    /// by profile), on the quick path and the parser's (`--profile=`) alike.
    @Test func aRepeatedProfileIsCountedOnce() throws {
        let single = ChildProcess.highlight(["--format", "json", "--profile", "mastodon", "--profile", "bluesky"], input: "x")
        #expect(single.status == 0, "\(single.stderrText)")
        for profiles in [
            ["--profile", "mastodon", "--profile", "mastodon", "--profile", "bluesky", "--profile", "mastodon"],
            ["--profile=mastodon", "--profile", "bluesky", "--profile=mastodon", "--profile=bluesky"],
        ] {
            let result = ChildProcess.highlight(["--format", "json"] + profiles, input: "x")
            #expect(result.status == 0, "\(result.stderrText)")
            #expect(result.stdoutText.components(separatedBy: #""mastodon":"#).count == 2, "\(profiles): \(result.stdoutText)")
            #expect(result.stdout == single.stdout, "\(profiles)")
        }
    }

    @Test func everyProfileAsTheLibraryCountsIt() throws {
        let long = Self.post + String(repeating: " more words", count: 40)
        for text in [Self.post, long, ""] {
            let result = ChildProcess.highlight(
                ["--format", "json", "--profile", "bluesky", "--profile", "twitter", "--profile", "mastodon",
                 "--mastodon-limit", "300", "--url-length", "10"], input: text)
            #expect(result.status == 0, "\(result.stderrText)")
            #expect(result.stdoutText.hasSuffix("}}}\n"))
            let lengths = try #require(try Self.object(result.stdoutText)["length"] as? [String: Any])
            #expect(Array(lengths.keys).sorted() == ["bluesky", "mastodon", "twitter"])
            for (name, profile) in [("bluesky", LengthProfile.bluesky), ("twitter", .twitter), ("mastodon", .mastodon(limit: 300, urlLength: 10))] {
                let got = try #require(lengths[name] as? NSDictionary)
                #expect(got == (try Self.expected(text, profile)) as NSDictionary, "\(name) \(text.prefix(20))")
            }
        }
    }

    @Test func jsonlPostsGetTheirLengthBeforeTheToken() {
        let result = ChildProcess.highlight(
            ["--input", "jsonl", "--format", "json", "--profile", "twitter"],
            input: #"{"text":"hi @al","caret":{"utf8":6}}"# + "\n" + #""plain""# + "\n")
        #expect(result.status == 0)
        #expect(result.stdoutText == """
            {"spans":[],"length":{"twitter":{"length":6,"limit":280,"remaining":274,"valid":true,"permillage":21,"validRange":{"utf8":[0,6],"utf16":[0,6]},"overflow":null}},"token":{"kind":"mention","query":"al","utf8":[3,6],"utf16":[3,6]}}
            {"spans":[],"length":{"twitter":{"length":5,"limit":280,"remaining":275,"valid":true,"permillage":17,"validRange":{"utf8":[0,5],"utf16":[0,5]},"overflow":null}}}

            """)
    }

    /// jsonl posts (one with escapes, so decoded into the reused buffer) count as the library
    /// counts them under every rule set: with `--rules bluesky` the profile takes the links the
    /// renderer already found, with the others it scans for its own.
    @Test(arguments: [["--rules", "bluesky"], ["--rules", "twitter"], ["--rules", "mastodon"], ["--pattern", "tk=T-\\d+"]])
    func jsonlPostsCountAsTheLibraryUnderEveryRuleSet(_ rules: [String]) throws {
        let posts = [Self.post, "see example.com/a and https://bsky.app/profile/x\n\"quoted\" T-12", "plain"]
        let input = posts.map { String(decoding: try! JSONSerialization.data(withJSONObject: $0, options: .fragmentsAllowed), as: UTF8.self) }
        let result = ChildProcess.highlight(
            ["--input", "jsonl", "--format", "json", "--profile", "bluesky", "--profile", "twitter"] + rules,
            input: input.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "\(result.stderrText)")
        let lines = result.stdoutText.split(separator: "\n").map(String.init)
        #expect(lines.count == posts.count)
        for (post, line) in zip(posts, lines) {
            let lengths = try #require(try Self.object(line)["length"] as? [String: Any])
            for (name, profile) in [("bluesky", LengthProfile.bluesky), ("twitter", .twitter)] {
                let got = try #require(lengths[name] as? NSDictionary)
                #expect(got == (try Self.expected(post, profile)) as NSDictionary, "\(rules) \(name) \(post.prefix(20))")
            }
        }
    }

    /// Text that is not UTF-8 is counted as decoded (one U+FFFD per ill-formed sequence); the
    /// ranges' UTF-8 offsets are the input's bytes, as the spans' in the same object are.
    @Test func invalidUTF8IsCountedAsDecoded() throws {
        let result = ChildProcess.highlight(["--format", "json", "--profile", "bluesky"], input: [0x61, 0xFF, 0x20, 0x62])
        #expect(result.status == 0)
        let lengths = try #require(try Self.object(result.stdoutText)["length"] as? [String: Any])
        var expected = try Self.expected("a\u{FFFD} b", .bluesky)
        expected["validRange"] = ["utf8": [0, 4], "utf16": [0, 4]]
        #expect((lengths["bluesky"] as? NSDictionary) == expected as NSDictionary)
    }

    /// Past the limit, the overflow is located in the input's bytes: ten ill-formed bytes, then 295
    /// letters and a tag, 310 bytes and 310 characters against bluesky's 300.
    @Test func theOverflowOfTextThatIsNotUTF8IsInTheInputsBytes() throws {
        let input = [UInt8](repeating: 0xFF, count: 10) + Array(String(repeating: "a", count: 295).utf8) + Array(" #tag".utf8)
        let result = ChildProcess.highlight(["--format", "json", "--profile", "bluesky"], input: input)
        #expect(result.status == 0)
        let object = try Self.object(result.stdoutText)
        let bluesky = try #require((object["length"] as? [String: Any])?["bluesky"] as? NSDictionary)
        #expect(bluesky["length"] as? Int == 310)
        #expect(bluesky["validRange"] as? NSDictionary == ["utf8": [0, 300], "utf16": [0, 300]] as NSDictionary)
        #expect(bluesky["overflow"] as? NSDictionary == ["utf8": [300, 310], "utf16": [300, 310]] as NSDictionary)
        let spans = try #require(object["spans"] as? [[String: Any]])
        #expect(spans.map { $0["utf8"] as? [Int] } == [[306, 310]])
    }

    @Test(arguments: [
        ["--profile", "bluesky"],  // needs --format json
        ["--format", "json", "--profile", "facebook"],
        ["--format", "json", "--profile", "mastodon", "--mastodon-limit", "0"],
        ["--format", "json", "--profile", "mastodon", "--url-length", "-1"],
    ])
    func usageErrorsExitTwo(_ arguments: [String]) {
        let result = ChildProcess.highlight(arguments, input: "x")
        #expect(result.status == 2, "\(arguments)")
        #expect(result.stdout.isEmpty)
    }
}
