import PatternDetection

/// A draft's length under several profiles, kept up to date edit by edit: what a composer asks
/// after every keystroke, at a cost that does not grow with the draft.
///
/// ```swift
/// var composer = ComposerHighlighter(text: "gm ", rules: BlueskyRules.shared)
/// var draft = DraftLength(composer: composer, profiles: [.bluesky, .twitter])
/// if let change = composer.replace(utf8Range: 3..<3, with: "@alice.bsky.social") {
///     draft.apply(change, in: composer)
/// }
/// draft.report(for: .bluesky).remaining                   // 279
/// ```
/// Without a composer, pass the text and a `TextEdit` instead (`apply(_:in:)` with a `TextEdit` and the new text).
///
/// Every report equals ``PostLength/report(for:profile:contentWarning:)`` for the same
/// text, profile and content warning, field for field.
///
/// ## Lines count independently
/// The draft is kept as lines — each ends with its LF, the last runs to the end of the text and
/// may be empty — with one tally per line of what each tracked profile counts there. Every count
/// is the sum of the lines' counts because:
/// - Grapheme clusters (`bluesky`, `mastodon`) always break after an LF and never before one
///   except inside CR LF, which stays in the line its LF ends.
/// - Links (`bluesky`), twitter-text's URLs and Mastodon's mentions never contain white space, and
///   whether one exists depends on the scalar before it and on the text after it up to the
///   line's LF, which belongs to the line. So a line is scanned with the LF before it (the text's
///   start is not the same: twitter-text's URL expression may take a text's first character for
///   the one preceding a URL) and holds exactly the whole text's entities there; the shortened
///   link, the `x`s for a URL and the `@username` for a mention are per entity.
/// - `twitter` counts the NFC text. An LF is a starter that NFC never changes and that no
///   canonical composition starts with, so the NFC text is the lines' NFC forms joined, and its
///   length difference to the original is the sum of the lines'. `parseTweet`'s steps (a URL, an
///   emoji sequence, one character) never cross an LF, v3 weighs every step in whole multiples of
///   its scale, and the first U+FFFE/U+FEFF/U+FFFF lies in the first line that has one.
/// - `mastodon`'s two whole-text rules are kept apart: the text counts as empty when every line is
///   blank, and the content warning is counted before the first line, so only the first line's
///   count depends on it (its clusters can join the line's: a combining mark, a ZWJ, a regional
///   indicator pairing).
///
/// Every line but the last ends with an LF, which counts at least 1 under every profile (a
/// cluster; weight 1 for `twitter`), so walking lines from the start crosses a limit within
/// limit + 1 lines (`mastodon` walks only when the text is not blank).
///
/// ## Valid range
/// When a profile's count fits (and for `twitter` the text has no invalid character) the valid
/// range is the whole text. Otherwise the lines are walked from the start to the first one where
/// the limit is crossed (`twitter`: or an invalid character met), and that line alone is counted
/// with the profile's own counter, resumed with the counts of the lines before it (they all fit):
/// the cut inside it is the whole text's. `twitter`'s end is then shifted by the whole text's NFC
/// length difference, as `parseTweet` shifts it (the shifted end can lie further on; the lines
/// are walked to it). The range is kept while edits leave the lines up to that one alone.
///
/// ## Cost
/// The lines' tallies sit in a gap buffer whose gap stays after the last edited lines, with the
/// gap's UTF-8 offset kept, and running totals are kept beside them.
/// - Complexity: `apply(_:in:)` is O(d + e) for d lines between the last edit and this one
///   and e the bytes of the lines the edit touches (before and after); plus, when the edit lies
///   before the end of the line where a limit is crossed, O(j + that line) to walk to it and
///   count it (j ≤ limit + 1 lines). A report is O(1). Building a draft is O(n). The first edit
///   of a copy costs O(lines) more (copy on write). `twitter`'s shifted end is found again, in
///   O(lines before it), when an edit changes the text's NFC length difference or the lines
///   before the end.
///
/// Limits: a line is the unit of work, so a draft with few line breaks costs more per edit: in a
/// 1 MB draft with no LF every keystroke recounts the whole megabyte. The tallies take 72 bytes
/// per line.
///
/// A value: copies are edited independently (the tallies are copied on write; the match scratch
/// the `bluesky` rule set needs is shared only until a copy is edited).
public struct DraftLength: Sendable {
    /// The profiles counted, each once, in the order given.
    public let profiles: [LengthProfile]
    /// Counted before the text by `mastodon` profiles; ignored by the others.
    public internal(set) var contentWarning: String
    let needs: Needs
    var lines: GapBuffer<LineTally>
    /// UTF-8 length of the lines before the gap.
    var gapUTF8 = 0
    var totals = Totals()
    var head = Head()
    var contentWarningClusters: Int
    /// Per profile (same order as ``profiles``): the valid range when it is not the whole text.
    var cuts: [Cut?]

    /// Counts `text` under `profiles`; `contentWarning` is counted before it by `mastodon` ones.
    /// A `mastodon` profile's numbers count as ``LengthProfile`` says (a `urlLength` below 0 as 0).
    /// - Complexity: O(n).
    public init(text: String, profiles: [LengthProfile], contentWarning: String = "") {
        self.init(
            utf8Count: text.utf8.count, profiles: profiles, contentWarning: contentWarning, readingText: Self.reader(text))
    }

