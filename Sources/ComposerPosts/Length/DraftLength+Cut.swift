import PatternDetection

extension DraftLength {
    /// Where a profile's valid range ends when it is not the whole text, and the prefix of the text
    /// that decides it.
    struct Cut: Sendable, Equatable {
        /// End of the prefix that decides it: the lines through the first where the limit is
        /// crossed (`bluesky`: or the byte limit; `twitter`: or an invalid character met).
        var prefixUTF8: Int
        var prefixUTF16: Int
        var validUTF8: Int
        var validUTF16: Int
        /// `twitter`: `parseTweet`'s `validDisplayIndex` (NFC UTF-16 units from the start), before
        /// the whole text's shift.
        var twitterIndex = 0

        static let empty = Cut(prefixUTF8: 0, prefixUTF16: 0, validUTF8: 0, validUTF16: 0)
    }

    /// The cuts after a change that left every line ending at or before `unchangedUpTo` (a UTF-8
    /// offset; -1 for none) as it was; the profiles `only` rejects keep theirs. `scanned`: lines
    /// just scanned, by start offset, reused when one is where a limit is crossed.
    ///
    /// A cut whose prefix lies in the unchanged lines is kept: the prefix still crosses the limit
    /// where it did (the counts only grow along it), and the cut inside it depends on nothing
    /// after it. `twitter`'s shift, which depends on the whole text, is applied again.
    mutating func updatedCuts(
        unchangedUpTo: Int, read: TextReader, scanned: [Int: LineScan], only: (LengthProfile) -> Bool = { _ in true }
    ) -> [Cut?] {
        var updated = cuts
        for (index, profile) in profiles.enumerated() where only(profile) {
            if !crossesLimit(profile) {
                updated[index] = nil
            } else if let cut = cuts[index], cut.prefixUTF8 <= unchangedUpTo {
                if profile == .twitter { updated[index] = shifted(cut, unchangedUpTo: unchangedUpTo, read: read) }
            } else {
                updated[index] = freshCut(profile, read: read, scanned: scanned)
            }
        }
        return updated
    }

    /// Whether the valid range of `profile` is shorter than the text (or may be, for `twitter`).
    private func crossesLimit(_ profile: LengthProfile) -> Bool {
        switch profile {
        case .bluesky:
            return totals.bluesky > profile.limit || totals.blueskyBytes > BlueskyLength.byteLimit
        case .twitter:
            let weighting = TwitterWeighting.version3
            return totals.twitterWeight > weighting.maxWeightedLength * weighting.scale || totals.twitterInvalidLines > 0
        case .mastodon:
            // A blank text's range is the whole text or nothing (see `report(for:)`).
            return !isBlankForMastodon && mastodonCount(profile) > profile.limit
        }
    }

