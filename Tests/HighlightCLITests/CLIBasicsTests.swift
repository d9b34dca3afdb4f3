import Foundation
import Testing
@testable import highlight

/// The CLI end to end: the colour policy, byte-exact output without colour, the JSON shape, exit codes.
@Suite("highlight CLI basics")
struct CLIBasicsTests {
    static let post = "hi @john #swift https://x.com/a. ok"

    struct PolicyCase: Sendable, CustomTestStringConvertible {
        let mode: ColorMode
        let environment: [String: String]
        let terminal: Bool
        let expected: ColorDepth
        var testDescription: String { "\(mode) \(environment) terminal=\(terminal) → \(expected)" }
    }

    static let policyTable: [PolicyCase] = [
        .init(mode: .never, environment: ["TERM": "xterm-256color"], terminal: true, expected: .none),
        .init(mode: .auto, environment: ["TERM": "xterm-256color"], terminal: true, expected: .palette256),
        .init(mode: .auto, environment: ["TERM": "xterm-256color"], terminal: false, expected: .none),
        .init(mode: .auto, environment: [:], terminal: true, expected: .none),
        .init(mode: .auto, environment: ["TERM": "dumb"], terminal: true, expected: .none),
        .init(mode: .auto, environment: ["TERM": "xterm", "NO_COLOR": "1"], terminal: true, expected: .none),
        .init(mode: .auto, environment: ["TERM": "xterm", "NO_COLOR": ""], terminal: true, expected: .palette256),
        .init(mode: .auto, environment: ["TERM": "xterm", "COLORTERM": "truecolor"], terminal: true, expected: .trueColor),
        .init(mode: .auto, environment: ["TERM": "xterm", "COLORTERM": "24bit"], terminal: true, expected: .trueColor),
        .init(mode: .always, environment: [:], terminal: false, expected: .palette256),
        .init(mode: .always, environment: ["NO_COLOR": "1", "TERM": "dumb"], terminal: false, expected: .palette256),
        .init(mode: .always, environment: ["COLORTERM": "truecolor"], terminal: false, expected: .trueColor),
        .init(mode: .never, environment: ["COLORTERM": "truecolor"], terminal: true, expected: .none),
    ]

    @Test(arguments: policyTable)
    func colorPolicy(_ row: PolicyCase) {
        #expect(ColorPolicy.depth(mode: row.mode, environment: row.environment, outputIsTerminal: row.terminal) == row.expected)
    }

    @Test func colorNeverIsByteExact() throws {
        let input = Array((Self.post + "\n\u{1B}[31mnot ours\u{1B}[0m é 😀\r\n").utf8) + [0xFF, 0xFE, 0x00]
        for arguments in [["--rules", "icysky", "--color", "never"], ["--rules", "icysky"]] {
            let result = ChildProcess.highlight(arguments, input: input, environment: ["TERM": "xterm", "COLORTERM": "truecolor"])
            #expect(result.status == 0)
            #expect(result.stdout == input)
        }
    }

    @Test func colorAlwaysStripsBackToTheInput() throws {
        for environment in [[:], ["COLORTERM": "truecolor"]] {
            let result = ChildProcess.highlight(["--rules", "icysky", "--color", "always"], input: Self.post, environment: environment)
            #expect(result.status == 0)
            #expect(result.stdout != Array(Self.post.utf8))
            #expect(ANSIEscapes.stripped(result.stdout) == Array(Self.post.utf8))
        }
    }

    @Test func colorsFollowTheDepth() throws {
        let trueColor = ChildProcess.highlight(["--rules", "icysky", "--color", "always"], input: "#swift", environment: ["COLORTERM": "truecolor"])
        #expect(trueColor.stdoutText == "\u{1B}[38;2;175;82;222m#swift\u{1B}[0m")
        let palette = ChildProcess.highlight(["--rules", "icysky", "--color", "always"], input: "https://x.com")
        #expect(palette.stdoutText == "\u{1B}[4;38;5;33mhttps://x.com\u{1B}[0m")
    }

    @Test func jsonShapeForTheIssueExample() throws {
        let result = ChildProcess.highlight(["--rules", "icysky", "--format", "json"], input: Self.post)
        #expect(result.status == 0)
        struct Document: Decodable {
            struct Span: Decodable { let kind, text, value: String; let utf8, utf16, scalars: [Int] }
            let spans: [Span]
        }
        let document = try JSONDecoder().decode(Document.self, from: Data(result.stdout))
        #expect(document.spans.map(\.kind) == ["mention", "hashtag", "url"])
        #expect(document.spans.map(\.utf8) == [[3, 8], [9, 15], [16, 31]])
        #expect(document.spans.map(\.utf16) == [[3, 8], [9, 15], [16, 31]])
        #expect(document.spans.map(\.text) == ["@john", "#swift", "https://x.com/a"])
        #expect(result.stdoutText.hasPrefix(#"{"spans":[{"kind":"mention","text":"@john","value":"#))
        #expect(result.stdoutText.hasSuffix("}\n"))
    }

    @Test func jsonCountsAllThreeUnits() throws {
        let result = ChildProcess.highlight(["--rules", "icysky", "--format", "json"], input: "😀 #tag")
        #expect(result.stdoutText.contains(#""utf8":[5,9],"utf16":[3,7],"scalars":[2,6]"#))
    }

    @Test func usageErrorsExitWithTwo() throws {
        let badRules = ChildProcess.highlight(["--rules", "nope"])
        #expect(badRules.status == 2)
        #expect(badRules.stderrText.contains("nope"))
        let badFormat = ChildProcess.highlight(["--format", "xml"])
        #expect(badFormat.status == 2)
    }

    @Test func jsonlKeepsOneLinePerPost() throws {
        let input = "\"#a @b\"\n\"line\\nbreak #c\"\n"
        let result = ChildProcess.highlight(["--rules", "icysky", "--input", "jsonl", "--format", "json"], input: input)
        #expect(result.status == 0)
        let lines = result.stdoutText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3 && lines[2].isEmpty)
        #expect(lines[1].contains("\"text\":\"#c\""))
    }
}

@Suite("highlight facets")
struct CLIFacetsTests {
    @Test func facetsAreLexiconJSONPerDocument() throws {
        let result = ChildProcess.highlight(["--format", "facets"], input: "hi @alice.bsky.social see example.com/x. #swift!")
        #expect(result.status == 0)
        let facets = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [[String: Any]])
        #expect(facets.count == 3)
        let index = try #require(facets[0]["index"] as? [String: Int])
        #expect(index == ["byteStart": 3, "byteEnd": 21])
        let features = try #require(facets.map { $0["features"] as? [[String: String]] } as? [[[String: String]]])
        #expect(features[0] == [["$type": "app.bsky.richtext.facet#mention", "did": "alice.bsky.social"]])
        #expect(features[1] == [["$type": "app.bsky.richtext.facet#link", "uri": "https://example.com/x"]])
        #expect(features[2] == [["$type": "app.bsky.richtext.facet#tag", "tag": "swift"]])
    }

    @Test func blueskyIsTheDefaultRuleSet() throws {
        // icysky would call `foo@bar.com` a mention; bluesky does not, and needs a TLD for handles.
        let result = ChildProcess.highlight(["--format", "json"], input: "foo@bar.com @alice @bob.test")
        #expect(result.stdoutText.contains("\"value\":\"bob.test\""))
        #expect(!result.stdoutText.contains("bar.com\",\"utf8\""))
        #expect(!result.stdoutText.contains("\"@alice\""))
    }
}
