import PatternDetection

/// The `bluesky` profile: grapheme clusters of the text as the Bluesky app posts it.
enum BlueskyLength {
    static let limit = 300

    /// The report for `range` of `text`, given the link spans (kind `url`) the `bluesky` rule set
    /// kept in the whole text; links not wholly inside `range` are counted as typed.
    ///
    /// Each link counts as the grapheme clusters of its shortened text and is a unit for the valid
    /// range, which is the longest prefix of `range` that fits in 300 clusters, cut at a cluster
    /// boundary, ending before a link that does not fit whole. Empty text is not valid.
    static func report(
        text: String, bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, links: [Span], startUTF16: Int
    ) -> LengthReport {
        let budget = GraphemeBudget(
            bytes: bytes, range: range, replacements: replacements(text: text, range: range, links: links),
            prefix: "", limit: limit)
        return GraphemeBudget.report(
            budget, profile: .bluesky, limit: limit, isValid: budget.length > 0 && budget.length <= limit, bytes: bytes,
            range: range, startUTF16: startUTF16)
    }

    /// Each link (kind `url`) wholly inside `range` with the shortened text the app posts for it.
    /// - Parameter links: sorted and non-overlapping, as a rule set returns them.
    /// - Complexity: O(log links + links in `range`), so counting the posts of a thread does not
    ///   walk the whole draft's links for each.
    static func replacements(text: String, range: Range<Int>, links: [Span]) -> [GraphemeBudget.Replacement] {
        var replacements: [GraphemeBudget.Replacement] = []
        let utf8 = text.utf8
        for link in links.spans(inside: range) {
            let lower = utf8.index(utf8.startIndex, offsetBy: link.utf8Range.lowerBound)
            let linkText = text[lower..<utf8.index(lower, offsetBy: link.utf8Range.count)]
            replacements.append(.init(utf8Range: link.utf8Range, text: BlueskyLinkShortening.shortText(ofLink: linkText)))
        }
        return replacements
    }
}

extension GraphemeBudget {
    /// A report whose valid range ends at the budget's `validEnd`.
    static func report(
        _ budget: GraphemeBudget, profile: LengthProfile, limit: Int, isValid: Bool, bytes: UnsafeBufferPointer<UInt8>,
        range: Range<Int>, startUTF16: Int
    ) -> LengthReport {
        let validUTF16End = startUTF16 + UTF16Offsets.count(in: bytes, range.lowerBound..<budget.validEnd)
        let valid = TextRange(utf8: range.lowerBound..<budget.validEnd, utf16: startUTF16..<validUTF16End)
        var overflow: TextRange?
        if budget.length > limit {
            let end = validUTF16End + UTF16Offsets.count(in: bytes, budget.validEnd..<range.upperBound)
            overflow = TextRange(utf8: budget.validEnd..<range.upperBound, utf16: validUTF16End..<end)
        }
        return LengthReport(
            profile: profile, length: budget.length, limit: limit, isValid: isValid, validRange: valid, overflow: overflow)
    }
}
