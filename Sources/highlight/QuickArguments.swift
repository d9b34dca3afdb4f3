import PatternDetection

/// Plain command lines of the default command, `split` and `post`, read without the argument parser:
/// building its argument tables (reflection and protocol-conformance look-ups) is most of what
/// `highlight` spends before reading its first byte.
///
/// Only the simplest forms are taken: the command's options but the hidden one, each with its
/// value as the next argument, a value that does not start with `-` and that the parser would
/// accept; the flags `--line-buffered` (default command) and `--numbering` (`split`); `--pattern`, `--style` and `--profile` (default command)
/// and `--lang` (`post`) any number of times, every other option at most once; a combination the
/// command accepts
/// (``HighlightRun/problem``, ``MastodonCounting/problem``, `split`'s required `--profile`); and
/// file arguments that do not start with `-` (or are exactly `-`) and do not name a subcommand.
/// Anything else (`--opt=value`, help, other subcommands, `--`, a repeated or invalid option)
/// returns `nil`, and the argument parser takes the whole command line, so its messages and
/// meanings are unchanged. What the values mean (a pattern, a style, a file) is checked where the
/// run uses them, the same for either path.
enum QuickArguments {
    /// The default command's run `arguments` ask for, or `nil` when they are not a plain command line.
    /// - Complexity: O(arguments).
    static func highlightRun(_ arguments: [String]) -> HighlightRun? {
        var run = HighlightRun()
        let plain = read(arguments[...], flags: ["--line-buffered"], repeatable: ["--pattern", "--style", "--profile"]) { option, value in
            switch option {
            case "--line-buffered": run.lineBuffered = true
            case "--rules": guard let rules = BuiltInRules(rawValue: value) else { return false }; run.rules = rules
            case "--format": guard let format = OutputFormat(rawValue: value) else { return false }; run.format = format
            case "--input": guard let input = InputMode(rawValue: value) else { return false }; run.input = input
            case "--color": guard let color = ColorMode(rawValue: value) else { return false }; run.color = color
            case "--threads": guard let threads = number(value) else { return false }; run.threads = threads
            case "--pattern": run.patterns.append(value)
            case "--style": run.styles.append(value)
            case "--profile": guard let name = ProfileName(rawValue: value) else { return false }; run.profileNames.append(name)
            case "--emoji": run.emojiFile = value
            default: return readMastodon(option, value, into: &run.mastodon)
            }
            return true
        } file: { run.files.append($0) }
        guard plain, run.problem == nil, run.mastodon.problem == nil else { return nil }
        return run
    }

    /// The `split` run `arguments` (after the word `split`) ask for, or `nil` when they are not a
    /// plain command line.
    /// - Complexity: O(arguments).
    static func splitRequest(_ arguments: ArraySlice<String>) -> SplitRequest? {
        var profile: ProfileName?
        var request = SplitRequest(profile: .bluesky)
        let plain = read(arguments, flags: ["--numbering"]) { option, value in
            switch option {
            case "--numbering": request.numbering = true
            case "--profile": guard let name = ProfileName(rawValue: value) else { return false }; profile = name
            case "--rules": guard let rules = BuiltInRules(rawValue: value) else { return false }; request.rules = rules
            case "--input": guard let input = InputMode(rawValue: value) else { return false }; request.input = input
            default: return readMastodon(option, value, into: &request.mastodon)
            }
            return true
        } file: { request.files.append($0) }
        guard plain, let profile, request.mastodon.problem == nil else { return nil }
        request.profile = profile
        return request
    }

    /// The `post` run `arguments` (after the word `post`) ask for, or `nil` when they are not a
    /// plain command line.
    /// - Complexity: O(arguments).
    static func postRequest(_ arguments: ArraySlice<String>) -> PostRequest? {
        var request = PostRequest()
        let plain = read(arguments, repeatable: ["--lang"]) { option, value in
            switch option {
            case "--handles": request.handles = value
            case "--resolver": request.resolver = value
            case "--resolver-timeout": guard let seconds = Double(value) else { return false }; request.resolverTimeout = seconds
            case "--resolver-concurrency": guard let count = number(value) else { return false }; request.resolverConcurrency = count
            case "--created-at": request.createdAt = value
            case "--lang": request.lang.append(value)
            case "--input": guard let input = InputMode(rawValue: value) else { return false }; request.input = input
            default: return false
            }
            return true
        } file: { request.files.append($0) }
        return plain ? request : nil
    }

    /// Words the argument parser reads as a subcommand (or help) when they come first.
    static let commandNames: Set<String> = ["text", "split", "post", "replay", "help"]

    /// Reads `arguments` as options, each with the next argument as its value (`flags` with none:
    /// their value is empty), and files; `take` is handed each option and value and says whether
    /// it accepts them. `false` when anything is not plain (see the type's summary).
    private static func read(
        _ arguments: ArraySlice<String>, flags: Set<String> = [], repeatable: Set<String> = [],
        take: (_ option: String, _ value: String) -> Bool, file: (String) -> Void
    ) -> Bool {
        var seen: Set<String> = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            guard argument.hasPrefix("-") && argument != "-" else {
                if commandNames.contains(argument) { return false }
                file(argument)
                index += 1
                continue
            }
            guard repeatable.contains(argument) || seen.insert(argument).inserted else { return false }
            if flags.contains(argument) {
                guard take(argument, "") else { return false }
                index += 1
                continue
            }
            guard index + 1 < arguments.endIndex else { return false }
            let value = arguments[index + 1]
            guard !value.hasPrefix("-"), take(argument, value) else { return false }
            index += 2
        }
        return true
    }

    /// `--instance`, `--mastodon-limit` or `--url-length` into `counting`; `false` for another
    /// option or a value the parser would refuse.
    private static func readMastodon(_ option: String, _ value: String, into counting: inout MastodonCounting) -> Bool {
        switch option {
        case "--instance": counting.instance = value
        case "--mastodon-limit": guard let limit = number(value) else { return false }; counting.mastodonLimit = limit
        case "--url-length": guard let length = number(value) else { return false }; counting.urlLength = length
        default: return false
        }
        return true
    }

    /// `value` as a whole number written plainly (no sign, no leading zeros), or `nil`.
    private static func number(_ value: String) -> Int? {
        guard let number = Int(value), String(number) == value else { return nil }
        return number
    }
}
