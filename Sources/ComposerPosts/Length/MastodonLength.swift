import PatternDetection

/// The `mastodon` profile: Mastodon's `StatusLengthValidator`.
enum MastodonLength {
    /// The report for `range` of the text whose UTF-8 is `bytes`, with content warning
    /// `contentWarning`.
    ///
    /// The count is the grapheme clusters of the content warning followed by the text rewritten as
    /// the validator rewrites it: each link with a protocol becomes `urlLength` `x`s and each
    /// mention `@user@domain` becomes `@user`, where the two kinds overlap the earlier-starting
    /// entity stays (`spans`: ``countedSpans(in:)``); a text of nothing but white space counts as
    /// empty. The valid range is the longest prefix of `range` whose count, content
    /// warning included, fits, cut at a cluster boundary, ending before a URL or mention that does
    /// not fit whole. Entities not wholly inside `range` are counted as typed.
    static func report(
        bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, spans: [Span],
        contentWarning: String, profile: LengthProfile, startUTF16: Int
    ) -> LengthReport {
        guard case .mastodon(let limit, let urlLength) = profile else { preconditionFailure("not a mastodon profile") }
        let blank = isBlank(bytes, range)
        let replacements =
            blank ? [] : Self.replacements(entities(range: range, spans: spans, bytes: bytes), bytes: bytes, urlLength: urlLength)
        let counted = blank ? range.lowerBound..<range.lowerBound : range
        var budget = GraphemeBudget(
            bytes: bytes, range: counted, replacements: replacements, prefix: contentWarning, limit: limit)
        if counted.isEmpty, budget.length <= limit { budget.validEnd = range.upperBound }
        return GraphemeBudget.report(
            budget, profile: profile, limit: limit, isValid: budget.length <= limit, bytes: bytes, range: range,
            startUTF16: startUTF16)
    }

    /// What the validator rewrites: a URL with a scheme, or a mention counted as its `@username`.
    struct Entity {
        var utf8Range: Range<Int>
        /// The mention's `@username`; `nil` for a URL.
        var counted: Range<Int>?
    }

    /// What the validator rewrites in `bytes`: the `mastodon` rule set's links with a protocol and
    /// mentions, overlap-removed among themselves (``MastodonRules/countedSpans(in:)``), so counting
    /// and highlighting find the same entities.
    static func countedSpans(in bytes: UnsafeBufferPointer<UInt8>) -> [Span] {
        MastodonRules.shared.countedSpans(in: bytes)
    }

    /// The counted spans wholly inside `range`, with a mention's `@username` (up to its second at
    /// sign) as what it counts.
    /// - Parameter spans: sorted and non-overlapping (``countedSpans(in:)``).
    /// - Complexity: O(log spans + spans in `range`).
    static func entities(range: Range<Int>, spans: [Span], bytes: UnsafeBufferPointer<UInt8>) -> [Entity] {
        spans.spans(inside: range).map { span in
            let utf8Range = span.utf8Range
            guard span.kind == .mention else { return Entity(utf8Range: utf8Range, counted: nil) }
            let usernameEnd = (utf8Range.lowerBound + 1..<utf8Range.upperBound).first { bytes[$0] == UInt8(ascii: "@") }
            return Entity(utf8Range: utf8Range, counted: utf8Range.lowerBound..<(usernameEnd ?? utf8Range.upperBound))
        }
    }

    /// `entities` with what the validator counts in their place: `urlLength` `x`s for a URL
    /// (written as at most two, the rest counted as extra clusters, so any `urlLength` costs
    /// nothing to write; below 0 it counts as 0), the `@username` for a mention.
    static func replacements(_ entities: [Entity], bytes: UnsafeBufferPointer<UInt8>, urlLength: Int) -> [GraphemeBudget.Replacement] {
        guard !entities.isEmpty else { return [] }
        let urlLength = max(0, urlLength)
        let url = String(repeating: "x", count: min(urlLength, 2))
        let extra = max(0, urlLength - 2)
        return entities.map { entity in
            guard let counted = entity.counted else {
                return GraphemeBudget.Replacement(utf8Range: entity.utf8Range, text: url, extraClusters: extra)
            }
            return GraphemeBudget.Replacement(
                utf8Range: entity.utf8Range, text: String(decoding: UnsafeBufferPointer(rebasing: bytes[counted]), as: UTF8.self))
        }
    }

    /// Ruby's `String#blank?`: empty, or nothing but White_Space characters.
    static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var position = range.lowerBound
        while position < range.upperBound {
            let (scalar, length) = bytes.decodeScalar(at: position)
            guard scalar.properties.isWhitespace else { return false }
            position += length
        }
        return true
    }
}