    /// Finds the line where `profile` crosses its limit and counts it, resumed with the counts of
    /// the lines before it, which all fit.
    /// - Complexity: O(lines before it + its bytes), plus for `twitter` the walk to the shifted end.
    private mutating func freshCut(
        _ profile: LengthProfile, read: TextReader, scanned: [Int: LineScan]
    ) -> Cut {
        let weighting = TwitterWeighting.version3
        let limit = profile == .twitter ? weighting.maxWeightedLength * weighting.scale : profile.limit
        var before = 0
        // `bluesky`: the bytes as posted of the lines before, within the byte limit.
        var bytesBefore = 0
        var start = (utf8: 0, utf16: 0, nfc: 0)
        var index = 0
        // Were the limit never crossed, the last line would be counted on the same terms: exact still.
        while index < lines.count - 1 {
            let line = lines[index]
            let count = line.count(profile, head: index == 0 ? head : Head())
            // `before` is within the limit, so this cannot overflow where `before + count` could.
            if count > limit - before || (profile == .twitter && line.twitterInvalid) { break }
            if profile == .bluesky, line.blueskyBytes > BlueskyLength.byteLimit - bytesBefore { break }
            before += count
            bytesBefore += profile == .bluesky ? line.blueskyBytes : 0
            start.utf8 += line.utf8
            start.utf16 += line.utf16
            start.nfc += line.utf16 - line.twitterShift
            index += 1
        }
        var cut = Cut.empty
        cut.prefixUTF8 = start.utf8 + lines[index].utf8
        cut.prefixUTF16 = start.utf16 + lines[index].utf16
        let scan: LineScan
        if let known = scanned[start.utf8] {
            scan = known
        } else {
            scan = LineScan(
                line: read(start.utf8..<cut.prefixUTF8), afterLF: index > 0, needs: Needs([profile]))
        }
        let text = scan.text
        // A cut at offset `end` of the scan's text.
        let cutAt = { (bytes: UnsafeBufferPointer<UInt8>, end: Int) in
            (start.utf8 + end - scan.range.lowerBound, start.utf16 + UTF16Offsets.count(in: bytes, scan.range.lowerBound..<end))
        }
        withUTF8Bytes(of: text) { bytes in
            let range = scan.range
            switch profile {
            case .bluesky:
                let budget = GraphemeBudget(
                    bytes: bytes, range: range,
                    replacements: BlueskyLength.ShortenedLinks(text: text, links: scan.links).inside(range), prefix: "",
                    limit: limit - before, byteLimit: BlueskyLength.byteLimit - bytesBefore)
                (cut.validUTF8, cut.validUTF16) = cutAt(bytes, budget.validEnd)
            case .twitter:
                // The walk resumes before the LF, which weighs 1 and is valid.
                let lf = scan.afterLF ? weighting.weight(ofUnit: 0x0A) : 0
                let walk = TwitterLength.parse(
                    bytes, range: 0..<bytes.count, urls: scan.urls, weighting: weighting, startingWeight: before - lf
                ).tally
                cut.twitterIndex = (scan.afterLF ? start.nfc - 1 : 0) + walk.validDisplayIndex
            case .mastodon(_, let urlLength):
                let entities = MastodonLength.entities(range: range, spans: scan.mastodonSpans, bytes: bytes)
                let budget = GraphemeBudget(
                    bytes: bytes, range: range,
                    replacements: MastodonLength.replacements(entities, bytes: bytes, urlLength: urlLength),
                    prefix: scan.afterLF ? "" : contentWarning, limit: limit - before)
                (cut.validUTF8, cut.validUTF16) = cutAt(bytes, budget.validEnd)
            }
        }
        if profile == .twitter { cut = shifted(cut, unchangedUpTo: -1, read: read) }
        return cut
    }

    /// `twitter`'s valid end: `parseTweet`'s index + 1, shifted by the UTF-16 length the whole
    /// text has over its NFC form, clamped to the text; its UTF-8 end is where that many UTF-16
    /// units end (rounded down inside a surrogate pair). The shift depends on the whole text, so
    /// the end can lie far past the prefix; `cut`'s end is kept when it is the same number of
    /// units and the lines up to it are unchanged (those ending at or before `unchangedUpTo`).
    private func shifted(_ cut: Cut, unchangedUpTo: Int, read: TextReader) -> Cut {
        let target = min(max(cut.twitterIndex + 1 + totals.twitterShift, 0), utf16Count)
        if target == cut.validUTF16, target <= cut.prefixUTF16 || cut.validUTF8 < unchangedUpTo { return cut }
        var shifted = cut
        shifted.validUTF16 = target
        shifted.validUTF8 = utf8Offset(afterUTF16: target, read: read)
        return shifted
    }

    /// The UTF-8 offset `units` UTF-16 units from the start, rounded down inside a surrogate pair.
    /// - Complexity: O(lines up to it + that line's bytes).
    private func utf8Offset(afterUTF16 units: Int, read: TextReader) -> Int {
        var index = 0
        var utf8 = 0
        var utf16 = 0
        while index < lines.count - 1, utf16 + lines[index].utf16 < units {
            utf8 += lines[index].utf8
            utf16 += lines[index].utf16
            index += 1
        }
        return utf8 + withUTF8Bytes(of: read(utf8..<utf8 + lines[index].utf8)) { bytes in
            UTF16Offsets.byteOffset(afterUTF16: units - utf16, from: 0, end: bytes.count, in: bytes)
        }
    }
}
