extension BlueskyFacet {
    /// The facets for `spans` found in `text` by `rules`: one facet per span of a built-in kind,
    /// in the spans' order; spans of custom kinds have no facet feature and are skipped.
    ///
    /// The feature carries `rules.value(of:in:)`: a mention's handle (`did`, to be resolved by the
    /// caller), a link's URI, a tag without its sign, a cashtag's `$TICKER` (as a `#tag`).
    /// Spans a rule set dropped as overlapping (``BlueskyRules`` keeps the earliest of overlapping
    /// reference facets, as the Bluesky app renders them) get no facet.
    ///
    /// - Complexity: O(total span length).
    public static func facets(
        for spans: [Span], in text: UnsafeBufferPointer<UInt8>, rules: any RuleSet
    ) -> [BlueskyFacet] {
        spans.compactMap { span in
            guard let shape = Feature.Shape(kind: span.kind) else { return nil }
            let value = rules.value(of: span, in: text)
            let feature: Feature
            switch shape {
            case .mention: feature = .mention(Mention(did: value))
            case .link: feature = .link(Link(uri: value))
            case .tag: feature = .tag(Tag(tag: value))
            }
            return BlueskyFacet(index: ByteSlice(span.utf8Range), features: [feature])
        }
    }

    /// ``facets(for:in:rules:)`` for spans found in a `String`.
    public static func facets(for spans: [Span], in text: String, rules: any RuleSet) -> [BlueskyFacet] {
        withUTF8Bytes(of: text) { facets(for: spans, in: $0, rules: rules) }
    }

    /// Detects the spans of `text` with `rules` (``BlueskyRules/shared`` by default) and returns
    /// their facets: what `detectFacetsWithoutResolution` attaches to a post, less the facets the
    /// app would not render because they start inside an earlier one.
    public static func facets(
        in text: String, rules: any RuleSet = BlueskyRules.shared
    ) -> [BlueskyFacet] {
        withUTF8Bytes(of: text) { bytes in
            facets(for: rules.spans(in: bytes), in: bytes, rules: rules)
        }
    }
}

extension BlueskyFacet.Feature {
    /// Which feature a span becomes: mentions, links, and tags (hashtags and cashtags).
    package enum Shape {
        case mention, link, tag

        /// The shape for spans of `kind`; `nil` for custom kinds, which have no facet.
        @inline(__always)
        package init?(kind: PatternKind) {
            switch kind {
            case .mention: self = .mention
            case .url: self = .link
            case .hashtag, .cashtag: self = .tag
            default: return nil
            }
        }
    }

    /// This feature's shape.
    package var shape: Shape {
        switch self {
        case .mention: return .mention
        case .link: return .link
        case .tag: return .tag
        }
    }
}
