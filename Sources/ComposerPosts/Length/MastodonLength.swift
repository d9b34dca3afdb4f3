import PatternDetection

/// The `mastodon` profile: Mastodon's `StatusLengthValidator`.
enum MastodonLength {
    /// The report for `range` of `text` with content warning `contentWarning`.
    ///
    /// The count is the grapheme clusters of the content warning followed by the text rewritten as
    /// the validator rewrites it: each URL with a scheme (twitter-text's extraction without
    /// scheme-less URLs) becomes `urlLength` `x`s and each mention `@user@domain` becomes `@user`,
    /// where the two kinds overlap the earlier-starting entity stays; a text of nothing but white
    /// space counts as empty. The valid range is the longest prefix of `range` whose count, content
    /// warning included, fits, cut at a cluster boundary, ending before a URL or mention that does
    /// not fit whole. Entities not wholly inside `range` are counted as typed.
    static func report(
        text: String, bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, urls: [TwitterWeightedURL],
        mentions: [MastodonMentions.Mention], contentWarning: String, profile: LengthProfile, startUTF16: Int
    ) -> LengthReport {
        guard case .mastodon(let limit, let urlLength) = profile else { preconditionFailure("not a mastodon profile") }
        let blank = isBlank(bytes, range)
        let replacements =
            blank ? [] : Self.replacements(entities(range: range, urls: urls, mentions: mentions), bytes: bytes, urlLength: urlLength)
        let counted = blank ? range.lowerBound..<range.lowerBound : range
        var budget = GraphemeBudget(
            text: text, bytes: bytes, range: counted, replacements: replacements, prefix: contentWarning, limit: limit)
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

    /// The URLs with a scheme and the mentions wholly inside `range`, sorted; where two overlap,
    /// the earlier-starting one stays.
    static func entities(range: Range<Int>, urls: [TwitterWeightedURL], mentions: [MastodonMentions.Mention]) -> [Entity] {
        let inside = { (entity: Range<Int>) in entity.lowerBound >= range.lowerBound && entity.upperBound <= range.upperBound }
        var entities: [Entity] = []
        for url in urls where url.hasScheme && inside(url.utf8Range) {
            entities.append(Entity(utf8Range: url.utf8Range, counted: nil))
        }
        for mention in mentions where inside(mention.utf8Range) {
            entities.append(Entity(utf8Range: mention.utf8Range, counted: mention.counted))
        }
        entities.sort { $0.utf8Range.lowerBound < $1.utf8Range.lowerBound }
        var kept: [Entity] = []
        var end = range.lowerBound
        for entity in entities where entity.utf8Range.lowerBound >= end {
            kept.append(entity)
            end = entity.utf8Range.upperBound
        }
        return kept
    }

    /// `entities` with what the validator counts in their place: `urlLength` `x`s for a URL, the
    /// `@username` for a mention.
    static func replacements(_ entities: [Entity], bytes: UnsafeBufferPointer<UInt8>, urlLength: Int) -> [GraphemeBudget.Replacement] {
        let url = String(repeating: "x", count: urlLength)
        return entities.map { entity in
            let text = entity.counted.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) } ?? url
            return GraphemeBudget.Replacement(utf8Range: entity.utf8Range, text: text)
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
