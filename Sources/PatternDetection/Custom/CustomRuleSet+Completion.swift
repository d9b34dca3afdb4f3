/// Completion for custom kinds: a pattern that declares a trigger is typed as
/// trigger + body, where
/// - the trigger stands at the text start or right after one of the rule set's separators (a word
///   start: `:smile` completes, `a:smile` does not);
/// - the body is every scalar up to the next separator, the trigger included (`:smile:` is one
///   token).
/// That is all a custom kind can declare; detection still decides what is a span, and a detected
/// span at the caret is the token.
extension CustomRuleSet {
    /// The base's grammars (its kinds keep their own rules), then one grammar per pattern that
    /// declares a trigger, in pattern order.
    public var tokenGrammars: [TokenGrammar] { grammars }

    static func tokenGrammars(of patterns: [CustomPattern], over base: (any RuleSet)?) -> [TokenGrammar] {
        var grammars = base?.tokenGrammars ?? []
        let isSeparator: @Sendable (Unicode.Scalar) -> Bool = { scalar in
            UnicodeWhitespace.isPCRE2Space(scalar) && (base?.isSeparator(scalar) ?? true)
        }
        for pattern in patterns {
            guard let trigger = pattern.trigger, !grammars.contains(where: { $0.kind == pattern.kind }) else {
                continue
            }
            grammars.append(
                TokenGrammar(
                    kind: pattern.kind, triggers: [trigger],
                    mayFollow: { previous in previous.map(isSeparator) ?? true },
                    body: { !isSeparator($0) }))
        }
        return grammars
    }
}
