import PatternDetection

/// Watches the custom patterns of a run for searches the regex engine gave up on (a catastrophic
/// expression), so the CLI can name the document and the expression instead of passing the
/// missing spans over in silence.
struct LimitWatch {
    private let patterns: [CustomPattern]
    private var seen: [Int]
    /// Documents in which some expression gave up.
    private(set) var documentsAffected = 0

    init(rules: any RuleSet) {
        patterns = (rules as? CustomRuleSet)?.patterns ?? []
        seen = patterns.map { $0.limits.snapshot.count }
    }

    /// One line for standard error per expression that gave up since the last check, naming
    /// `document`.
    mutating func check(document: String) -> [String] {
        var lines: [String] = []
        for index in patterns.indices {
            let (count, last) = patterns[index].limits.snapshot
            guard count > seen[index], let last else { continue }
            lines.append(
                "highlight: \(document): \(last.message) (\(PatternError.engineName) error \(last.code)) in the expression "
                    + "'\(patterns[index].expression)'; its '\(patterns[index].kind)' spans are missing where it gave up")
            seen[index] = count
        }
        if !lines.isEmpty { documentsAffected += 1 }
        return lines
    }
}
