import Synchronization

extension CustomPattern {
    /// The searches of one pattern that the regex engine gave up on (PCRE2's match limit, depth
    /// limit or JIT stack; NSRegularExpression's time limit), counted over every scan with the
    /// pattern and its copies, with the last such error. A scan never fails because of them (see ``CustomRuleSet``); this record lets a caller say
    /// that spans of the pattern's kind may be missing.
    package final class LimitRecord: Sendable {
        private let state = Mutex<(count: Int, last: PatternError?)>((0, nil))

        package init() {}

        package func record(_ error: PatternError) {
            state.withLock { $0 = ($0.count + 1, error) }
        }

        /// How many searches gave up so far, and the last error.
        package var snapshot: (count: Int, last: PatternError?) { state.withLock { $0 } }
    }
}
