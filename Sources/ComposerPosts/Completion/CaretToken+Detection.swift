import PatternDetection

extension CaretToken {
    /// The token being typed at `caret`, for a caller without detected spans at hand: the spans of
    /// the caret's word are detected here (the word and its two bordering separators are copied
    /// and scanned, which the rule set's locality contract makes equal to a full scan there).
    ///
    /// - Throws: as ``at(_:in:rules:spansOverlapping:)``, and ``CaretError/detection(_:)`` when
    ///   PCRE2 fails on the word.
    /// - Complexity: O(w) for a caret in a word of w bytes, plus the rule set's scan of that word.
    package static func at(
        _ caret: CaretPosition, in text: some UTF8TextSource, rules: any RuleSet,
        scratch: MatchScratch = MatchScratch()
    ) throws(CaretError) -> CaretToken? {
        try validate(caret, in: text)
        guard caret.utf8 > 0, !rules.isSeparator(text.scalar(endingAt: caret.utf8)) else { return nil }
        let spans: [Span]
        do {
            spans = try spansOfWord(at: caret.utf8, in: text, rules: rules, scratch: scratch)
        } catch {
            throw .detection(error)
        }
        return try at(caret, in: text, rules: rules) { range in
            spans.filter { $0.utf8Range.overlaps(range) }
        }
    }

    /// The spans a full scan finds in the word that holds (or ends at) `offset`.
    /// - Precondition: `offset` is a scalar boundary of `text`.
    static func spansOfWord(
        at offset: Int, in text: some UTF8TextSource, rules: any RuleSet, scratch: MatchScratch
    ) throws(PatternError) -> [Span] {
        let before = text.precedingSeparator(endingAt: offset, where: rules.isSeparator)
        let after = text.followingSeparator(startingAt: offset, where: rules.isSeparator)
        let word = (before?.upperBound ?? 0)..<(after?.lowerBound ?? text.utf8Count)
        guard !word.isEmpty else { return [] }
        let subject = (before?.lowerBound ?? 0)..<(after?.upperBound ?? text.utf8Count)
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: subject.count)
        defer { bytes.deallocate() }
        text.copyUTF8(subject, into: bytes)
        let shift = subject.lowerBound
        let window = (word.lowerBound - shift)..<(word.upperBound - shift)
        return try rules.spans(in: UnsafeBufferPointer(bytes), startingIn: window, scratch: scratch).map {
            Span(kind: $0.kind, utf8Range: ($0.utf8Range.lowerBound + shift)..<($0.utf8Range.upperBound + shift))
        }
    }
}
