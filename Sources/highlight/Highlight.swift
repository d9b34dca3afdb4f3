import ArgumentParser
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

/// The `highlight` executable: `highlight [options] [FILE...]`, plus subcommands.
@main
struct Highlight: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "highlight",
        abstract: "Find and highlight @mentions, #hashtags, links, $cashtags and :custom_emoji: in social-post text.",
        subcommands: [HighlightCommand.self, SplitCommand.self, PostCommand.self, ReplayCommand.self],
        defaultSubcommand: HighlightCommand.self)

    /// Exit statuses as the CLI reference (docs/cli.md) specifies: usage errors 2 (not ArgumentParser's 64), with
    /// `highlight: ` before the message; a closed output pipe ends quietly (see `StandardOutput`).
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if asksForRootHelp(arguments) {
            print(rootHelp(), terminator: "")
            systemExit(0)
        }
        do {
            if let run = QuickArguments.highlightRun(arguments) {
                try run.run()
            } else if arguments.first == "split", let request = QuickArguments.splitRequest(arguments.dropFirst()) {
                try request.run()
            } else if arguments.first == "post", let request = QuickArguments.postRequest(arguments.dropFirst()) {
                try request.run()
            } else {
                var command = try parseAsRoot(arguments)
                try command.run()
            }
        } catch let error as UsageError {
            printError("highlight: " + error.message)
            systemExit(2)
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                printError("highlight: " + fullMessage(for: error))
                systemExit(2)
            }
            exit(withError: error)
        }
    }

    /// `highlight -h`, `highlight --help`, `highlight help`, or `--help` among the default command's
    /// options: the root help would list only subcommands, so ours shows the default command too.
    static func asksForRootHelp(_ arguments: [String]) -> Bool {
        let subcommandNames = configuration.subcommands.compactMap { $0.configuration.commandName }
        if arguments == ["help"] { return true }
        if let first = arguments.first, subcommandNames.contains(first) || first == "help" { return false }
        let options = arguments.prefix { $0 != "--" }
        return options.contains("-h") || options.contains("--help")
    }

    /// The default command's help (discussion, usage, options) under the root's overview, then the
    /// subcommands.
    static func rootHelp() -> String {
        var help = "OVERVIEW: \(configuration.abstract)\n\n"
        let commandHelp = helpMessage(for: HighlightCommand.self)
        if commandHelp.hasPrefix("OVERVIEW:"), let paragraphEnd = commandHelp.firstRange(of: "\n\n") {
            help += commandHelp[paragraphEnd.upperBound...]
        } else {
            help += commandHelp
        }
        if !help.hasSuffix("\n") { help += "\n" }
        help += "\nSUBCOMMANDS:\n"
        for subcommand in configuration.subcommands {
            let name = subcommand.configuration.commandName ?? "\(subcommand)"
            let isDefault = subcommand == configuration.defaultSubcommand
            help += "  \(name)\(isDefault ? " (default)" : "")"
            help += String(repeating: " ", count: max(1, 24 - name.count - (isDefault ? 10 : 0)))
            help += subcommand.configuration.abstract + "\n"
        }
        help += "\n  See 'highlight help <subcommand>' for detailed help.\n"
        return help
    }
}

#if canImport(Glibc)
private let systemExit = Glibc.exit
#elseif canImport(Darwin)
private let systemExit = Darwin.exit
#endif
