import PatternDetection

/// The `bluesky` profile: grapheme clusters of the text as the Bluesky app posts it.
enum BlueskyLength {
    static let limit = 300
    /// The most UTF-8 bytes a post's text may have: `app.bsky.feed.post`'s `maxLength`, which the
    /// server checks besides the 300 clusters (`maxGraphemes`) the app counts.
    static let byteLimit = 3000

    /// The report for `range` of the text whose UTF-8 is `bytes`, given the links the `bluesky`
    /// rule set kept in the whole text; links not wholly inside `range` are counted as typed.
    ///
    /// Each link counts as the grapheme clusters of its shortened text and is a unit for the valid
    /// range, which is the longest prefix of `range` that fits in 300 clusters and, as posted
    /// (links shortened), in 3,000 UTF-8 bytes, cut at a cluster boundary, ending before a link
    /// that does not fit whole. Valid when 1…300 clusters and at most 3,000 bytes as posted.
    static func report(
        bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, links: ShortenedLinks, startUTF16: Int
    ) -> LengthReport {
        let budget = GraphemeBudget(
            bytes: bytes, range: range, replacements: links.inside(range), prefix: "", limit: limit, byteLimit: byteLimit)
        return GraphemeBudget.report(
            budget, profile: .bluesky, limit: limit, isValid: isValid(length: budget.length, postedBytes: budget.bytes),
            bytes: bytes, range: range, startUTF16: startUTF16)
    }

    /// Whether a text of `length` clusters and `postedBytes` UTF-8 bytes as posted is a post.
    static func isValid(length: Int, postedBytes: Int) -> Bool {
        length > 0 && length <= limit && postedBytes <= byteLimit
    }

    /// The UTF-8 bytes of `range` as posted: each link inside it replaced by its shortened text.
    /// - Complexity: O(log links + links in `range`).
    static func postedBytes(of range: Range<Int>, links: ShortenedLinks) -> Int {
        links.inside(range).reduce(range.count) { $0 - $1.utf8Range.count + $1.text.utf8.count }
    }

    /// The links (kind `url`) the `bluesky` rule set keeps in `bytes`, sorted: the spans of
    /// `BlueskyRules.spans(in:)` of that kind, taken as the scan hands them out, so the text's
    /// other spans (any number of tags, mentions and cashtags) are never held.
    /// - Complexity: O(bytes) time; memory for the links only.
    static func links(in bytes: UnsafeBufferPointer<UInt8>) -> [Span] {
        var links: [Span] = []
        BlueskyRules.shared.forEachSpan(in: bytes, startingIn: 0..<bytes.count) { span in
            if span.kind == .url { links.append(span) }
        }
        return links
    }

    /// A text's links (kind `url`), each with the shortened text the Bluesky app posts for it,
    /// shortened once however many slices of the text are counted.
    struct ShortenedLinks: Sendable {
        /// Sorted and non-overlapping.
        private let links: [Span]
        /// `shortTexts[i]` is what the app posts for `links[i]`.
        private let shortTexts: [String]

        /// - Parameter links: the `bluesky` rule set's links in `text`, sorted and non-overlapping
        ///   (as a rule set returns them).
        init(text: String, links: [Span]) {
            let utf8 = text.utf8
            self.links = links
            shortTexts = links.map { link in
                let lower = utf8.index(utf8.startIndex, offsetBy: link.utf8Range.lowerBound)
                let linkText = text[lower..<utf8.index(lower, offsetBy: link.utf8Range.count)]
                return BlueskyLinkShortening.shortText(ofLink: linkText)
            }
        }

        /// Each link wholly inside `range` with its shortened text.
        /// - Complexity: O(log links + links in `range`).
        func inside(_ range: Range<Int>) -> [GraphemeBudget.Replacement] {
            links.indices(inside: range).map { GraphemeBudget.Replacement(utf8Range: links[$0].utf8Range, text: shortTexts[$0]) }
        }
    }
}

extension GraphemeBudget {
    /// A report whose valid range ends at the budget's `validEnd`, with an overflow when that is
    /// before the end of `range` (the count over `limit`, or the bytes over the budget's).
    static func report(
        _ budget: GraphemeBudget, profile: LengthProfile, limit: Int, isValid: Bool, bytes: UnsafeBufferPointer<UInt8>,
        range: Range<Int>, startUTF16: Int
    ) -> LengthReport {
        let validUTF16End = startUTF16 + UTF16Offsets.count(in: bytes, range.lowerBound..<budget.validEnd)
        let valid = TextRange(utf8: range.lowerBound..<budget.validEnd, utf16: startUTF16..<validUTF16End)
        var overflow: TextRange?
        if budget.length > limit || budget.validEnd < range.upperBound {
            let end = validUTF16End + UTF16Offsets.count(in: bytes, budget.validEnd..<range.upperBound)
            overflow = TextRange(utf8: budget.validEnd..<range.upperBound, utf16: validUTF16End..<end)
        }
        return LengthReport(
            profile: profile, length: budget.length, limit: limit, isValid: isValid, validRange: valid, overflow: overflow)
    }
}
