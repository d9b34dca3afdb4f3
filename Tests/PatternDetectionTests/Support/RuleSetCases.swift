import PatternDetection

/// The rule sets tests run over: tests are parameterized over every built-in rule set
/// (`BuiltInRules.allCases`) and take each one, plain or with the shared custom patterns.
enum RuleSetCases {
    static func rules(_ builtIn: BuiltInRules) -> any RuleSet {
        builtIn.ruleSet()
    }

    /// `base` with the shared custom patterns (``ScanChecks/customDefinitions``) on top.
    static func custom(over base: (any RuleSet)?) throws -> CustomRuleSet {
        try CustomRuleSet(patterns: ScanChecks.customPatterns(), over: base)
    }
}
