import PatternDetection

/// The default command's plain command lines, read without the argument parser: building its
/// argument tables (reflection and protocol-conformance look-ups) is most of what `highlight`
/// spends before reading its first byte.
///
/// Only the simplest forms are taken: `--rules`, `--format`, `--input`, `--color` and `--threads`,
/// each at most once with its value as the next argument and a value the parser would accept, and
/// file arguments that do not start with `-` (or are exactly `-`) and do not name a
/// subcommand. Anything else (`--opt=value`, other options, help, subcommands, `--`, a repeated
/// or invalid option) returns `nil`, and the argument parser takes the whole command line, so
/// its messages and meanings are unchanged.
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
            guard index + 1 < arguments.count, seen.insert(argument).inserted else { return nil }
            let value = arguments[index + 1]
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
                guard let threads = Int(value), threads >= 1, String(threads) == value else { return nil }
                run.threads = threads
            default:
                return nil
            }
            index += 2
        }
        return run
    }

    /// Words the argument parser reads as a subcommand (or help) when they come first.
    static let commandNames: Set<String> = ["text", "split", "post", "replay", "help"]
}
