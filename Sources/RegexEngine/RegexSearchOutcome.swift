/// How a scan with ``RegexPattern/forEachMatch(in:visible:startingIn:_:)`` ended.
package enum RegexSearchOutcome: Hashable, Sendable {
    /// Every match in the window was reported (or the body asked to stop).
    case complete
    /// A search exceeded the engine's limits and the scan stopped there.
    case gaveUp(RegexLimitFailure)
}

/// A search an engine gave up on: PCRE2's match, depth or JIT stack limit, or the Foundation
/// engine's time limit. Scans never fail because of one; the caller decides who to tell.
package struct RegexLimitFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// PCRE2's negative error code; ``FoundationRegexPattern/timeLimitCode`` for the Foundation
    /// engine.
    package var code: Int32
    /// The engine's message, naming the limit.
    package var message: String
    /// The UTF-8 offset in the text where the failing search started.
    package var offset: Int
    /// The engine's name, for messages: `PCRE2` or `NSRegularExpression`.
    package var engine: String

    package init(code: Int32, message: String, offset: Int, engine: String) {
        self.code = code
        self.message = message
        self.offset = offset
        self.engine = engine
    }

    package var description: String { "\(message) (\(engine) error \(code))" }
}
