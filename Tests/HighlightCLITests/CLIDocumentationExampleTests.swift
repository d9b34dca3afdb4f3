import Foundation
import Testing

/// Every command the documentation shows (`$ …` in a fenced block of the README and the CLI
/// reference) is run through `/bin/sh` with the built `highlight` on the path, and prints what the
/// documentation shows under it, line for line. A `…` in a shown line stands for any text (an
/// elided part). `curl` lines are not run: the files they fetch are in
/// `Fixtures/documentation/<document>/`, where the commands run (in a copy).
@Suite("Documentation examples")
struct CLIDocumentationExampleTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A shown command and the output shown under it.
    struct Example: CustomStringConvertible {
        var line: Int
        var command: String
        var output: [String]
        var description: String { "line \(line): \(command)" }
    }

    /// The examples of a Markdown document, in order: in a fenced block, each `$ ` line and the
    /// lines under it up to the next command or the end of the block.
    static func examples(in markdown: String) -> [Example] {
        var examples: [Example] = []
        var inBlock = false
        // The example the lines go to: the last command of the current block.
        var current: Int?
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") {
                inBlock.toggle()
                current = nil
            } else if inBlock, line.hasPrefix("$ ") {
                examples.append(Example(line: index + 1, command: String(line.dropFirst(2)), output: []))
                current = examples.count - 1
            } else if let current {
                examples[current].output.append(String(line))
            }
        }
        return examples
    }

    /// Whether `line` is `shown`, where each `…` of `shown` stands for any text.
    static func matches(_ line: String, shown: String) -> Bool {
        let pieces = shown.components(separatedBy: "…")
        guard pieces.count > 1 else { return line == shown }
        guard line.hasPrefix(pieces[0]), line.hasSuffix(pieces[pieces.count - 1]),
            line.count >= pieces[0].count + pieces[pieces.count - 1].count
        else { return false }
        var rest = line.dropFirst(pieces[0].count).dropLast(pieces[pieces.count - 1].count)
        for piece in pieces.dropFirst().dropLast() {
            guard let found = rest.range(of: piece) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }

    @Test func elisionsMatchAnyTextAndNothingElse() {
        #expect(Self.matches(#"{"spans":[1,2],"length":3}"#, shown: #"{"spans":[…],"length":3}"#))
        #expect(Self.matches(#"{"spans":[],"length":3}"#, shown: #"{"spans":[…],"length":3}"#))
        #expect(!Self.matches(#"{"spans":[1],"length":4}"#, shown: #"{"spans":[…],"length":3}"#))
        #expect(!Self.matches("ab", shown: "ab…b"))
        #expect(Self.matches("exact", shown: "exact") && !Self.matches("exact ", shown: "exact"))
    }

    @Test(arguments: [("README.md", "README"), ("docs/cli.md", "cli")])
    func commandsPrintWhatTheDocumentationShows(document: String, fixtures: String) throws {
        let markdown = try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
        let examples = Self.examples(in: markdown).filter { !$0.command.hasPrefix("curl ") }
        #expect(examples.count >= 4, "\(document): no examples found")
        // The commands run in a copy of the fixtures: some write files (`> handles.json`).
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("documentation-\(UUID().uuidString)")
        try FileManager.default.copyItem(
            at: Self.root.appendingPathComponent("Fixtures/documentation/\(fixtures)"), to: directory)
        defer { try? FileManager.default.removeItem(at: directory) }
        let binaries = URL(fileURLWithPath: ChildProcess.highlightPath).deletingLastPathComponent().path
        for example in examples {
            let shell = Process()
            shell.executableURL = URL(fileURLWithPath: "/bin/sh")
            shell.arguments = ["-c", example.command]
            shell.currentDirectoryURL = directory
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] = binaries + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            for name in ["TERM", "COLORTERM", "NO_COLOR"] { environment[name] = nil }
            shell.environment = environment
            let output = Pipe()
            shell.standardOutput = output
            shell.standardError = FileHandle.nullDevice
            shell.standardInput = FileHandle.nullDevice
            try shell.run()
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            shell.waitUntilExit()
            #expect(shell.terminationStatus == 0, "\(document) \(example)")
            var lines = printed.components(separatedBy: "\n")
            if lines.last == "" { lines.removeLast() }
            #expect(lines.count == example.output.count, "\(document) \(example): printed \(printed.debugDescription)")
            for (line, shown) in zip(lines, example.output) {
                #expect(Self.matches(line, shown: shown), "\(document) \(example):\nprinted \(line)\nshown   \(shown)")
            }
        }
    }
}
