import ArgumentParser
import Foundation

/// The `highlight` executable: `highlight [options] [FILE...]`, plus subcommands.
@main
struct Highlight: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "highlight",
        abstract: "Find and highlight @mentions, #hashtags, links and $cashtags in social-post text.",
        subcommands: [HighlightCommand.self, ReplayCommand.self],
        defaultSubcommand: HighlightCommand.self)

    /// Usage errors exit with status 2 (INTERFACES.md), not ArgumentParser's 64.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                printError("highlight: " + fullMessage(for: error))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
