import PatternDetection

extension DraftLength {
    /// A line and the entities the tracked profiles count in it, found once for both its tally
    /// and, when it is the line where a limit is crossed, its valid range's cut.
    ///
    /// Entities are found with the scalar the whole text has before the line: a line that follows
    /// an LF is scanned as LF + line (at a text's very start twitter-text's URL expression may take
    /// the first character for the one before a URL, and so find a shorter URL than after an LF).
    struct LineScan {
        /// The line, after its LF when it has one before it; offsets below are in this text.
        let text: String
        let afterLF: Bool
        /// The links the `bluesky` rule set keeps.
        var links: [Span] = []
        /// twitter-text's URLs, in the original text (not NFC).
        var urls: [TwitterWeightedURL] = []
        /// The `mastodon` rule set's links with a protocol and mentions.
        var mastodonSpans: [Span] = []

        /// - Complexity: O(line length).
        init(line: String, afterLF: Bool, needs: Needs) {
            text = afterLF ? "\n" + line : line
            self.afterLF = afterLF
            guard !line.isEmpty else { return }
            (links, urls, mastodonSpans) = withUTF8Bytes(of: text) { (bytes) in
                (
                    needs.bluesky ? BlueskyLength.links(in: bytes) : [],
                    needs.twitter ? TwitterRules.shared.weightedURLs(in: bytes) : [],
                    needs.mastodon ? MastodonLength.countedSpans(in: bytes) : []
                )
            }
        }

        /// The line's part of ``text``.
        var range: Range<Int> { (afterLF ? 1 : 0)..<text.utf8.count }
    }
}
