import PatternDetection

extension DraftLength {
    /// Where a profile's valid range ends when it is not the whole text, and the prefix of the text
    /// that decides it.
    struct Cut: Sendable, Equatable {
        /// End of the prefix counted: the lines through the first where the limit is crossed
        /// (`twitter`: or an invalid character met).
        var prefixUTF8: Int
        var prefixUTF16: Int
        var validUTF8: Int
        var validUTF16: Int
        /// `twitter`: `parseTweet`'s `validDisplayIndex` in the prefix (NFC UTF-16 units), before
        /// the whole text's shift.
        var twitterIndex = 0

        static let empty = Cut(prefixUTF8: 0, prefixUTF16: 0, validUTF8: 0, validUTF16: 0)
    }

    /// The cuts after a change that left every line ending at or before `unchangedUpTo` (a UTF-8
    /// offset; -1 for none) as it was; the profiles `only` rejects keep theirs.
    ///
    /// A cut whose prefix lies in the unchanged lines is kept: the prefix still crosses the limit
    /// where it did (the counts only grow along it), and the cut inside it depends on nothing
    /// after it. `twitter`'s shift, which depends on the whole text, is applied again.
    /// - Throws: ``PatternError`` when the `bluesky` rule set fails (only `bluesky` scans).
    mutating func updatedCuts(
        unchangedUpTo: Int, read: (Range<Int>) -> [UInt8], only: (LengthProfile) -> Bool = { _ in true }
    ) throws(PatternError) -> [Cut?] {
        var updated = cuts
        for (index, profile) in profiles.enumerated() where only(profile) {
            if !crossesLimit(profile) {
                updated[index] = nil
            } else if let cut = cuts[index], cut.prefixUTF8 <= unchangedUpTo {
                if profile == .twitter { updated[index] = shifted(cut, unchangedUpTo: unchangedUpTo, read: read) }
            } else {
                updated[index] = try freshCut(profile, read: read)
            }
        }
        return updated
    }

    /// Whether the valid range of `profile` is shorter than the text (or may be, for `twitter`).
    private func crossesLimit(_ profile: LengthProfile) -> Bool {
        switch profile {
        case .bluesky:
            return totals.bluesky > profile.limit
        case .twitter:
            let weighting = TwitterWeighting.version3
            return totals.twitterWeight > weighting.maxWeightedLength * weighting.scale || totals.twitterInvalidLines > 0
        case .mastodon:
            // A blank text's range is the whole text or nothing (see `report(for:)`).
            return !isBlankForMastodon && mastodonCount(profile) > profile.limit
        }
    }

    /// Counts the prefix through the line where `profile` crosses its limit.
    /// - Complexity: O(lines and bytes of the prefix), plus for `twitter` the walk to the shifted
    ///   end.
    private mutating func freshCut(_ profile: LengthProfile, read: (Range<Int>) -> [UInt8]) throws(PatternError) -> Cut {
        let weighting = TwitterWeighting.version3
        let limit = profile == .twitter ? weighting.maxWeightedLength * weighting.scale : profile.limit
        var cut = Cut.empty
        var counted = 0
        // Were the limit never crossed, the prefix would be the whole text: slower, still exact.
        for index in 0..<lines.count {
            let line = lines[index]
            counted += line.count(profile, head: index == 0 ? head : Head())
            cut.prefixUTF8 += line.utf8
            cut.prefixUTF16 += line.utf16
            if counted > limit || (profile == .twitter && line.twitterInvalid) { break }
        }
        let prefix = String(decoding: read(0..<cut.prefixUTF8), as: UTF8.self)
        switch profile {
        case .bluesky:
            let scratch = uniqueScratch()
            (cut.validUTF8, cut.validUTF16) = try withUTF8Bytes(of: prefix) { (bytes) throws(PatternError) in
                let whole = 0..<bytes.count
                let links = try BlueskyRules.shared.spans(in: bytes, scratch: scratch).filter { $0.kind == .url }
                let budget = GraphemeBudget(
                    text: prefix, bytes: bytes, range: whole,
                    replacements: BlueskyLength.replacements(text: prefix, range: whole, links: links), prefix: "",
                    limit: profile.limit)
                return (budget.validEnd, UTF16Offsets.count(in: bytes, 0..<budget.validEnd))
            }
        case .twitter:
            cut.twitterIndex = withUTF8Bytes(of: prefix) { bytes in
                TwitterLength.parse(bytes, range: 0..<bytes.count, urls: nil, weighting: weighting).tally.validDisplayIndex
            }
            cut = shifted(cut, unchangedUpTo: -1, read: read)
        case .mastodon(let limit, let urlLength):
            (cut.validUTF8, cut.validUTF16) = withUTF8Bytes(of: prefix) { bytes in
                let whole = 0..<bytes.count
                let entities = MastodonLength.entities(
                    range: whole, urls: TwitterRules.shared.weightedURLs(in: bytes),
                    mentions: MastodonMentions.mentions(in: bytes))
                let budget = GraphemeBudget(
                    text: prefix, bytes: bytes, range: whole,
                    replacements: MastodonLength.replacements(entities, bytes: bytes, urlLength: urlLength),
                    prefix: contentWarning, limit: limit)
                return (budget.validEnd, UTF16Offsets.count(in: bytes, 0..<budget.validEnd))
            }
        }
        return cut
    }

    /// `twitter`'s valid end: `parseTweet`'s index + 1, shifted by the UTF-16 length the whole
    /// text has over its NFC form, clamped to the text; its UTF-8 end is where that many UTF-16
    /// units end (rounded down inside a surrogate pair). The shift depends on the whole text, so
    /// the end can lie far past the prefix; `cut`'s end is kept when it is the same number of
    /// units and the lines up to it are unchanged (those ending at or before `unchangedUpTo`).
    private func shifted(_ cut: Cut, unchangedUpTo: Int, read: (Range<Int>) -> [UInt8]) -> Cut {
        let target = min(max(cut.twitterIndex + 1 + totals.twitterShift, 0), utf16Count)
        if target == cut.validUTF16, target <= cut.prefixUTF16 || cut.validUTF8 < unchangedUpTo { return cut }
        var shifted = cut
        shifted.validUTF16 = target
        shifted.validUTF8 = utf8Offset(afterUTF16: target, read: read)
        return shifted
    }

    /// The UTF-8 offset `units` UTF-16 units from the start, rounded down inside a surrogate pair.
    /// - Complexity: O(lines up to it + that line's bytes).
    private func utf8Offset(afterUTF16 units: Int, read: (Range<Int>) -> [UInt8]) -> Int {
        var index = 0
        var utf8 = 0
        var utf16 = 0
        while index < lines.count - 1, utf16 + lines[index].utf16 < units {
            utf8 += lines[index].utf8
            utf16 += lines[index].utf16
            index += 1
        }
        let line = read(utf8..<utf8 + lines[index].utf8)
        return utf8 + line.withUnsafeBufferPointer { bytes in
            UTF16Offsets.byteOffset(afterUTF16: units - utf16, from: 0, end: bytes.count, in: bytes)
        }
    }
}
