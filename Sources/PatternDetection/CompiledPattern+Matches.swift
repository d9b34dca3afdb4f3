extension CompiledPattern {
    /// Every non-empty, non-overlapping match that starts in `startRange`, left to right.
    ///
    /// The subject is the whole text, so look-behinds, `\b` and `^` see real context before
    /// `startRange`; matches may end beyond it. Empty matches are never reported; when a search
    /// makes no progress the next one starts a whole scalar further on, so the loop always ends.
    ///
    /// - Precondition: `subject` is valid UTF-8 and `startRange` lies on scalar boundaries.
    /// - Complexity: one PCRE2 search per match plus one; linear in the scanned bytes for patterns
    ///   whose searches are linear.
    package func matches(
        in subject: UnsafeBufferPointer<UInt8>,
        startingIn startRange: Range<Int>? = nil,
        scratch: MatchScratch
    ) throws(PatternError) -> [Range<Int>] {
        var found: [Range<Int>] = []
        try forEachMatch(in: subject, startingIn: startRange, scratch: scratch) { range in
            found.append(range)
        }
        return found
    }

    /// Calls `body` for each match ``matches(in:startingIn:scratch:)`` would return; capture groups
    /// of the current match can be read from `scratch` inside `body`.
    package func forEachMatch(
        in subject: UnsafeBufferPointer<UInt8>,
        startingIn startRange: Range<Int>? = nil,
        scratch: MatchScratch,
        _ body: (Range<Int>) -> Void
    ) throws(PatternError) {
        let range = startRange ?? 0..<subject.count
        var position = range.lowerBound
        while position < range.upperBound {
            guard
                let match = try scratch.firstMatch(
                    of: self, in: subject, from: position, startLimit: range.upperBound,
                    options: .notEmpty)
            else { return }
            guard match.lowerBound < range.upperBound else { return }
            body(match)
            position = match.upperBound > position ? match.upperBound : subject.scalarEnd(from: position)
        }
    }
}