    /// As ``init(text:profiles:contentWarning:)`` for a text of `utf8Count` bytes kept elsewhere,
    /// read once, whole, through `readingText`.
    public init(
        utf8Count: Int, profiles requested: [LengthProfile], contentWarning: String = "", readingText read: TextReader
    ) {
        var unique: [LengthProfile] = []
        for profile in requested where !unique.contains(profile) {
            unique.append(profile)
        }
        profiles = unique
        needs = Needs(unique)
        self.contentWarning = contentWarning
        contentWarningClusters = contentWarning.count
        cuts = Array(repeating: nil, count: unique.count)
        lines = GapBuffer(filler: .empty, capacity: 1)
        guard !unique.isEmpty else { return }
        let text = read(0..<utf8Count)
        precondition(text.utf8.count == utf8Count, "read \(text.utf8.count) bytes of \(utf8Count)")
        let counted = count(text, at: 0, firstLine: 0, reachesEnd: true)
        lines = GapBuffer(counted.lines, filler: .empty)
        gapUTF8 = utf8Count
        for line in counted.lines { totals.add(line) }
        head = counted.head ?? Head()
        cuts = updatedCuts(unchangedUpTo: -1, read: read, scanned: counted.scans)
    }

    /// A draft that counts nothing (no profile): edits cost nothing; the warning is kept.
    init(untrackedWithContentWarning contentWarning: String) {
        profiles = []
        needs = Needs([])
        self.contentWarning = contentWarning
        contentWarningClusters = contentWarning.count
        lines = GapBuffer(filler: .empty, capacity: 1)
        cuts = []
    }

    /// Whether any profile is counted.
    public var isTracking: Bool { !profiles.isEmpty }
    /// Length of the text in UTF-8 bytes (0 when nothing is tracked).
    public var utf8Count: Int { totals.utf8 }
    /// Length of the text in UTF-16 code units (0 when nothing is tracked).
    public var utf16Count: Int { totals.utf16 }
    /// Lines (LF-terminated, plus the last): the unit an edit recounts.
    public var lineCount: Int { lines.count }

    /// The report for the text under `profile`.
    /// - Precondition: `profile` is one of ``profiles``.
    /// - Complexity: O(1).
    public func report(for profile: LengthProfile) -> LengthReport {
        guard let index = profiles.firstIndex(of: profile) else { preconditionFailure("\(profile) is not tracked") }
        var cut = cuts[index]
        let length: Int
        let isValid: Bool
        switch profile {
        case .bluesky:
            length = totals.bluesky
            isValid = BlueskyLength.isValid(length: length, postedBytes: totals.blueskyBytes)
        case .twitter:
            let weighting = TwitterWeighting.version3
            length = totals.twitterWeight / weighting.scale
            isValid = totals.twitterInvalidLines == 0 && length > 0 && length <= weighting.maxWeightedLength
        case .mastodon:
            if isBlankForMastodon {
                length = contentWarningClusters
                if length > profile.limit { cut = Cut.empty }
            } else {
                length = mastodonCount(profile)
            }
            isValid = length <= profile.limit
        }
        let valid = cut.map { TextRange(utf8: 0..<$0.validUTF8, utf16: 0..<$0.validUTF16) }
            ?? TextRange(utf8: 0..<utf8Count, utf16: 0..<utf16Count)
        let overflow =
            length > profile.limit || (profile == .bluesky && totals.blueskyBytes > BlueskyLength.byteLimit)
            ? TextRange(utf8: valid.utf8.upperBound..<utf8Count, utf16: valid.utf16.upperBound..<utf16Count) : nil
        return LengthReport(
            profile: profile, length: length, limit: profile.limit, isValid: isValid, validRange: valid, overflow: overflow)
    }

    /// Reports for every profile, in ``profiles`` order.
    public func reports() -> [LengthReport] {
        profiles.map(report(for:))
    }

    /// Whether Mastodon counts the text as empty (nothing but white space).
    var isBlankForMastodon: Bool { totals.mastodonNonBlankLines == 0 }

    /// The `mastodon` count of a text that is not blank.
    func mastodonCount(_ profile: LengthProfile) -> Int {
        guard case .mastodon(_, let urlLength) = profile else { preconditionFailure("not a mastodon profile") }
        return Self.mastodonCount(
            oneX: totals.mastodonOneX + head.oneX, withoutURLs: totals.mastodonWithoutURLs + head.withoutURLs,
            urls: totals.mastodonURLs, urlLength: urlLength)
    }

    /// A `mastodon` count from its tallies: clusters with each URL as one `x` (`oneX`), clusters
    /// with each URL removed (`withoutURLs`, for `urlLength` 0), and the number of URLs; each URL
    /// counts `urlLength` (below 0: 0, as ``MastodonLength/replacements(_:bytes:urlLength:)``
    /// counts it). Saturates at `Int.max`.
    static func mastodonCount(oneX: Int, withoutURLs: Int, urls: Int, urlLength: Int) -> Int {
        urlLength <= 0 ? withoutURLs : oneX.saturatingAdding((urlLength - 1).saturatingMultiplied(by: urls))
    }
}
