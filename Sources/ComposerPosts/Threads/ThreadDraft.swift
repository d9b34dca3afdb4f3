import PatternDetection

/// A draft scanned once for splitting into a thread: where it may be cut at white space, the
/// entities no cut may go through, and a counter that counts any of its slices without scanning
/// again.
struct ThreadDraft {
    let text: String
    let profile: LengthProfile
    let counter: PostLengthCounter
    /// The entities a cut must not go through unless they are too long for a post by themselves:
    /// the rule set's spans, and for `mastodon` also the `@user@domain` mentions it counts as
    /// `@user`. Sorted by start; they may overlap one another.
    let entities: [Range<Int>]
    /// `furthestEntityEnds[i]`: the furthest end among `entities[0...i]` (non-decreasing, so the
    /// entities that may overlap a range are found by binary search).
    let furthestEntityEnds: [Int]
    /// The cuts at white space (``ThreadCut/whiteSpaceCuts(in:)``) that do not go through an
    /// entity (the `mastodon` rule set's links may hold white space that is no separator, such as
    /// a no-break space in a query).
    let whiteSpaceCuts: [ThreadCut]
    private let measured = MeasureMemo()

    /// Scans `text` once with `rules` (and with the `bluesky` rule set for the `bluesky` profile's
    /// links, when `rules` is another rule set).
    ///
    /// What is scanned is the text without its trailing white space, which no post holds: a
    /// `mastodon` link's query could otherwise take trailing no-break or ideographic spaces in, and
    /// the last post, which ends before them, would not count as it does posted alone.
    /// - Precondition: `text` holds a cluster that is not white space.
    init(text: String, profile: LengthProfile, rules: any RuleSet) {
        self.text = text
        self.profile = profile
        let cuts = ThreadCut.whiteSpaceCuts(in: text)
        let postedEnd = cuts.last?.dropped.lowerBound ?? text.utf8.count
        let posted = String(decoding: text.utf8.prefix(postedEnd), as: UTF8.self)
        let scanned = withUTF8Bytes(of: posted) { bytes in
            let spans = rules.spans(in: bytes)
            let counter: PostLengthCounter
            if profile == .bluesky {
                let links = rules is BlueskyRules ? spans : BlueskyLength.links(in: bytes)
                counter = PostLengthCounter(text: posted, profiles: [profile], blueskySpans: links)
            } else {
                counter = PostLengthCounter(text: posted, profiles: [profile])
            }
            var counted: [Range<Int>] = []
            if case .mastodon = profile { counted = MastodonLength.countedSpans(in: bytes).map(\.utf8Range) }
            return (spans: spans, counter: counter, counted: counted)
        }
        counter = scanned.counter
        entities = (scanned.spans.map(\.utf8Range) + scanned.counted).sorted { $0.lowerBound < $1.lowerBound }
        var furthest = Int.min
        furthestEntityEnds = entities.map { entity in
            furthest = max(furthest, entity.upperBound)
            return furthest
        }
        whiteSpaceCuts = Self.removingCuts(through: entities, from: cuts)
    }

    /// The posted part between two cuts.
    func slice(from start: ThreadCut, to end: ThreadCut) -> Range<Int> {
        start.dropped.upperBound..<end.dropped.lowerBound
    }

    /// The draft's text in `range` (UTF-8 offsets on scalar boundaries).
    func substring(_ range: Range<Int>) -> Substring {
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return text[lower..<utf8.index(lower, offsetBy: range.count)]
    }

    /// How a part of the draft counts as a post.
    struct Measure {
        /// The length, suffix included (saturating at `Int.max`, as the counter's lengths do).
        var length: Int
        /// Whether the profile accepts the post.
        var isValid: Bool
        /// For a part that does not fit: where the longest prefix of the slice that fits with the
        /// suffix after it is guessed to end, as a draft offset; a hint for the search.
        var fittingEnd: Int?
    }

    /// The slice between two cuts posted with `suffix` after it.
    ///
    /// Between cuts at white space the counter counts the slice (exactly as the slice posted
    /// alone, since the white space bounds every entity) and the suffix adds its length: it is
    /// ASCII after a space, one cluster and weight 1 per character (a slice ending in a prepended
    /// concatenation mark, which would join the space, is thus counted one too long). A slice
    /// bounded by a cut inside a word is counted as posted, suffix included, by a fresh count; so
    /// is a slice that counts nothing with a suffix after it (white space that is not a cut, such
    /// as a lone U+0085, which `mastodon` counts as a blank text, 0, but as one character before
    /// the suffix).
    /// - Complexity: O(slice + log entities) for the counter; O(slice) plus a scan for a fresh
    ///   count; a lookup for a part measured before.
    func measure(from start: ThreadCut, to end: ThreadCut, suffix: String) -> Measure {
        let key = MeasureKey(
            slice: slice(from: start, to: end), startsInsideWord: start.isInsideWord, endsInsideWord: end.isInsideWord,
            suffixLength: suffix.utf8.count)
        if let known = measured.known[key] { return known }
        let measure = count(from: start, to: end, suffix: suffix)
        measured.known[key] = measure
        return measure
    }

