import Foundation
import Testing
import TestSupport

/// `highlight post`: one `app.bsky.feed.post` record per document, mentions resolved through a
/// handle file or an HTTP service, and every way the inputs can be wrong.
@Suite("CLI post")
struct CLIPostTests {
    static let createdAt = ["--created-at", "2026-11-22T12:00:00.000Z"]

    func handleFile(_ json: String, name: String) throws -> String {
        try temporaryFile(Array(json.utf8), name: "post-\(name).json")
    }

    @Test func aRecordPerDocumentWithAHandleFile() throws {
        let handles = try handleFile(#"{"@Alice.test":"did:plc:alice","bob.test":"did:web:bob.test"}"#, name: "basic")
        defer { unlink(handles) }
        let result = ChildProcess.highlight(
            ["post", "--handles", handles, "--lang", "en"] + Self.createdAt,
            input: "東京 @ALICE.test see https://example.com/a/very/long/path?q=1 $aapl @carol.test @bob.test")
        #expect(result.status == 0)
        #expect(result.stdoutText == """
            {"$type":"app.bsky.feed.post","text":"東京 @ALICE.test see example.com/a/very/long/... $aapl @carol.test @bob.test",\
            "facets":[{"index":{"byteStart":7,"byteEnd":18},"features":[{"$type":"app.bsky.richtext.facet#mention","did":"did:plc:alice"}]},\
            {"index":{"byteStart":23,"byteEnd":50},"features":[{"$type":"app.bsky.richtext.facet#link","uri":"https://example.com/a/very/long/path?q=1"}]},\
            {"index":{"byteStart":51,"byteEnd":56},"features":[{"$type":"app.bsky.richtext.facet#tag","tag":"$AAPL"}]},\
            {"index":{"byteStart":69,"byteEnd":78},"features":[{"$type":"app.bsky.richtext.facet#mention","did":"did:web:bob.test"}]}],\
            "createdAt":"2026-11-22T12:00:00.000Z","langs":["en"]}

            """)
        #expect(result.stderrText == "highlight: @carol.test not resolved: not in the handle map\n")
    }

    @Test func jsonlLinesStayInPlaceWithErrors() throws {
        let input = "\"a @b.test\"\nnot json\n\"second #tag\"\n\n\"\\ud83e\\udd8b x.com/東京 #t\""
        let result = ChildProcess.highlight(["post", "--input", "jsonl"] + Self.createdAt, input: input)
        #expect(result.status == 65)
        let lines = result.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 5)
        let objects = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects[0]["text"] as? String == "a @b.test" && (objects[0]["facets"] as? [Any])?.isEmpty == true)
        #expect(objects[1]["line"] as? Int == 2 && (objects[1]["error"] as? String)?.hasPrefix("not a JSON string") == true)
        #expect(objects[2]["text"] as? String == "second #tag")
        #expect(objects[3]["line"] as? Int == 4)
        #expect(objects[4]["text"] as? String == "🦋 x.com/東京 #t")
        // The tag after the unshortened non-ASCII link sits on its own bytes.
        let facets = try #require(objects[4]["facets"] as? [[String: Any]])
        let index = try #require(facets.last?["index"] as? [String: Int])
        #expect(Array(Array("🦋 x.com/東京 #t".utf8)[index["byteStart"]!..<index["byteEnd"]!]) == Array("#t".utf8))
        for record in [lines[0], lines[2], lines[4]] {
            #expect(record.hasPrefix(#"{"$type":"app.bsky.feed.post","text":"#))
            #expect(record.hasSuffix(#""createdAt":"2026-11-22T12:00:00.000Z"}"#))
        }
        #expect(result.stderrText == "highlight: @b.test not resolved: no --handles FILE or --resolver URL given\n")
    }

    @Test func aPostTheServerWouldRefuseIsWrittenAndSaidSo() throws {
        let coder = "👩🏽‍💻"  // one cluster, 15 bytes
        let lines = [
            String(repeating: "a", count: 300),  // 300 clusters: fits
            String(repeating: "a", count: 301),
            String(repeating: coder, count: 200),  // 3,000 bytes: fits
            String(repeating: coder, count: 201),
            "see https://example.com/" + String(repeating: "x", count: 400),  // shortened: fits
        ]
        let input = lines.map { "\"\($0)\"" }.joined(separator: "\n")
        let result = ChildProcess.highlight(["post", "--input", "jsonl"] + Self.createdAt, input: input)
        #expect(result.status == 0)
        let records = result.stdoutText.split(separator: "\n")
        #expect(records.count == 5)
        #expect(records[1].contains(String(repeating: "a", count: 301)) && records[3].contains(String(repeating: coder, count: 201)))
        let suggestion = "app.bsky.feed.post allows 300 and 3,000: the server will refuse this record "
            + "('highlight split --profile bluesky' cuts a draft into posts)\n"
        #expect(result.stderrText == """
            highlight: line 2: the post's text is 301 grapheme clusters and 301 bytes, and \(suggestion)\
            highlight: line 4: the post's text is 201 grapheme clusters and 3015 bytes, and \(suggestion)
            """)
        let file = try temporaryFile(Array(String(repeating: "b", count: 350).utf8), name: "post-long.txt")
        defer { unlink(file) }
        let text = ChildProcess.highlight(["post", file] + Self.createdAt)
        #expect(text.status == 0 && text.stderrText.hasPrefix("highlight: \(file): the post's text is 350 grapheme clusters"))
    }

    @Test func textFilesAreOneDocumentEach() throws {
        let first = try temporaryFile(Array("one @a.test\n".utf8), name: "post-1.txt")
        let broken = try temporaryFile([0x61, 0xFF, 0x62], name: "post-2.txt")
        let last = try temporaryFile(Array("three".utf8), name: "post-3.txt")
        defer { unlink(first); unlink(broken); unlink(last) }
        let result = ChildProcess.highlight(["post"] + Self.createdAt + [first, broken, "/nonexistent/post.txt", last])
        #expect(result.status == 1)
        let texts = try result.stdoutText.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])["text"] as? String
        }
        #expect(texts == ["one @a.test\n", "three"])
        #expect(result.stderrText.contains("\(broken): not valid UTF-8; no record made"))
        #expect(result.stderrText.contains("cannot read /nonexistent/post.txt"))
        let onlyBroken = ChildProcess.highlight(["post", broken])
        #expect(onlyBroken.status == 65 && onlyBroken.stdout.isEmpty)
    }

    @Test(arguments: [
        ("{not json", "not valid JSON"), ("[1]", "the top level is not an object"),
        (#"{"a.test": 5}"#, #"the value of "a.test" is not a string"#),
        (#"{"a.test": true}"#, #"the value of "a.test" is not a string"#),
        (#"{"a.test": null}"#, #"the value of "a.test" is not a string"#),
        (#"{"A.test": "did:plc:a", "a.test": "did:plc:b"}"#, "the handle a.test appears more than once with different DIDs (did:plc:a, did:plc:b)"),
        (#"{"@a.test": "did:plc:a", "a.test": "did:plc:b"}"#, #""a.test" is given twice"#),
        (#"{"": "did:plc:a"}"#, "an empty handle"),
    ])
    func aBadHandleFileWritesNothing(_ json: String, _ reason: String) throws {
        let handles = try handleFile(json, name: "bad-\(abs(json.hashValue))")
        defer { unlink(handles) }
        let result = ChildProcess.highlight(["post", "--handles", handles, "--input", "jsonl"], input: "\"hi @a.test\"\n")
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrText.contains("not a JSON object of handle → DID: \(reason)"), "\(result.stderrText)")
    }

    @Test func anUnreadableHandleFileIsAFailure() {
        let result = ChildProcess.highlight(["post", "--handles", "/nonexistent/handles.json"], input: "hi")
        #expect(result.status == 1 && result.stdout.isEmpty)
        // The reason is the C library's text for the error (fileFailureReason).
        #expect(result.stderrText == "highlight: cannot read /nonexistent/handles.json: No such file or directory\n")
    }

    @Test(arguments: [
        (["--created-at", "2026-11-22 12:00"], "expected YYYY-MM-DDTHH:MM:SS[.fraction](Z|+HH:MM|-HH:MM)"),
        (["--created-at", "2026-02-30T00:00:00Z"], "is not a date-time"),
        (["--lang", "en", "--lang", "de", "--lang", "fr", "--lang", "ja"], "at most 3 languages"),
        (["--lang", "en_US"], "is not a BCP 47 language tag"),
        (["--handles", "x.json", "--resolver", "http://127.0.0.1:1"], "either --handles or --resolver"),
        (["--resolver", "ftp://example.com"], "is not an http or https URL"),
        (["--resolver", "http://127.0.0.1:1", "--resolver-timeout", "0"], "--resolver-timeout must be a positive"),
        (["--resolver", "http://127.0.0.1:1", "--resolver-concurrency", "0"], "--resolver-concurrency must be at least 1"),
    ])
    func usageErrorsExitTwo(_ arguments: [String], _ message: String) {
        let result = ChildProcess.highlight(["post"] + arguments, input: "hi")
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrText.hasPrefix("highlight: ") && result.stderrText.contains(message), "\(result.stderrText)")
    }

    /// A language given again (in any case) is written once, as first given, in the order first
    /// given; the limit of 3 counts languages, not options. Both the quick path and the argument
    /// parser (`--lang=…`) read these.
    @Test(arguments: [
        ["--lang", "en-US", "--lang", "fr", "--lang", "en-US", "--lang", "EN-us", "--lang", "de", "--lang", "FR"],
        ["--lang=en-US", "--lang=fr", "--lang=en-US", "--lang=EN-us", "--lang=de", "--lang=FR"],
    ])
    func aRepeatedLanguageIsWrittenOnce(_ languages: [String]) {
        let result = ChildProcess.highlight(["post"] + Self.createdAt + languages, input: "hi")
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stdoutText.hasSuffix(#""langs":["en-US","fr","de"]}"# + "\n"), "\(result.stdoutText)")
        let four = ChildProcess.highlight(["post"] + Self.createdAt + languages + ["--lang", "ja"], input: "hi")
        #expect(four.status == 2 && four.stdout.isEmpty)
        #expect(four.stderrText.contains("--lang names 4 languages; a post has at most 3 languages"), "\(four.stderrText)")
        let enUS = languages[0] == "--lang" ? ["--lang", "en-US"] : ["--lang=en-US"]
        let twice = ChildProcess.highlight(["post"] + Self.createdAt + enUS + enUS, input: "hi")
        #expect(twice.status == 0 && twice.stdoutText.hasSuffix(#""langs":["en-US"]}"# + "\n"), "\(twice.stdoutText)")
    }

    @Test func createdAtIsWrittenInUTCWithMilliseconds() {
        let result = ChildProcess.highlight(["post", "--created-at", "2026-11-22T13:30:00.5+01:30", "--lang", "pt-BR"], input: "hi")
        #expect(result.status == 0)
        #expect(result.stdoutText.hasSuffix(#""createdAt":"2026-11-22T12:00:00.500Z","langs":["pt-BR"]}"# + "\n"))
        let now = ChildProcess.highlight(["post"], input: "hi")
        let createdAt = now.stdoutText.split(separator: "\"").dropLast().last.map(String.init) ?? ""
        #expect(createdAt.count == 24 && createdAt.hasSuffix("Z") && createdAt.dropFirst(19).first == ".")
    }

    /// A service that answers, fails and stalls: the run ends within about one timeout, every
    /// handle is asked once across the whole run (two batches), and only unresolved handles are
    /// reported, once each.
    @Test func resolvingOverHTTP() throws {
        let server = try HandleResolverTestServer(replies: [
            "alice.test": .answer(status: 200, body: #"{"did":"did:plc:alice"}"#),
            "bob.test": .answer(status: 200, body: #"{"did":"bob"}"#),
            "stall.test": .stall,
        ])
        defer { server.stop() }
        let posts = ["hi @Alice.test", "and @stall.test", "@bob.test @missing.test", "@ALICE.test again"]
        // 600 lines: more than one batch of 512.
        let input = (0..<600).map { "\"\(posts[$0 % posts.count])\"" }.joined(separator: "\n") + "\n"
        let started = Date()
        let result = ChildProcess.highlight(
            ["post", "--input", "jsonl", "--resolver", server.url.absoluteString, "--resolver-timeout", "0.5"]
                + Self.createdAt, input: input)
        let elapsed = Date().timeIntervalSince(started)
        #expect(result.status == 0)
        let lines = result.stdoutText.split(separator: "\n")
        #expect(lines.count == 600)
        #expect(lines[0].contains(#""did":"did:plc:alice""#) && lines[3].contains(#""did":"did:plc:alice""#))
        #expect(lines[1].contains(#""facets":[]"#) && lines[2].contains(#""facets":[]"#))
        #expect(Set(result.stderrText.split(separator: "\n")) == [
            "highlight: @stall.test not resolved: no answer within 0.5 s",
            "highlight: @bob.test not resolved: not a DID: bob",
            "highlight: @missing.test not resolved: HTTP status 400: Unable to resolve handle",
        ])
        #expect(result.stderrText.split(separator: "\n").count == 3)
        #expect(server.requestCounts == ["alice.test": 1, "bob.test": 1, "stall.test": 1, "missing.test": 1])
        #expect(elapsed < 3, "the run took \(elapsed) s")
    }
}
