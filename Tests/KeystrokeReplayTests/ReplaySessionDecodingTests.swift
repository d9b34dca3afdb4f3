import Foundation
import Testing
import KeystrokeReplay

/// The session file format of the CLI reference: every step kind, defaults, readable errors.
@Suite("Replay session decoding")
struct ReplaySessionDecodingTests {
    static func decode(_ json: String) throws -> ReplaySession {
        try JSONDecoder().decode(ReplaySession.self, from: Data(json.utf8))
    }

    static func loadError(_ json: String) throws -> ReplayError {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            _ = try ReplaySession.load(from: url)
        } catch let error as ReplayError {
            return error
        }
        Issue.record("expected an error for \(json)")
        return .malformed(path: "", reason: "")
    }

    @Test func everyStepKindDecodesAndRoundTrips() throws {
        let session = try Self.decode("""
            { "name": "reply-with-link", "rules": "bluesky", "initialText": "héllo", "cursor": 3,
              "steps": [ {"type": "hi @alice.bsky.social "}, {"backspace": 3}, {"paste": "https://swift.org"},
                         {"moveTo": 4}, {"select": [1, 3]}, {"replace": {"utf8": [1, 3], "with": "x"}},
                         {"bold": [0, 5]} ] }
            """)
        #expect(session.name == "reply-with-link")
        #expect(session.cursor == 3)
        #expect(session.steps == [
            .type("hi @alice.bsky.social "), .backspace(3), .paste("https://swift.org"), .moveTo(4),
            .select(1..<3), .replace(1..<3, with: "x"), .bold(0..<5),
        ])
        let again = try JSONDecoder().decode(ReplaySession.self, from: JSONEncoder().encode(session))
        #expect(again == session)
    }

    @Test func cursorDefaultsToNil() throws {
        #expect(try Self.decode(#"{"name":"n","rules":"icysky","initialText":"abc","steps":[]}"#).cursor == nil)
    }

    @Test func unknownStepNamesThePlace() throws {
        let error = try Self.loadError(#"{"name":"n","rules":"icysky","initialText":"","steps":[{"type":"a"},{"jump":3}]}"#)
        guard case .malformed(let path, let reason) = error else { Issue.record("\(error)"); return }
        #expect(path.hasSuffix(".json"))
        #expect(reason.contains("steps[1]"), "\(reason)")
        #expect(error.description.contains(path))
    }

    @Test func badRangeAndCountAreExplained() throws {
        let range = try Self.loadError(#"{"name":"n","rules":"icysky","initialText":"","steps":[{"select":[5,2]}]}"#)
        #expect(range.description.contains("expected [start, end]"), "\(range)")
        let count = try Self.loadError(#"{"name":"n","rules":"icysky","initialText":"","steps":[{"backspace":-1}]}"#)
        #expect(count.description.contains("backspace count"), "\(count)")
        let two = try Self.loadError(#"{"name":"n","rules":"icysky","initialText":"","steps":[{"type":"a","paste":"b"}]}"#)
        #expect(two.description.contains("exactly one of"), "\(two)")
    }

    @Test func missingFieldAndNonJSONAreExplained() throws {
        let missing = try Self.loadError(#"{"name":"n","initialText":"","steps":[]}"#)
        #expect(missing.description.contains("missing 'rules'"), "\(missing)")
        let garbage = try Self.loadError("not json")
        guard case .malformed = garbage else { Issue.record("\(garbage)"); return }
    }

    @Test func unreadableFileNamesIt() {
        // The path, and the C library's text for the error.
        #expect(throws: ReplayError.unreadable(path: "/nonexistent/s.json", reason: "No such file or directory")) {
            try ReplaySession.load(from: URL(fileURLWithPath: "/nonexistent/s.json"))
        }
    }
}
