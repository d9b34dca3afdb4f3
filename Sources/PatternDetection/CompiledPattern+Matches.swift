extension CompiledPattern {
    /// Every non-empty, non-overlapping match that starts in `startRange`, left to right.
    ///
    /// The subject is the whole text, so look-behinds, `\b` and `^` see real context before
    /// `startRange`; matches may end beyond it. Empty matches are never reported; when a search
    /// makes no progress the next one starts a whole scalar further on, so the loop always ends.
    /// A search PCRE2 cannot finish within its resource limits (match limit, depth limit, JIT
    /// stack) ends the loop: the matches found before it are returned, nothing after it.
    ///
    /// - Precondition: `subject` is valid UTF-8 and `startRange` lies on scalar boundaries.
    /// - Complexity: one PCRE2 search per match plus one; linear in the scanned bytes for patterns
    ///   whose searches are linear.
    package func matches(in subject: UnsafeBufferPointer<UInt8>, startingIn startRange: Range<Int>? = nil) -> [Range<Int>] {
        var found: [Range<Int>] = []
        forEachMatch(in: subject, startingIn: startRange) { range in found.append(range) }
        return found
    }

    /// Calls `body` for each match ``matches(in:startingIn:)`` would return.
    /// - Returns: `false` when a search exceeded PCRE2's resource limits and the loop stopped
    ///   early; `true` when every match was reported.
    @discardableResult
    package func forEachMatch(
        in subject: UnsafeBufferPointer<UInt8>,
        startingIn startRange: Range<Int>? = nil,
        _ body: (Range<Int>) -> Void
    ) -> Bool {
        forEachMatch(in: subject, startingIn: startRange) { match, _ in body(match) }
    }

    /// As ``forEachMatch(in:startingIn:_:)-(_,_,(Range<Int>)->Void)``, with the scratch that
    /// holds the current match's capture groups (``MatchScratch/captureRange(_:)``), valid only
    /// inside `body`.
    @discardableResult
    package func forEachMatch(
        in subject: UnsafeBufferPointer<UInt8>,
        startingIn startRange: Range<Int>? = nil,
        _ body: (Range<Int>, _ captures: MatchScratch) -> Void
    ) -> Bool {
        let range = startRange ?? 0..<subject.count
        return MatchScratch.withPooled { scratch in
            var position = range.lowerBound
            while position < range.upperBound {
                let match: Range<Int>?
                do {
                    match = try scratch.firstMatch(
                        of: self, in: subject, from: position, startLimit: range.upperBound, options: .notEmpty)
                } catch {
                    return false
                }
                guard let match, match.lowerBound < range.upperBound else { return true }
                body(match, scratch)
                position = match.upperBound > position ? match.upperBound : subject.scalarEnd(from: position)
            }
            return true
        }
    }
}
