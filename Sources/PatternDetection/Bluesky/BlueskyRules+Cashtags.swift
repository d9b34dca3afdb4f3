extension BlueskyRules {
    /// Cashtags: `$` + an ASCII letter + up to four ASCII letters or digits, after the text start,
    /// whitespace or `(`, followed by the end, whitespace or one of `. , ; : ! ? ) " ' ’`. The
    /// expression decides everything; `$TOOLONG` and `$AB_` are not shortened into a match.
    func appendCashtags(
        in text: UnsafeBufferPointer<UInt8>, startingIn window: Range<Int>, scratch: MatchScratch,
        to spans: inout [Span]
    ) throws(PatternError) {
        try Self.forEachCandidate(of: cashtagPattern, in: text, startingIn: window, scratch: scratch) { match in
            spans.append(Span(kind: .cashtag, utf8Range: match))
            return match.upperBound
        }
    }
}
