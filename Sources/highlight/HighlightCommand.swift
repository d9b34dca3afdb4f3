import ArgumentParser
import ComposerText
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PatternDetection

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case ansi, html, json, facets
}

enum InputMode: String, ExpressibleByArgument, CaseIterable {
    case text, jsonl
}

extension ColorMode: ExpressibleByArgument {}
extension BuiltInRules: ExpressibleByArgument {}

/// `highlight [options] [FILE...]`: highlight mentions, hashtags, links and cashtags in text.
struct HighlightCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "text",
        abstract: "Highlight @mentions, #hashtags, links, $cashtags and :custom_emoji: in text (the default command).",
        usage: """
            highlight [--rules <rules>] [--format <format>] [--input <input>] [--color <color>] [--threads <n>]
                      [--line-buffered] [--emoji <FILE>] [--pattern <NAME=PCRE2> ...] [--style <NAME=COLOR[,underline]> ...]
                      [--profile <profile> ... [--instance <FILE>] [--mastodon-limit <n>] [--url-length <n>]]
                      [<files> ...]
            """,
        discussion: """
            Text input is streamed in every format: output appears as input arrives, in constant \
            memory (a single word longer than a read block is held whole). Bytes that are not UTF-8 \
            pass through.

            Exit status: 0 success; 1 a FILE could not be read (the other FILEs are still \
            processed) or a scan failed; 2 bad arguments; 65 a jsonl line was not a post (not a JSON \
            string or post object, or a caret outside the text or inside a character): its output \
            line is {"error":"…","line":N}, the other lines are still processed; 65 also for an \
            --emoji or --instance file that is not such a document (nothing is written).
            """)

    @Option(help: "Rule set: \(BuiltInRules.allCases.map(\.rawValue).joined(separator: ", ")).")
    var rules: BuiltInRules = .bluesky

    @Option(help: "Output: \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: OutputFormat = .ansi

    @Option(
        help: """
            text: the whole input is one document; jsonl: every line is a post, a JSON string or an \
            object {"text":…,"caret":{"utf8":N},"accept":…} (the token at the caret is added to JSON \
            output).
            """)
    var input: InputMode = .text

    @Option(help: "auto (terminal only, honours NO_COLOR and TERM), always, never.")
    var color: ColorMode = .auto

    @Option(
        help: ArgumentHelp(
            "With --rules mastodon: an instance's GET /api/v1/custom_emojis JSON; then only its shortcodes are emoji, each with its image (JSON \"url\", HTML <img>), and an emoji being typed gets suggestions.",
            valueName: "FILE"),
        completion: .file(extensions: ["json"]))
    var emoji: String?

    @Option(
        help: ArgumentHelp(
            "A custom kind: NAME and a PCRE2 expression, e.g. 'ticket=\\b[A-Z]+-\\d+\\b' (repeatable; built-in spans win overlaps, then earlier patterns).",
            valueName: "NAME=PCRE2"))
    var pattern: [String] = []

    @Option(
        help: ArgumentHelp(
            "Style a kind (built-in or custom): COLOR is #rrggbb or \(TextColor.named.keys.sorted().joined(separator: ", ")) (repeatable).",
            valueName: "NAME=COLOR[,underline]"))
    var style: [String] = []

    @Option(
        help: ArgumentHelp(
            "With --format json: add each document's post length under a profile: \(ProfileName.list) (repeatable).",
            valueName: "profile"))
    var profile: [ProfileName] = []

    @OptionGroup var mastodon: MastodonOptions

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Threads that scan and render, 1 to \(Pipeline.maximumThreadCount) (default: the machine's cores, at most that). With more than one, an input of 256 KiB or more is cut at separators (jsonl: at line breaks) and its pieces are rendered in parallel; the output is the same byte for byte. Output to a terminal stays on one thread.",
            valueName: "n"))
    var threads: Int = Pipeline.defaultThreadCount

    @Flag(
        name: .customLong("line-buffered"),
        help: "Write each output line as soon as it is done (jsonl: each post's line), also into a pipe, as to a terminal: to drive highlight as a coprocess, one post per line. Runs on one thread.")
    var lineBuffered = false

    /// The least bytes of a parallel segment (testing: tiny segments cut at every separator).
    @Option(parsing: .unconditional, help: .hidden)
    var segmentBytes: Int = Pipeline.defaultSegmentBytes

    @Argument(
        help: "Files to read, each one document ('-' is standard input; default: standard input).", completion: .file())
    var files: [String] = []

    /// The run these options ask for.
    var highlightRun: HighlightRun {
        HighlightRun(
            rules: rules, format: format, input: input, color: color, patterns: pattern, styles: style,
            emojiFile: emoji, profileNames: profile, mastodon: mastodon.counting, threads: threads,
            segmentBytes: segmentBytes, lineBuffered: lineBuffered, files: files)
    }

    func validate() throws {
        if let problem = highlightRun.problem { throw ValidationError(problem) }
    }

    func run() throws {
        try highlightRun.run()
    }
}
