import Foundation
import Testing
import TestSupport

/// The files options name (`--handles`, `--emoji`, `--instance`, a replay session) may be pipes:
/// `/dev/stdin` fed by a pipe here, as `<(curl …)` would be. Foundation's `Data(contentsOf:)`
/// refused them ("Permission denied").
@Suite("CLI option files from pipes")
struct CLIOptionFileTests {
    static let documentation = TestPaths.fixtures.appendingPathComponent("documentation/README")

    @Test func optionFilesAreReadFromAPipe() throws {
        let post = try temporaryFile(Array("Thanks @alice.bsky.social! :blobcat:".utf8), name: "option-file-post.txt")
        defer { unlink(post) }
        let handles = ChildProcess.highlight(
            ["post", "--handles", "/dev/stdin", "--created-at", "2026-11-26T12:00:00.000Z", post],
            input: #"{"alice.bsky.social":"did:plc:abc"}"#)
        #expect(handles.status == 0, "\(handles.stderrText)")
        #expect(handles.stdoutText.contains(#""did":"did:plc:abc""#))

        let catalog = try Array(Data(contentsOf: Self.documentation.appendingPathComponent("custom_emojis.json")))
        let emoji = ChildProcess.highlight(["--rules", "mastodon", "--emoji", "/dev/stdin", "--format", "json", post], input: catalog)
        #expect(emoji.status == 0, "\(emoji.stderrText)")
        #expect(emoji.stdoutText.contains(#""kind":"emoji","text":":blobcat:""#))

        let document = try Array(Data(contentsOf: Self.documentation.appendingPathComponent("instance.json")))
        let instance = ChildProcess.highlight(
            ["--format", "json", "--profile", "mastodon", "--instance", "/dev/stdin", post], input: document)
        #expect(instance.status == 0, "\(instance.stderrText)")
        #expect(instance.stdoutText.contains(#""limit":1000"#))

        let session = try Array(Data(contentsOf: TestPaths.fixtures.appendingPathComponent("replays/typing-a-post.json")))
        let replay = ChildProcess.highlight(["replay", "/dev/stdin"], input: session)
        #expect(replay.status == 0, "\(replay.stderrText)")
        #expect(replay.stdoutText.contains("full-rebuild"))
    }
}