    /// What each part measured: the same for the same slice, kind of cuts and suffix length (a
    /// suffix is ` k/n`, ASCII after a space, which joins no entity and counts one per character
    /// in every profile, so ` 7/42` and ` 99/99` count alike), and the searches of a split ask
    /// again for many parts: the forward pass of the preferred split retraces the greedy one
    /// wherever their cuts agree (with numbering, wherever their suffixes are as long), and the
    /// posts are measured last.
    private final class MeasureMemo {
        var known: [MeasureKey: Measure] = [:]
    }

    private struct MeasureKey: Hashable {
        var slice: Range<Int>
        var startsInsideWord: Bool
        var endsInsideWord: Bool
        var suffixLength: Int
    }

    private func count(from start: ThreadCut, to end: ThreadCut, suffix: String) -> Measure {
        let range = slice(from: start, to: end)
        let report = start.isInsideWord || end.isInsideWord ? nil : counter.report(for: profile, utf8Range: range)
        guard let report, report.length > 0 || suffix.isEmpty else {
            let report = PostLength.report(for: String(substring(range)) + suffix, profile: profile)
            guard !report.isValid else { return Measure(length: report.length, isValid: true) }
            // The post's offsets start at the slice's; a fitting prefix that reaches into the
            // suffix holds the whole slice.
            let validEnd = range.lowerBound + min(report.validRange.utf8.upperBound, range.count)
            return Measure(
                length: report.length, isValid: false,
                fittingEnd: guessedFittingEnd(of: range, validEnd: validEnd, length: report.length, suffix: suffix))
        }
        // A count saturated at `Int.max` (an instance's absurd URL length) stays saturated.
        let length = report.length.saturatingAdding(suffix.utf8.count)
        // `bluesky` also limits the bytes as posted, to which the suffix adds its own.
        let bytesFit = profile != .bluesky || suffix.isEmpty
            || counter.blueskyPostedBytes(utf8Range: range) + suffix.utf8.count <= BlueskyLength.byteLimit
        guard !report.isValid || length > profile.limit || !bytesFit else { return Measure(length: length, isValid: true) }
        return Measure(
            length: length, isValid: false,
            fittingEnd: guessedFittingEnd(of: range, validEnd: report.validRange.utf8.upperBound, length: length, suffix: suffix))
    }

    /// Where the longest prefix of `range` that fits with `suffix` after it is guessed to end,
    /// from `validEnd`, where a report's valid range says the longest prefix that fits the limit
    /// ends: as many bytes before it as the suffix's length is worth at the slice's average
    /// bytes per unit of length. twitter-text's valid range of a text that NFC changes is
    /// shifted by the whole change (``TwitterParse/validRangeEnd``), which can put it far past
    /// what fits; there the share of the slice that the limit is of its length (the suffix's part
    /// taken out of both) is taken instead.
    /// - Parameter length: the part's length, suffix included.
    private func guessedFittingEnd(of range: Range<Int>, validEnd: Int, length: Int, suffix: String) -> Int {
        let suffixLength = suffix.utf8.count
        let sliceLength = max(1, length - suffixLength)
        if case .twitter = profile,
            !withUTF8Bytes(of: text, { NFCQuickCheck.isCertainlyNFC(UnsafeBufferPointer(rebasing: $0[range])) })
        {
            return range.lowerBound + range.count * max(0, profile.limit - suffixLength) / sliceLength
        }
        return max(range.lowerBound, validEnd - suffixLength * range.count / sliceLength)
    }

    /// The range in both units (for errors).
    func textRange(_ range: Range<Int>) -> TextRange {
        let offsets = TextOffsets.utf16Offsets([range.lowerBound, range.upperBound], in: text)
        return TextRange(utf8: range, utf16: offsets[0]..<offsets[1])
    }

    /// `cuts` without those whose white space overlaps an entity (the first and last are kept).
    /// - Complexity: O(cuts + entities).
    private static func removingCuts(through entities: [Range<Int>], from cuts: [ThreadCut]) -> [ThreadCut] {
        guard !entities.isEmpty, cuts.count > 2 else { return cuts }
        var kept = [cuts[0]]
        var next = 0
        var furthestEnd = 0
        for cut in cuts[1..<(cuts.count - 1)] {
            while next < entities.count, entities[next].lowerBound < cut.dropped.upperBound {
                furthestEnd = max(furthestEnd, entities[next].upperBound)
                next += 1
            }
            if furthestEnd <= cut.dropped.lowerBound { kept.append(cut) }
        }
        kept.append(cuts[cuts.count - 1])
        return kept
    }
}
