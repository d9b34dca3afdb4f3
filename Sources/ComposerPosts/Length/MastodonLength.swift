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
        let inside = { (entity: Range<Int>) in entity.lowerBound >= range.lowerBound && entity.upperBound <= range.upperBound }
        var replacements: [GraphemeBudget.Replacement] = []
        if !isBlank(bytes, range) {
            var entities: [(range: Range<Int>, text: String)] = []
            for url in urls where url.hasScheme && inside(url.utf8Range) {
                entities.append((url.utf8Range, String(repeating: "x", count: urlLength)))
            }
            for mention in mentions where inside(mention.utf8Range) {
                entities.append((mention.utf8Range, String(decoding: UnsafeBufferPointer(rebasing: bytes[mention.counted]), as: UTF8.self)))
            }
            entities.sort { $0.range.lowerBound < $1.range.lowerBound }
            var end = range.lowerBound
            for entity in entities where entity.range.lowerBound >= end {
                replacements.append(.init(utf8Range: entity.range, text: entity.text))
                end = entity.range.upperBound
            }
        }
        let counted = isBlank(bytes, range) ? range.lowerBound..<range.lowerBound : range
        var budget = GraphemeBudget(
            text: text, bytes: bytes, range: counted, replacements: replacements, prefix: contentWarning, limit: limit)
        if counted.isEmpty, budget.length <= limit { budget.validEnd = range.upperBound }
        return GraphemeBudget.report(
            budget, profile: profile, limit: limit, isValid: budget.length <= limit, bytes: bytes, range: range,
            startUTF16: startUTF16)
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
