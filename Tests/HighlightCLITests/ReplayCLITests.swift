import Foundation
import Testing

/// `highlight replay` through a child process: JSON shape, table, exit statuses, generated sessions.
@Suite("highlight replay")
struct ReplayCLITests {
    static let replays = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // HighlightCLITests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/replays")

    static func fixture(_ name: String) -> String { replays.appendingPathComponent(name + ".json").path }

    static func temporaryFile(_ contents: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("replay-cli-\(UUID().uuidString).json")
        try Data(contents.utf8).write(to: url)
        return url.path
    }

    /// A backspace count far past the start of the text deletes what is there and nothing more,
    /// without work or memory in proportion to the count (99999999999 aborted allocating 4 TB).
    @Test func aHugeBackspaceCountDeletesWhatIsThere() throws {
        let path = try Self.temporaryFile(
            #"{"name":"huge","rules":"bluesky","initialText":"ab","steps":[{"backspace":99999999999},{"type":"x"},{"backspace":10000000}]}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = ChildProcess.highlight(["replay", "--format", "json", path])
        #expect(result.status == 0, "\(result.stderrText)")
        let object = try #require(JSONSerialization.jsonObject(with: Data(result.stdoutText.utf8)) as? [String: Any])
        #expect(object["keystrokes"] as? Int == 4)
        #expect(object["finalText"] as? String == "")
    }

    @Test func turnsAreChosenAndReported() throws {
        let result = ChildProcess.highlight(["replay", "--format", "json", "--turns", "keystroke", Self.fixture("paste-url")])
        #expect(result.status == 0, "\(result.stderrText)")
        let object = try #require(JSONSerialization.jsonObject(with: Data(result.stdoutText.utf8)) as? [String: Any])
        #expect(object["turns"] as? String == "keystroke")
        let table = ChildProcess.highlight(["replay", Self.fixture("paste-url")])
        #expect(table.stdoutText.contains("turns: session"))
        let bad = ChildProcess.highlight(["replay", "--turns", "step", Self.fixture("paste-url")])
        #expect(bad.status == 2)
    }

    @Test func jsonIsOneObjectPerSessionWithTheInterfaceKeys() throws {
        let result = ChildProcess.highlight(
            ["replay", "--format", "json", Self.fixture("bold-range"), Self.fixture("paste-url")])
        #expect(result.status == 0, "\(result.stderrText)")
        let lines = result.stdoutText.split(separator: "\n")
        #expect(lines.count == 2)
        for line in lines {
            let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(Set(object.keys).isSuperset(of: ["session", "rules", "documentBytes", "keystrokes", "finalText", "strategies"]))
            #expect(object["divergencePolicy"] as? String == "full-every-keystroke")
            #expect(object["turns"] as? String == "session")
            let strategies = try #require(object["strategies"] as? [[String: Any]])
            #expect(strategies.compactMap { $0["name"] as? String } == ["full-rebuild", "localized"])
            for strategy in strategies {
                for key in ["p50Microseconds", "p99Microseconds", "maxMicroseconds", "editP50Microseconds"] {
                    #expect(strategy[key] is Double || strategy[key] is Int, "\(key)")
                }
                #expect(strategy["divergences"] as? Int == 0)
                #expect(strategy["selectionPreserved"] as? Bool == true)
                #expect(strategy["userAttributesPreserved"] is Bool)
                #expect((strategy["runsAtEnd"] as? Int ?? 0) > 0)
                let spans = try #require(strategy["finalSpans"] as? [[String: Any]])
                #expect(spans.allSatisfy { $0["kind"] is String && ($0["utf8"] as? [Int])?.count == 2 })
            }
        }
        let bold = try #require(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(bold["session"] as? String == "bold-range")
        let boldStrategies = try #require(bold["strategies"] as? [[String: Any]])
        #expect(boldStrategies.map { $0["userAttributesPreserved"] as? Bool } == [false, true])
    }

    @Test func tableShowsEveryStrategyAndTheRatio() throws {
        let result = ChildProcess.highlight(["replay", "--rules", "icysky", Self.fixture("icysky-touching-tags")])
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stdoutText.contains("full-rebuild"))
        #expect(result.stdoutText.contains("localized"))
        #expect(result.stdoutText.contains("full-rebuild / localized (p50)"))
        #expect(result.stderrText.isEmpty, "no progress line when stderr is not a terminal")
    }

