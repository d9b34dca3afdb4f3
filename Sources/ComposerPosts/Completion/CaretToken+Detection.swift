import PatternDetection

extension CaretToken {
    /// The token being typed at `caret`, for a caller without detected spans at hand: the spans of
    /// the caret's word are detected here (the word and its two bordering separators are copied
    /// and scanned, which the rule set's locality contract makes equal to a full scan there).
    ///
    /// - Throws: as ``at(_:in:rules:spansOverlapping:)``.
    /// - Complexity: O(w) for a caret in a word of w bytes, plus the rule set's scan of that word.
    package static func at(
        _ caret: CaretPosition, in text: some UTF8TextSource, rules: any RuleSet
    ) throws(CaretError) -> CaretToken? {
        try validate(caret, in: text)
        return at(validCaret: caret, in: text, rules: rules)
    }

    /// As ``at(_:in:rules:)`` for a caret known to be one of `text`.
    /// - Precondition: `caret` lies in `text` on a scalar boundary.
    package static func at(validCaret caret: CaretPosition, in text: some UTF8TextSource, rules: any RuleSet) -> CaretToken? {
        guard caret.utf8 > 0, !rules.isSeparator(text.scalar(endingAt: caret.utf8)) else { return nil }
        let spans = spansOfWord(at: caret.utf8, in: text, rules: rules)
        return at(validCaret: caret, in: text, rules: rules) { range in
            spans.filter { $0.utf8Range.overlaps(range) }
        }
    }

    /// The spans a full scan finds in the word that holds (or ends at) `offset`.
    /// - Precondition: `offset` is a scalar boundary of `text`.
    static func spansOfWord(
        at offset: Int, in text: some UTF8TextSource, rules: any RuleSet
    ) -> [Span] {
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
        return rules.spans(in: UnsafeBufferPointer(bytes), startingIn: window).map {
            Span(kind: $0.kind, utf8Range: ($0.utf8Range.lowerBound + shift)..<($0.utf8Range.upperBound + shift))
        }
    }
}
