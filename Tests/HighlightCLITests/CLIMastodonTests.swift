import Foundation
import Testing

/// `--rules mastodon` with an instance's files: `--emoji` (custom emoji list) and `--instance`
/// (instance document), in every format and for caret tokens.
@Suite("CLI mastodon")
struct CLIMastodonTests {
    static let status = "Hello @alice@mastodon.social! :blobcat: meets :nobody: #fediverse https://joinmastodon.org/apps"
    static let catalog = """
        [{"shortcode":"blobcat","url":"https://files.example/blobcat.png","static_url":"https://files.example/blobcat-s.png","visible_in_picker":true},
         {"shortcode":"blobcatheart","url":"https://files.example/heart.png","visible_in_picker":true},
         {"shortcode":"blobhidden","url":"https://files.example/hidden.png","visible_in_picker":false},
         {"shortcode":"evil","url":"javascript:alert(1)","visible_in_picker":true}]
        """
    static let instance = #"{"domain":"example.social","configuration":{"statuses":{"max_characters":1000,"max_media_attachments":4,"characters_reserved_per_url":30}}}"#

    /// A file holding `contents`, removed when the test ends (the returned closure).
    static func file(_ contents: String) throws -> String {
        let path = NSTemporaryDirectory() + "highlight-\(UUID().uuidString).json"
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func spans(_ output: String) throws -> [[String: Any]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        return try #require(object["spans"] as? [[String: Any]])
    }

    @Test func withoutACatalogEveryShortcodeIsAnEmojiWithoutImage() throws {
        let result = ChildProcess.highlight(["--rules", "mastodon", "--format", "json"], input: Self.status)
        #expect(result.status == 0)
        let spans = try Self.spans(result.stdoutText)
        #expect(spans.map { $0["text"] as? String } == [
            "@alice@mastodon.social", ":blobcat:", ":nobody:", "#fediverse", "https://joinmastodon.org/apps",
        ])
        #expect(spans.allSatisfy { $0["url"] == nil })
        #expect(spans[0]["value"] as? String == "alice@mastodon.social")
        #expect(spans[1]["value"] as? String == "blobcat")
    }

    @Test func withACatalogOnlyItsShortcodesAreEmojiEachWithItsImage() throws {
        let emoji = try Self.file(Self.catalog)
        defer { try? FileManager.default.removeItem(atPath: emoji) }
        let result = ChildProcess.highlight(["--rules", "mastodon", "--emoji", emoji, "--format", "json"], input: Self.status)
        #expect(result.status == 0, "\(result.stderrText)")
        let spans = try Self.spans(result.stdoutText)
        #expect(spans.map { $0["kind"] as? String } == ["mention", "emoji", "hashtag", "url"])
        #expect(spans[1]["url"] as? String == "https://files.example/blobcat.png")
        #expect(result.stdoutText.contains(#""value":"blobcat","url":"https://files.example/blobcat.png","utf8":[30,39]"#))
    }

    @Test func htmlDrawsTheImageAndNeverAScriptURL() throws {
        let emoji = try Self.file(Self.catalog)
        defer { try? FileManager.default.removeItem(atPath: emoji) }
        let result = ChildProcess.highlight(
            ["--rules", "mastodon", "--emoji", emoji, "--format", "html"], input: "hi :blobcat: <b> :evil:")
        #expect(result.status == 0)
        #expect(result.stdoutText == #"hi <img class="emoji" src="https://files.example/blobcat.png" alt=":blobcat:" title=":blobcat:"> &lt;b&gt; <span class="emoji">:evil:</span>"# + "\n")
    }

    @Test func ansiGivesEmojiAColourOfItsOwn() throws {
        let result = ChildProcess.highlight(["--rules", "mastodon", "--color", "always"], input: ":blobcat: #tag", environment: ["COLORTERM": "truecolor"])
        #expect(result.status == 0)
        let styled = ANSIEscapes.styledRanges(result.stdout)
        #expect(styled.count == 2)
        #expect(styled[0].escape != styled[1].escape)
        #expect(styled[0].escape.contains("255;149;0"), "orange: \(styled[0].escape)")
        #expect(ANSIEscapes.stripped(result.stdout) == Array(":blobcat: #tag".utf8))
    }

    @Test func anEmojiBeingTypedGetsRankedSuggestions() throws {
        let emoji = try Self.file(Self.catalog)
        defer { try? FileManager.default.removeItem(atPath: emoji) }
        let lines = #"{"text":"so cute :BLOB","caret":{"utf8":13}}"# + "\n" + #"{"text":"cc @alice@mast","caret":{"utf8":14}}"# + "\n"
        let result = ChildProcess.highlight(["--rules", "mastodon", "--emoji", emoji, "--input", "jsonl", "--format", "json"], input: lines)
        #expect(result.status == 0)
        let outputs = result.stdoutText.split(separator: "\n").map(String.init)
        #expect(outputs.count == 2)
        #expect(outputs[0].hasSuffix(#""token":{"kind":"emoji","query":"BLOB","utf8":[8,13],"utf16":[8,13],"suggestions":[{"shortcode":"blobcat","url":"https://files.example/blobcat.png"},{"shortcode":"blobcatheart","url":"https://files.example/heart.png"}]}}"#))
        #expect(outputs[1].hasSuffix(#""token":{"kind":"mention","query":"alice@mast","utf8":[3,14],"utf16":[3,14]}}"#))
    }

    @Test func theInstanceDocumentSetsTheMastodonProfileAndOptionsOverrideIt() throws {
        let document = try Self.file(Self.instance)
        defer { try? FileManager.default.removeItem(atPath: document) }
        func mastodonLength(_ extra: [String]) throws -> [String: Any] {
            let result = ChildProcess.highlight(["--format", "json", "--profile", "mastodon", "--instance", document] + extra, input: Self.status)
            #expect(result.status == 0, "\(result.stderrText)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdoutText.utf8)) as? [String: Any])
            return try #require((object["length"] as? [String: Any])?["mastodon"] as? [String: Any])
        }
        let fromInstance = try mastodonLength([])
        #expect(fromInstance["limit"] as? Int == 1000)
        // 30 per link; the mention counts as @alice.
        #expect(fromInstance["length"] as? Int == Self.status.count - "https://joinmastodon.org/apps".count + 30 - "@mastodon.social".count)
        let overridden = try mastodonLength(["--mastodon-limit", "50", "--url-length", "23"])
        #expect(overridden["limit"] as? Int == 50)
        #expect(overridden["length"] as? Int == (fromInstance["length"] as! Int) - 7)
    }

    @Test("a file that is no such document: exit 65 with the reason, nothing written", arguments: [
        ("--emoji", #"{"shortcode":"x"}"#, "not a custom emoji list"),
        ("--emoji", #"[{"url":"https://x/y.png"}]"#, "shortcode"),
        ("--instance", #"{"configuration":{}}"#, "missing configuration.statuses"),
        ("--instance", #"{"configuration":{"statuses":{"max_characters":0,"characters_reserved_per_url":23}}}"#, "at least 1"),
        ("--instance", "not json", "not an instance document"),
        (
            "--instance", #"{"configuration":{"statuses":{"max_characters":500,"characters_reserved_per_url":9223372036854775807}}}"#,
            "characters_reserved_per_url must be at most 1000000"
        ),
    ])
    func badDocuments(_ option: String, _ contents: String, _ reason: String) throws {
        let path = try Self.file(contents)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let arguments = option == "--emoji"
            ? ["--rules", "mastodon", "--emoji", path] : ["--format", "json", "--profile", "mastodon", "--instance", path]
        let result = ChildProcess.highlight(arguments, input: Self.status)
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrText.contains(reason), "\(result.stderrText)")
        #expect(result.stderrText.contains(path))
    }

    /// `--instance` is read whenever it is given, not only for the mastodon profile: a bad file is
    /// exit 65 with the reason, nothing written, on the quick path, the parser's (`--instance=`)
    /// and `split`'s.
    @Test func aBadInstanceIsRefusedWithoutTheMastodonProfile() throws {
        let path = try Self.file("[]")
        defer { try? FileManager.default.removeItem(atPath: path) }
        for arguments in [
            ["--instance", path], ["--instance=\(path)"], ["--format", "json", "--profile", "bluesky", "--instance", path],
            ["--format", "json", "--profile=twitter", "--instance=\(path)"], ["split", "--profile", "bluesky", "--instance", path],
            ["split", "--profile=twitter", "--instance", path],
        ] {
            let result = ChildProcess.highlight(arguments, input: Self.status)
            #expect(result.status == 65, "\(arguments): \(result.stderrText)")
            #expect(result.stdout.isEmpty, "\(arguments)")
            #expect(result.stderrText.contains("\(path): not an instance document"), "\(arguments): \(result.stderrText)")
        }
    }

    @Test func emojiWithoutTheMastodonRulesIsAUsageError() {
        let result = ChildProcess.highlight(["--emoji", "/nonexistent.json"], input: "x")
        #expect(result.status == 2)
        #expect(result.stderrText.contains("--rules mastodon"))
    }

    @Test func anUnreadableFileIsExitOne() {
        let result = ChildProcess.highlight(["--rules", "mastodon", "--emoji", "/nonexistent/emoji.json"], input: "x")
        #expect(result.status == 1)
        #expect(result.stderrText.contains("cannot read /nonexistent/emoji.json"))
    }

    @Test func splitCountsWithTheInstance() throws {
        let document = try Self.file(#"{"configuration":{"statuses":{"max_characters":40,"characters_reserved_per_url":23}}}"#)
        defer { try? FileManager.default.removeItem(atPath: document) }
        let draft = "First sentence of a long status. Second sentence here, with https://joinmastodon.org/apps inside."
        let result = ChildProcess.highlight(["split", "--profile", "mastodon", "--instance", document], input: draft)
        #expect(result.status == 0, "\(result.stderrText)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdoutText.utf8)) as? [String: Any])
        let posts = try #require(object["posts"] as? [[String: Any]])
        #expect(posts.count >= 3)
        #expect(posts.allSatisfy { ($0["length"] as? Int ?? 99) <= 40 })
    }
}