    @Test func malformedSessionNamesTheFileAndExits65() throws {
        let path = try Self.temporaryFile(#"{"name":"x","rules":"icysky","initialText":"","steps":[{"jump":1}]}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = ChildProcess.highlight(["replay", path, Self.fixture("paste-url"), "--format", "json"])
        #expect(result.status == 65)
        #expect(result.stderrText.contains(path))
        #expect(result.stdoutText.split(separator: "\n").count == 1, "the good session is still played")
    }

    /// Each message names the session file once, as it was given (here relative to the working
    /// directory): a malformed one, an unreadable one, one with a bad step.
    @Test func errorsNameTheFileOnceAsGiven() throws {
        let malformed = try Self.temporaryFile(#"{"name":"#)
        let badStep = try Self.temporaryFile(#"{"name":"oob","rules":"icysky","initialText":"ab","steps":[{"moveTo":9}]}"#)
        defer {
            try? FileManager.default.removeItem(atPath: malformed)
            try? FileManager.default.removeItem(atPath: badStep)
        }
        let depth = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).pathComponents.count - 1
        func relative(_ path: String) -> String { String(repeating: "../", count: depth) + path.dropFirst() }
        let missing = relative(malformed) + ".missing"
        let cases = [
            (relative(malformed), ": not a replay session: "), (missing, ": cannot read: "), (relative(badStep), ": session 'oob', step 0: "),
        ]
        for (path, message) in cases {
            let result = ChildProcess.highlight(["replay", path])
            #expect(result.status != 0)
            let name = String(path.split(separator: "/").last!)
            #expect(result.stderrText.components(separatedBy: name).count == 2, "\(result.stderrText)")
            #expect(result.stderrText.hasPrefix("highlight replay: \(path)\(message)"), "\(result.stderrText)")
        }
    }

    @Test func invalidStepExits65() throws {
        let path = try Self.temporaryFile(#"{"name":"oob","rules":"icysky","initialText":"ab","steps":[{"moveTo":9}]}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = ChildProcess.highlight(["replay", path])
        #expect(result.status == 65)
        #expect(result.stderrText.contains("session 'oob', step 0"), "\(result.stderrText)")
    }

    @Test func usageErrorsExit2() throws {
        #expect(ChildProcess.highlight(["replay"]).status == 2)
        #expect(ChildProcess.highlight(["replay", "--strategy", "magic", Self.fixture("paste-url")]).status == 2)
        #expect(ChildProcess.highlight(["replay", "--synthetic", "lots"]).status == 2)
        // Sizes past 1 GiB are refused before anything is generated (a size that overflowed trapped).
        for size in ["1025m", "99999999999999m", "9223372036854775807k"] {
            let tooLarge = ChildProcess.highlight(["replay", "--synthetic", "1k,\(size)"])
            #expect(tooLarge.status == 2)
            #expect(tooLarge.stderrText.contains("--synthetic: a size is at most 1024m; got '1k,\(size)'"), "\(tooLarge.stderrText)")
        }
        #expect(ChildProcess.highlight(["replay", "--synthetic", "0"]).stderrText.contains("--synthetic: expected sizes like 280,1k,10k,100k,1m; got '0'"))
        for count in ["0", "1000001"] {
            let keystrokes = ChildProcess.highlight(["replay", "--synthetic", "1k", "--keystrokes", count])
            #expect(keystrokes.status == 2 && keystrokes.stderrText.contains("--keystrokes must be from 1 to 1000000"))
        }
    }

    /// `--seed`, `--keystrokes` and `--emit-sessions` say how sessions are generated: without
    /// `--synthetic` they are refused, not ignored, and nothing is played.
    @Test(arguments: [
        (["--seed", "5"], "--seed needs --synthetic"), (["--seed=1"], "--seed needs --synthetic"),
        (["--keystrokes", "12"], "--keystrokes needs --synthetic"), (["--keystrokes", "200"], "--keystrokes needs --synthetic"),
        (["--emit-sessions"], "--emit-sessions needs --synthetic"),
    ])
    func syntheticOnlyOptionsNeedSynthetic(_ options: [String], _ message: String) {
        let result = ChildProcess.highlight(["replay", "--format", "json"] + options + [Self.fixture("paste-url")])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrText.contains(message), "\(result.stderrText)")
    }

    @Test func syntheticSessionsAreDeterministicAndWriteAChart() throws {
        let first = ChildProcess.highlight(["replay", "--synthetic", "600", "--keystrokes", "12", "--seed", "5", "--emit-sessions"])
        let second = ChildProcess.highlight(["replay", "--synthetic", "600", "--keystrokes", "12", "--seed", "5", "--emit-sessions"])
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
        let svg = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString).svg").path
        defer { try? FileManager.default.removeItem(atPath: svg) }
        let played = ChildProcess.highlight(["replay", "--synthetic", "600", "--keystrokes", "12", "--format", "json", "--svg", svg])
        #expect(played.status == 0, "\(played.stderrText)")
        let chart = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(chart.hasPrefix("<svg"))
        #expect(chart.contains("localized") && chart.contains("full-rebuild"))
    }

    /// The chart is written in place, into a FIFO as into a file, never renamed over the path
    /// (Foundation's atomic write put a regular file there, and in place of `/dev/stdout` for
    /// `--svg /dev/stdout` run as root; that case is not run here, as a regression would break
    /// the machine's `/dev/stdout`). The chart of four keystrokes (about 2 KB) fits in the FIFO's
    /// buffer, so it is read once the process has ended.
    @Test func theChartIsWrittenIntoAFIFO() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fifo = directory + "/chart.svg"
        try #require(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        let played = ChildProcess.highlight(["replay", "--synthetic", "600", "--keystrokes", "4", "--format", "json", "--svg", fifo])
        #expect(played.status == 0, "\(played.stderrText)")
        var chart: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while case let count = read(reader, &block, block.count), count > 0 { chart += block[..<count] }
        #expect(String(decoding: chart, as: UTF8.self).hasPrefix("<svg"))
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    }
}
