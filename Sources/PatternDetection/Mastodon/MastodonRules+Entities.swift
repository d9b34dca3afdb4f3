/// The extractor's entities and their overlap removal.
extension MastodonRules {
    /// A span the extractor reports, and whether Mastodon's formatter links it.
    struct Entity {
        var span: Span
        var isLinked: Bool
    }

    /// The entities Mastodon's `StatusLengthValidator` counts specially: links with a protocol and
    /// mentions, overlap-removed among themselves (hashtags and extra URIs take no part).
    /// - Complexity: O(n).
    public func countedSpans(in text: UnsafeBufferPointer<UInt8>) -> [Span] {
        let scan = 0..<text.count
        var scratch = MastodonExtractionScratch()
        return MastodonEntityMerge.with(
            (.countedLinks, .mentions, nil, nil), scan: scan, in: text, rules: self, scratch: &scratch,
            batchCount: Self.entityBatchCount
        ) { merge, scratch in
            var spans: [Span] = []
            while let entity = merge.next(in: text, rules: self, scratch: &scratch) { spans.append(entity.span) }
            return spans
        }
    }
}
