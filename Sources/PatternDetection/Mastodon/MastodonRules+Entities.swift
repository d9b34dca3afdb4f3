/// The extractor's entities and their overlap removal.
extension MastodonRules {
    /// A span the extractor reports, and whether Mastodon's formatter links it.
    struct Entity {
        var span: Span
        var isLinked: Bool
    }

    /// `extract_entities_with_indices`: links, hashtags, mentions and extra URIs whose matches start
    /// in `scan`, sorted by start; an entity that starts before the previous kept one ends is
    /// dropped.
    func entities(in text: UnsafeBufferPointer<UInt8>, scan: Range<Int>) -> [Entity] {
        var scanner = MastodonURLScanner(text: text, tlds: tlds)
        let links = scanner.links(from: scan.lowerBound, before: scan.upperBound).map {
            Entity(span: Span(kind: .url, utf8Range: $0.range), isLinked: !$0.isUnparsable)
        }
        var extended = MastodonExtendedURIs(text: text, tlds: tlds)
        let uris = extended.uris(from: scan.lowerBound, before: scan.upperBound).map {
            Entity(span: Span(kind: .url, utf8Range: $0), isLinked: true)
        }
        let tags = hashtags(in: text, scan: scan).map { Entity(span: $0, isLinked: true) }
        let names = mentions(in: text, scan: scan).map { Entity(span: $0, isLinked: true) }
        return Self.withoutOverlaps([links, tags, names, uris])
    }

    /// The entities Mastodon's `StatusLengthValidator` counts specially: links with a protocol and
    /// mentions, overlap-removed among themselves (hashtags and extra URIs take no part).
    /// - Complexity: O(n).
    public func countedSpans(in text: UnsafeBufferPointer<UInt8>) -> [Span] {
        var scanner = MastodonURLScanner(text: text, tlds: tlds)
        let links = scanner.links(from: 0, before: text.count).map {
            Entity(span: Span(kind: .url, utf8Range: $0.range), isLinked: true)
        }
        let names = mentions(in: text, scan: 0..<text.count).map { Entity(span: $0, isLinked: true) }
        return Self.withoutOverlaps([links, names]).map(\.span)
    }

    /// The lists (each sorted by start) merged by start, ties in list order, each entity that starts
    /// before the previous kept one ends dropped.
    static func withoutOverlaps(_ lists: [[Entity]]) -> [Entity] {
        var kept: [Entity] = []
        kept.reserveCapacity(lists.reduce(0) { $0 + $1.count })
        var indices = [Int](repeating: 0, count: lists.count)
        var cursor = 0
        while true {
            var best = -1
            var bestStart = Int.max
            for list in lists.indices where indices[list] < lists[list].count {
                let start = lists[list][indices[list]].span.utf8Range.lowerBound
                if start < bestStart { (best, bestStart) = (list, start) }
            }
            guard best >= 0 else { return kept }
            let entity = lists[best][indices[best]]
            indices[best] += 1
            guard bestStart >= cursor else { continue }
            kept.append(entity)
            cursor = entity.span.utf8Range.upperBound
        }
    }
}
