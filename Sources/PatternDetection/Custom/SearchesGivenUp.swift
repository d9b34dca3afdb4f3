import ComposerCore

/// The searches of one ``CustomPattern`` that the regex engine gave up on during a recorded piece
/// of work (see ``recording(_:)``): spans of ``kind`` may be missing from the text scanned there.
///
/// Unlike ``CustomPattern/searchesGivenUp``, which counts over every scan with the pattern and its
/// copies in the process, a report covers only the scans that ``recording(_:)``'s body ran, so a
/// server scanning many requests at once learns which request's text met the limits.
public struct SearchesGivenUp: Hashable, Sendable {
    /// The pattern's kind (``CustomPattern/kind``).
    public var kind: PatternKind
    /// The pattern's expression (``CustomPattern/expression``); patterns may share a kind, never
    /// a report.
    public var expression: String
    /// How many of the pattern's searches gave up during the recording; at least 1.
    public var count: Int
    /// The error of the last of them: stage ``PatternError/Stage/match``, the engine's code and
    /// message, and the offset the search started from in the bytes the rule set was handed (the
    /// whole text through a ``PatternDetector``; a ``SpanDocument`` hands it a slice around an
    /// edit).
    public var lastError: PatternError

    public init(kind: PatternKind, expression: String, count: Int, lastError: PatternError) {
        self.kind = kind
        self.expression = expression
        self.count = count
        self.lastError = lastError
    }

    /// Runs `body` and reports the searches of custom patterns that gave up during it, one report
    /// per pattern (a pattern and its copies are one), in the order each first gave up; empty
    /// when none did.
    ///
    /// Exact under concurrency: what `body` scans on the calling task or thread, and in the child
    /// tasks it starts (a task group's, `async let`'s), is reported; scans elsewhere at the same
    /// time, with the same patterns or not, are not, nor scans on threads `body` hands work to, nor
    /// those of an unstructured task that end after `body`. Any scan counts: ``PatternDetector``,
    /// ``RuleSet/spans(in:startingIn:)``, a ``SpanDocument`` edit, a ComposerText
    /// `ComposerHighlighter` edit (each scans on the calling thread). A recording inside another
    /// reports its searches to both. ``CustomPattern/searchesGivenUp`` counts them as before.
    ///
    /// ```swift
    /// let pattern = try CustomPattern(name: "ticket", expression: #"\b[A-Z]+-\d+\b"#)
    /// let detector = PatternDetector(rules: try CustomRuleSet(patterns: [pattern], over: BlueskyRules.shared))
    /// let (spans, givenUp) = SearchesGivenUp.recording { detector.spans(in: "fix JIRA-12") }
    /// for report in givenUp {
    ///     print("'\(report.kind)' spans may be missing: \(report.lastError.message)")
    /// }
    /// ```
    ///
    /// - Complexity: `body`, plus one small allocation and binding one task-local value; a scan
    ///   pays nothing for the recording until a search gives up.
    public static func recording<Result>(
        _ body: () throws -> Result
    ) rethrows -> (result: Result, givenUp: [SearchesGivenUp]) {
        let log = Log()
        let outer = Log.current
        let result = try Log.$current.withValue(log) { try body() }
        let reports = log.reports
        outer?.merge(reports)
        return (result, reports.map(\.report))
    }

    /// Where a recording collects the give-ups of its scans: the recording's task-local value,
    /// read only when a search gives up.
    ///
    /// Invariant: one entry per pattern (by its ``CustomPattern/LimitRecord``), in the order each
    /// first gave up.
    final class Log: Sendable {
        @TaskLocal static var current: Log?

        private let entries = LockedValue<[Entry]>([])

        struct Entry: Sendable {
            let record: CustomPattern.LimitRecord
            var report: SearchesGivenUp
        }

        /// Counts one search of `pattern` that gave up with `error`.
        func record(_ error: PatternError, of pattern: CustomPattern) {
            merge([Entry(
                record: pattern.limits,
                report: SearchesGivenUp(kind: pattern.kind, expression: pattern.expression, count: 1, lastError: error))])
        }

        /// Adds the entries of a recording that ran inside this one.
        func merge(_ added: [Entry]) {
            entries.withLock { entries in
                for entry in added {
                    if let index = entries.firstIndex(where: { $0.record === entry.record }) {
                        entries[index].report.count += entry.report.count
                        entries[index].report.lastError = entry.report.lastError
                    } else {
                        entries.append(entry)
                    }
                }
            }
        }

        var reports: [Entry] { entries.withLock { $0 } }
    }
}
