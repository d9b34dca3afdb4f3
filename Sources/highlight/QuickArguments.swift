import PatternDetection

/// The default command's plain command lines, read without the argument parser: building its
/// argument tables (reflection and protocol-conformance look-ups) is most of what `highlight`
/// spends before reading its first byte.
///
/// Only the simplest forms are taken: each of the command's options but the hidden one, with its
/// value as the next argument, a value that does not start with `-` and that the parser would
/// accept; `--pattern`, `--style` and `--profile` any number of times, the others at most once;
/// a combination the command accepts (``HighlightRun/problem``, ``MastodonCounting/problem``);
/// and file arguments that do not start with `-` (or are exactly `-`) and do not name a
/// subcommand. Anything else (`--opt=value`, help, subcommands, `--`, a repeated or invalid
/// option) returns `nil`, and the argument parser takes the whole command line, so its messages
/// and meanings are unchanged. What the values mean (a pattern, a style, a file) is checked
/// where the run uses them, the same for either path.
enum QuickArguments {
    /// The run `arguments` ask for, or `nil` when they are not a plain command line.
    /// - Complexity: O(arguments).
    static func highlightRun(_ arguments: [String]) -> HighlightRun? {
        var run = HighlightRun()
        var seen: Set<String> = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            guard argument.hasPrefix("-") && argument != "-" else {
                if Self.commandNames.contains(argument) { return nil }
                run.files.append(argument)
                index += 1
                continue
            }
            guard index + 1 < arguments.count, Self.repeatable.contains(argument) || seen.insert(argument).inserted else {
                return nil
            }
            let value = arguments[index + 1]
            guard !value.hasPrefix("-") else { return nil }
            switch argument {
            case "--rules":
                guard let rules = BuiltInRules(rawValue: value) else { return nil }
                run.rules = rules
            case "--format":
                guard let format = OutputFormat(rawValue: value) else { return nil }
                run.format = format
            case "--input":
                guard let input = InputMode(rawValue: value) else { return nil }
                run.input = input
            case "--color":
                guard let color = ColorMode(rawValue: value) else { return nil }
                run.color = color
            case "--threads":
                guard let threads = Self.number(value) else { return nil }
                run.threads = threads
            case "--pattern":
                run.patterns.append(value)
            case "--style":
                run.styles.append(value)
            case "--profile":
                guard let name = ProfileName(rawValue: value) else { return nil }
                run.profileNames.append(name)
            case "--emoji":
                run.emojiFile = value
            case "--instance":
                run.mastodon.instance = value
            case "--mastodon-limit":
                guard let limit = Self.number(value) else { return nil }
                run.mastodon.mastodonLimit = limit
            case "--url-length":
                guard let length = Self.number(value) else { return nil }
                run.mastodon.urlLength = length
            default:
                return nil
            }
            index += 2
        }
        guard run.problem == nil, run.mastodon.problem == nil else { return nil }
        return run
    }

    /// The options that may be given more than once (their values are kept in order).
    static let repeatable: Set<String> = ["--pattern", "--style", "--profile"]

    /// `value` as a whole number written plainly (no sign, no leading zeros), or `nil`.
    private static func number(_ value: String) -> Int? {
        guard let number = Int(value), String(number) == value else { return nil }
        return number
    }

    /// Words the argument parser reads as a subcommand (or help) when they come first.
    static let commandNames: Set<String> = ["text", "split", "post", "replay", "help"]
}
