import ArgumentParser
import ComposerPosts
import ComposerText
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PatternDetection

/// The default command's work, from plain values: what `HighlightCommand` parsed, or what
/// ``QuickArguments`` read from a plain command line without the argument parser.
struct HighlightRun {
    var rules: BuiltInRules = .bluesky
    var format: OutputFormat = .ansi
    var input: InputMode = .text
    var color: ColorMode = .auto
    /// `--pattern` definitions (`NAME=PCRE2`).
    var patterns: [String] = []
    /// `--style` definitions.
    var styles: [String] = []
    /// `--emoji`: an instance's custom emoji list (with `--rules mastodon`).
    var emojiFile: String?
    /// `--profile`s, in order.
    var profileNames: [ProfileName] = []
    var mastodon = MastodonCounting()
    var threads = Pipeline.defaultThreadCount
    var segmentBytes = Pipeline.defaultSegmentBytes
    /// `--line-buffered`: every line (or chunk of streamed text) is written out when it is done,
    /// as to a terminal, also when the output is a pipe or a file.
    var lineBuffered = false
    var files: [String] = []

    /// What is wrong with the combination, as the usage error says it (the mastodon values are
    /// checked on their own: ``MastodonCounting/problem``); `nil` when nothing is.
    var problem: String? {
        if emojiFile != nil && rules != .mastodon { return "--emoji is an instance's custom emoji: use it with --rules mastodon" }
        if !profileNames.isEmpty && format != .json { return "--profile adds lengths to JSON output: use it with --format json" }
        if threads < 1 { return "--threads must be at least 1, not \(threads)" }
        if threads > Pipeline.maximumThreadCount { return "--threads must be at most \(Pipeline.maximumThreadCount), not \(threads)" }
        if segmentBytes < 1 { return "--segment-bytes must be at least 1, not \(segmentBytes)" }
        return nil
    }

    /// Highlights every input and ends with the command's exit status (thrown as `ExitCode`).
    func run() throws {
        let profiles = try mastodon.profiles(profileNames)
        let emojiCatalog = try emojiFile.map(MastodonFiles.emojiCatalog(at:))
        let base = emojiCatalog.map { MastodonRules(emojiCatalog: $0) } ?? rules.ruleSet()
        let ruleSet = try Customization.rules(base: base, patternDefinitions: patterns)
        let environment = ProcessInfo.processInfo.environment
        let isTerminal = StandardOutput.isTerminal()
        let depth = ColorPolicy.depth(mode: color, environment: environment, outputIsTerminal: isTerminal)
        // Styles are read only to write ANSI in colour. The default table is evaluated from the
        // composer's formatting definition, a noticeable share of a one-post run, so other runs
        // skip it (a `--style` is still checked).
        let paintsANSI = format == .ansi && depth != .none
        let styleTable = paintsANSI || !styles.isEmpty
            ? try Customization.styles(definitions: styles, kinds: ruleSet.kinds) : PatternStyleTable(styles: [:])
        let output = StandardOutput(lineBuffered: isTerminal || lineBuffered)
        defer { output.flush() }
        let renderer = DocumentRenderer(
            format: format, rules: ruleSet,
            ansi: ANSIEncoder(
                depth: paintsANSI ? depth : .none, styles: styleTable, kinds: PatternKind.builtIn + ruleSet.kinds),
            lengthProfiles: profiles, emojiCatalog: emojiCatalog, output: output)

        let pipeline = Pipeline(
            renderer: renderer, rules: ruleSet, passThrough: format == .ansi && depth == .none, threadCount: threads,
            segmentBytes: segmentBytes)
        var limits = LimitWatch(rules: ruleSet)
        for path in InputSource(files: files).paths {
            defer {
                let lines = limits.check(document: path == "-" ? "standard input" : path)
                if !lines.isEmpty {
                    output.flush()
                    lines.forEach { printError($0) }
                }
            }
            do {
                switch input {
                case .text: try pipeline.highlightDocument(at: path)
                case .jsonl: try pipeline.highlightPosts(at: path)
                }
            } catch let error as InputSource.ReadError {
                output.flush()
                printError("highlight: \(error)")
                pipeline.unreadableInputs += 1
            }
        }
        output.flush()
        if pipeline.unreadableInputs > 0 || limits.documentsAffected > 0 { throw ExitCode(1) }
        if pipeline.badLines > 0 { throw ExitCode(65) }
    }
}
