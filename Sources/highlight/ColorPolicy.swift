import ComposerText

/// When `highlight` colours its output, and with how many colours.
enum ColorMode: String, CaseIterable, Sendable {
    case auto, always, never
}

/// How many colours the output gets: ComposerText's depth, which also builds the escapes.
typealias ColorDepth = ANSIColorDepth

/// The colour decision, from the flag and the environment, as the CLI reference specifies:
/// - `never`: no colour. `always`: colour.
/// - `auto`: colour only when standard output is a terminal, `TERM` is set and not `dumb`, and
///   `NO_COLOR` is unset or empty.
/// - With colour, 24-bit escapes when `COLORTERM` is `truecolor` or `24bit`, else 256 colours.
struct ColorPolicy {
    static func depth(
        mode: ColorMode, environment: [String: String], outputIsTerminal: Bool
    ) -> ColorDepth {
        switch mode {
        case .never:
            return .none
        case .auto:
            let term = environment["TERM"] ?? ""
            let noColor = environment["NO_COLOR"] ?? ""
            if !outputIsTerminal || term.isEmpty || term == "dumb" || !noColor.isEmpty { return .none }
        case .always:
            break
        }
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        return colorTerm == "truecolor" || colorTerm == "24bit" ? .trueColor : .palette256
    }
}
