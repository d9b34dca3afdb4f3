import ComposerText
import PatternDetection

/// `--pattern NAME=PCRE2` and `--style NAME=COLOR[,underline]`, turned into the rule set and style
/// table the run uses.
enum Customization {
    /// The base rule set with the custom patterns layered on top (in the order given), or the base
    /// itself when there are none.
    /// - Throws: ``UsageError`` naming the argument: a malformed definition, a bad name, a name the
    ///   base already uses, or PCRE2's compile error with its offset and a caret under it.
    static func rules(base: any RuleSet, patternDefinitions: [String]) throws(UsageError) -> any RuleSet {
        guard !patternDefinitions.isEmpty else { return base }
        var patterns: [CustomPattern] = []
        for definition in patternDefinitions {
            guard let equals = definition.firstIndex(of: "=") else {
                throw UsageError(message: "--pattern '\(definition)': expected NAME=PCRE2")
            }
            let name = String(definition[..<equals])
            let expression = String(definition[definition.index(after: equals)...])
            try validateName(name, option: "--pattern", argument: definition)
            guard !expression.isEmpty else {
                throw UsageError(message: "--pattern '\(definition)': the expression is empty")
            }
            do {
                patterns.append(try CustomPattern(name: name, expression: expression))
            } catch {
                let diagram = error.caretDiagram.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { "  " + $0 }.joined(separator: "\n")
                throw UsageError(
                    message: "--pattern '\(name)': invalid expression at offset \(error.offset): \(error.message)\n\(diagram)")
            }
        }
        do {
            return try CustomRuleSet(patterns: patterns, over: base)
        } catch {
            throw UsageError(message: "--pattern '\(error.kind)': \(error.description)")
        }
    }

    /// The default styles with each `--style` applied in order (a later one for the same kind wins).
    /// - Throws: ``UsageError`` for a malformed definition, an unknown kind (not a built-in kind, not
    ///   one of `kinds`), an unknown colour or an unknown modifier.
    static func styles(definitions: [String], kinds: [PatternKind]) throws(UsageError) -> PatternStyleTable {
        var table = PatternStyleTable.default
        let known = PatternKind.builtIn + kinds.filter { !$0.isBuiltIn }
        for definition in definitions {
            guard let equals = definition.firstIndex(of: "=") else {
                throw UsageError(message: "--style '\(definition)': expected NAME=COLOR[,underline]")
            }
            let kind = PatternKind(String(definition[..<equals]))
            guard known.contains(kind) else {
                throw UsageError(message: "--style '\(definition)': unknown kind '\(kind)' (known: "
                    + known.map(\.rawValue).joined(separator: ", ") + ")")
            }
            let parts = definition[definition.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false)
            guard let colorName = parts.first, let color = TextColor(name: String(colorName)),
                colorName.hasPrefix("#") || TextColor.named[colorName.lowercased()] != nil
            else {
                throw UsageError(message: "--style '\(definition)': unknown colour '\(parts.first ?? "")' (use #rrggbb or one of: "
                    + TextColor.named.keys.sorted().joined(separator: ", ") + ")")
            }
            var style = PatternStyle(color: color)
            for modifier in parts.dropFirst() {
                guard modifier == "underline" else {
                    throw UsageError(message: "--style '\(definition)': unknown modifier '\(modifier)' (only 'underline')")
                }
                style.underline = true
            }
            table[kind] = style
        }
        return table
    }

    /// Kind names are letters, digits, `_` and `-`, starting with a letter: they become HTML class
    /// names and JSON values as they are.
    private static func validateName(_ name: String, option: String, argument: String) throws(UsageError) {
        let scalars = name.unicodeScalars
        guard let first = scalars.first, first.isASCII, first.properties.isAlphabetic,
            scalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-") })
        else {
            throw UsageError(message: "\(option) '\(argument)': NAME must be an ASCII letter followed by letters, digits, '_' or '-'")
        }
    }
}
