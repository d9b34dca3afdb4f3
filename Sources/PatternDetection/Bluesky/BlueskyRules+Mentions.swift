extension BlueskyRules {
    /// Mentions: `@handle` after the text start, whitespace or `(`, where the handle (already cut
    /// back to an ASCII word boundary by the expression) ends in `.` + a listed TLD, or in `.test`.
    ///
    /// A rejected candidate is not retried shorter: `@alice.example_` is cut back to `@alice.` by
    /// the boundary rule and then fails, exactly as in the reference.
    func appendMentions(
        in text: UnsafeBufferPointer<UInt8>, startingIn window: Range<Int>, scratch: MatchScratch,
        to spans: inout [Span]
    ) throws(PatternError) {
        try Self.forEachCandidate(of: mentionPattern, in: text, startingIn: window, scratch: scratch) { match in
            let handle = text[(match.lowerBound + 1)..<match.upperBound]
            if Self.endsInListedTLD(handle) || handle.reversed().starts(with: ".test".utf8.reversed()) {
                spans.append(Span(kind: .mention, utf8Range: match))
            }
            return match.upperBound
        }
    }
}
