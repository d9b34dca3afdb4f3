import ComposerCore

extension CustomPattern {
    /// How many searches with this pattern gave up on the regex engine's limits, over every scan
    /// with it and its copies since it was made (the count only grows). Above zero, spans of its
    /// kind may be missing from the words those searches were in; the scans themselves did not
    /// fail. An app that scans one text at a time can compare the count before and after a scan
    /// to tell the user; when scans with the pattern run concurrently the difference counts them
    /// all, and ``SearchesGivenUp/recording(_:)`` tells what one call's scans gave up on.
    public var searchesGivenUp: Int { limits.snapshot.count }

    /// The error of the last search with this pattern that gave up (``PatternError/Stage/match``,
    /// the engine's message and code), or `nil` while none has.
    public var lastSearchGivenUp: PatternError? { limits.snapshot.last }

    /// Counts a search that gave up with `error`, here and in the recording the scan runs in, if
    /// any (``SearchesGivenUp/recording(_:)``).
    func recordGiveUp(_ error: PatternError) {
        limits.record(error)
        SearchesGivenUp.Log.current?.record(error, of: self)
    }

    /// The searches of one pattern that the regex engine gave up on (PCRE2's match limit, depth
    /// limit or JIT stack; NSRegularExpression's time limit), counted over every scan with the
    /// pattern and its copies, with the last such error. A scan never fails because of them (see ``CustomRuleSet``); this record lets a caller say
    /// that spans of the pattern's kind may be missing.
    package final class LimitRecord: Sendable {
        private let state = LockedValue<(count: Int, last: PatternError?)>((0, nil))

        package init() {}

        package func record(_ error: PatternError) {
            state.withLock { $0 = ($0.count + 1, error) }
        }

        /// How many searches gave up so far, and the last error.
        package var snapshot: (count: Int, last: PatternError?) { state.withLock { $0 } }
    }
}
