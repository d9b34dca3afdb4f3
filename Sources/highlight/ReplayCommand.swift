import ArgumentParser
import ComposerText
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import KeystrokeReplay
import PatternDetection

extension ReplayTurns: ExpressibleByArgument {}

enum ReplayFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json
}

/// `highlight replay`: plays keystroke sessions against the highlighting strategies and reports
/// per-keystroke cost and what each strategy broke.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay keystroke sessions and measure each highlighting strategy per keystroke.",
        discussion: """
            Each session (a JSON file: initial text, rule set and steps; see the CLI reference) is played like a rich-text \
            editor: one run per typed character, initial text loaded as one run. Each strategy plays the \
            same keystrokes on its own copy — the whole session one strategy after the other, or with \
            --turns keystroke in lockstep (every strategy's keystroke before the next keystroke: then a \
            strategy is timed right after the others' work, e.g. after a full rebuild's pass over the \
            whole document, in a cold cache). Per keystroke the strategy's own work (textDidChange) is \
            timed separately from the editor's edit. After every keystroke the strategy's tags are \
            compared with a full scan of the same text (documents up to 1 KiB: the whole document \
            every keystroke; larger: 512 bytes around the edit every keystroke and the whole document every \
            64 keystrokes and at the end — the policy is printed), and the selection is checked. At the \
            end the bytes made bold by `bold` steps must still be bold.

            Bold is `TextEmphasisAttribute` = .stronglyEmphasized (swift-foundation on Linux has no \
            inlinePresentationIntent).

            --synthetic generates sessions instead of (or besides) reading files: a reply typed into the \
            empty line between two posts in the middle of a generated thread draft of each size (e.g. \
            --synthetic 1k,100k,1m). A --seed types the same reply at every size, so only the length \
            differs, and gives the same session for a size whatever other sizes are listed. With \
            --emit-sessions the generated sessions are printed as JSON, one per line, instead of being \
            played.

            Exit status: 0 when every strategy kept its promises; 1 when a strategy diverged from a full \
            scan, lost the selection, or (localized) lost the user's formatting — the full rebuild \
            dropping formatting is its documented behaviour and is reported, not failed; 2 usage error \
            (bad option, no session); 65 a session file that is not a valid session, names an unknown \
            rule set, or has an invalid step (the other sessions are still played); 1 a file that \
            cannot be read.
            """)

    @Option(
        help: ArgumentHelp(
            "Strategies: \(ComposerHighlighter.Strategy.allCases.map(\.rawValue).joined(separator: ", ")), all (default: all).",
            valueName: "strategy"),
        transform: ReplayCommand.strategies(named:))
    var strategy: [ComposerHighlighter.Strategy] = ComposerHighlighter.Strategy.allCases

    @Option(help: "Rule set for every session (overrides the session's own): \(BuiltInRules.allCases.map(\.rawValue).joined(separator: ", ")).")
    var rules: BuiltInRules?

    @Option(help: "How strategies take turns: session (each plays the whole session, one after the other) or keystroke (lockstep).")
    var turns: ReplayTurns = .session

    @Option(help: "Output: table (for people) or json (one object per session per line).")
    var format: ReplayFormat = .table

    @Option(
        help: "Write an SVG chart of per-keystroke latency against document size (log-log).",
        completion: .file(extensions: ["svg"]))
    var svg: String?

    @Flag(help: "JSON: include every keystroke's [documentBytes, strategyMicroseconds, editMicroseconds].")
    var samples = false

    @Option(help: "Generated sessions at these document sizes (bytes; k = 1024, m = 1048576), comma-separated.")
    var synthetic: String?

    /// Only with `--synthetic` (it says how sessions are generated); `nil` when not given.
    @Option(parsing: .unconditional, help: "Seed for --synthetic (default: 1).")
    var seed: UInt64?

    /// Only with `--synthetic`; `nil` when not given.
    @Option(parsing: .unconditional, help: "Keystrokes per --synthetic session, 1 to 1000000 (default: 200).")
    var keystrokes: Int?

    @Flag(help: "Print the --synthetic sessions as JSON (one per line) instead of playing them.")
    var emitSessions = false

    @Argument(help: "Session files (JSON).", completion: .file(extensions: ["json"]))
    var sessions: [String] = []

    func validate() throws {
        if sessions.isEmpty && synthetic == nil { throw ValidationError("no session: give SESSION.json files or --synthetic SIZES") }
        if let synthetic {
            do {
                _ = try Self.sizes(synthetic)
            } catch {
                throw ValidationError("--synthetic: \(error.message); got '\(synthetic)'")
            }
        }
        if let keystrokes, !(1...1_000_000).contains(keystrokes) {
            throw ValidationError("--keystrokes must be from 1 to 1000000, not \(keystrokes)")
        }
        // These only say how sessions are generated: without --synthetic they would be ignored.
        if synthetic == nil {
            if seed != nil { throw ValidationError("--seed needs --synthetic (it seeds the generated sessions)") }
            if keystrokes != nil { throw ValidationError("--keystrokes needs --synthetic (it sets the generated sessions' length)") }
            if emitSessions { throw ValidationError("--emit-sessions needs --synthetic") }
        }
    }

    func run() throws {
        let output = StandardOutput(lineBuffered: StandardOutput.isTerminal())
        defer { output.flush() }
        var generated: [ReplaySession] = []
        if let synthetic {
            // The same reply, typed between two posts, at every size (see SessionGenerator).
            let generator = SessionGenerator(seed: seed ?? 1)
            for size in try Self.sizes(synthetic) {
                generated.append(generator.midDocumentReply(
                    name: "synthetic-\(Self.sizeLabel(size))", rules: rules?.rawValue ?? "bluesky",
                    documentUTF8Count: size, keystrokes: keystrokes ?? 200))
            }
        }
        if emitSessions {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
            for session in generated {
                output.write(String(decoding: try encoder.encode(session), as: UTF8.self))
                output.endLine()
            }
            return
        }

        var exitCode: Int32 = 0
        var reports: [SessionReport] = []
        let progress = ReplayProgress(enabled: isatty(2) == 1)
        let runner = ReplayRunner(strategies: strategy, rulesOverride: rules, turns: turns)
        var sources: [(label: String, load: () throws -> ReplaySession)] = sessions.map { path in
            (path, { try ReplaySession.load(from: URL(fileURLWithPath: path)) })
        }
        sources += generated.map { session in (session.name, { session }) }
        for source in sources {
            do {
                let session = try source.load()
                var sessionRunner = runner
                sessionRunner.progress = progress.reporter(for: session.name)
                let report = try sessionRunner.run(session)
                progress.clear()
                reports.append(report)
                switch format {
                case .json: output.write(report.jsonLine(includeSamples: samples))
                case .table: output.write(ReplayTable.render(report))
                }
                output.endLine()
                if !report.strategies.allSatisfy(\.keptItsPromises) { exitCode = max(exitCode, 1) }
            } catch let error as ReplayError {
                progress.clear()
                output.flush()
                // Each message names the file once, as it was given (the loader's error holds
                // the path it resolved).
                switch error {
                case .unreadable(_, let reason):
                    printError("highlight replay: \(ReplayError.unreadable(path: source.label, reason: reason))")
                    exitCode = max(exitCode, 1)
                case .malformed(_, let reason):
                    printError("highlight replay: \(ReplayError.malformed(path: source.label, reason: reason))")
                    exitCode = 65
                case .invalidStep, .unknownRules:
                    printError("highlight replay: \(source.label): \(error.description)")
                    exitCode = 65
                }
            }
        }
        if format == .table, reports.count > 1 {
            output.write(ReplayTable.summary(reports))
        }
        if let svg {
            let chart = LatencyChart(reports: reports).svg()
            do {
                try writeFileContents(Array(chart.utf8), atPath: svg)
            } catch {
                printError("highlight replay: cannot write \(svg): \(fileFailureReason(error))")
                exitCode = max(exitCode, 1)
            }
        }
        output.flush()
        if exitCode != 0 { throw ExitCode(exitCode) }
    }

    /// The sizes of a `--synthetic` list (`280,1k,1m`: bytes, KiB, MiB), each from 1 byte to
    /// ``largestSyntheticSize``.
    /// - Throws: `ValidationError` naming what is wrong (the caller adds the option and the list).
    static func sizes(_ list: String) throws(ValidationError) -> [Int] {
        var sizes: [Int] = []
        for item in list.split(separator: ",") {
            let text = String(item.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()).lowercased()
            var multiplier = 1
            var digits = Substring(text)
            if text.hasSuffix("k") { multiplier = 1024; digits = digits.dropLast() }
            if text.hasSuffix("m") { multiplier = 1024 * 1024; digits = digits.dropLast() }
            guard let value = Int(digits), value > 0 else {
                throw ValidationError("expected sizes like 280,1k,10k,100k,1m")
            }
            let (size, overflow) = value.multipliedReportingOverflow(by: multiplier)
            guard !overflow, size <= largestSyntheticSize else {
                throw ValidationError("a size is at most \(largestSyntheticSize >> 20)m")
            }
            sizes.append(size)
        }
        return sizes
    }

    /// The largest `--synthetic` document: 1 GiB (a full rebuild per keystroke takes about half a
    /// second at 1 MiB already).
    static let largestSyntheticSize = 1 << 30

    /// `1MB`, `100KB`, `280B` for session names and chart labels.
    static func sizeLabel(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20)MB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10)KB" }
        return "\(bytes)B"
    }

    /// `all`, or one strategy by its report name.
    static func strategies(named name: String) throws -> [ComposerHighlighter.Strategy] {
        if name == "all" { return ComposerHighlighter.Strategy.allCases }
        guard let strategy = ComposerHighlighter.Strategy(rawValue: name) else {
            let names = ComposerHighlighter.Strategy.allCases.map(\.rawValue) + ["all"]
            throw ValidationError("unknown strategy '\(name)': expected one of \(names.joined(separator: ", "))")
        }
        return [strategy]
    }
}
