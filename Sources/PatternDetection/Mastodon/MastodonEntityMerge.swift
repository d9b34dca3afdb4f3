/// One of the lists Mastodon's extractor merges (links, hashtags, mentions, extra URIs) or its
/// shortcodes, read in batches: the extractor is resumed until it has found a batch more (or
/// reached the end), so the list never holds more than about a batch, however many entities one
/// word holds.
///
/// Invariant: `entities[next...]` are the entities found and not yet merged, sorted by start; the
/// extractor stands after the last of them.
struct MastodonEntityList {
    enum Source {
        /// Links (``MastodonRules/Entity/isLinked`` false for one whose host Mastodon cannot parse).
        case links
        /// Links, every one linked: what the length count takes part in.
        case countedLinks
        case hashtags, mentions, extraURIs
        /// Shortcodes, those the catalog lacks left out (all of them without one).
        case shortcodes
    }

    let source: Source
    private(set) var entities: [MastodonRules.Entity] = []
    private(set) var next = 0
    private var resumption: ResumableScan
    private let scan: Range<Int>

    /// `source`'s list in `scan`, none found yet.
    init(_ source: Source, scan: Range<Int>) {
        self.source = source
        self.scan = scan
        resumption = ResumableScan(scan: scan)
    }

    /// Where the entity to merge next starts, finding the next batch first when the one found is
    /// used up; `Int.max` when none is left.
    @inline(__always)
    mutating func headStart(
        in text: UnsafeBufferPointer<UInt8>, rules: MastodonRules, scratch: inout MastodonExtractionScratch, batchCount: Int
    ) -> Int {
        while next == entities.count {
            guard !resumption.isFinished else { return .max }
            findBatch(in: text, rules: rules, scratch: &scratch, batchCount: batchCount)
        }
        return entities[next].span.utf8Range.lowerBound
    }

    /// The entity to merge next, moving past it.
    /// - Precondition: ``headStart(in:rules:scratch:batchCount:)`` found one.
    @inline(__always)
    mutating func takeHead() -> MastodonRules.Entity {
        next += 1
        return entities[next - 1]
    }

    private mutating func findBatch(
        in text: UnsafeBufferPointer<UInt8>, rules: MastodonRules, scratch: inout MastodonExtractionScratch, batchCount: Int
    ) {
        if !entities.isEmpty { entities.removeAll(keepingCapacity: true) }
        next = 0
        // Room for a batch up front where the scan is long enough to fill one; a short scan
        // allocates only for what it finds.
        let room = min(batchCount, scan.count / 16)
        if room >= 64, entities.capacity < room { entities.reserveCapacity(room) }
        switch source {
        case .links, .countedLinks:
            if scratch.urlScanner == nil { scratch.urlScanner = MastodonURLScanner(text: text, tlds: rules.tlds) }
            if !scratch.links.isEmpty { scratch.links.removeAll(keepingCapacity: true) }
            scratch.urlScanner!.links(resuming: &resumption, before: scan.upperBound, atMost: batchCount, into: &scratch.links)
            if scratch.links.count > 1 { entities.reserveCapacity(scratch.links.count) }
            let counted = source == .countedLinks
            for link in scratch.links {
                entities.append(
                    MastodonRules.Entity(span: Span(kind: .url, utf8Range: link.range), isLinked: counted || !link.isUnparsable))
            }
        case .extraURIs:
            if scratch.uriScanner == nil { scratch.uriScanner = MastodonExtendedURIs(text: text, tlds: rules.tlds) }
            if !scratch.ranges.isEmpty { scratch.ranges.removeAll(keepingCapacity: true) }
            scratch.uriScanner!.uris(
                from: scan.lowerBound, before: scan.upperBound, resuming: &resumption, atMost: batchCount, into: &scratch.ranges)
            if scratch.ranges.count > 1 { entities.reserveCapacity(scratch.ranges.count) }
            for range in scratch.ranges { entities.append(MastodonRules.Entity(span: Span(kind: .url, utf8Range: range), isLinked: true)) }
        case .hashtags, .mentions, .shortcodes:
            if !scratch.spans.isEmpty { scratch.spans.removeAll(keepingCapacity: true) }
            switch source {
            case .hashtags: rules.hashtags(in: text, scan: scan, resuming: &resumption, atMost: batchCount, into: &scratch.spans)
            case .mentions: rules.mentions(in: text, scan: scan, resuming: &resumption, atMost: batchCount, into: &scratch.spans)
            default: rules.shortcodes(in: text, scan: scan, resuming: &resumption, atMost: batchCount, into: &scratch.spans)
            }
            if scratch.spans.count > 1 { entities.reserveCapacity(scratch.spans.count) }
            for span in scratch.spans {
                if source == .shortcodes, let catalog = rules.emojiCatalog, !catalog.contains(shortcodeOf: span, in: text) { continue }
                entities.append(MastodonRules.Entity(span: span, isLinked: true))
            }
        }
    }
}

/// What Mastodon's extractors reuse from batch to batch in one scan: the URL scanners, made when a
/// list first needs them, and a batch's findings before they become entities.
struct MastodonExtractionScratch {
    var urlScanner: MastodonURLScanner?
    var uriScanner: MastodonExtendedURIs?
    var links: [MastodonURLScanner.Link] = []
    var ranges: [Range<Int>] = []
    var spans: [Span] = []
}

/// `extract_entities_with_indices`'s overlap removal, as the lists are read: the lists merged by
/// start (ties in list order), each entity that starts before the previous kept one ends dropped.
/// The lists and their heads live in memory the caller lends (``with(_:scan:in:rules:scratch:batchCount:_:)``),
/// so a scan of a short text allocates nothing for them.
///
/// Invariant: `starts[i]` is where list `i`'s head starts (`Int.max` when it has none).
struct MastodonEntityMerge {
    private let lists: UnsafeMutableBufferPointer<MastodonEntityList>
    private let starts: UnsafeMutableBufferPointer<Int>
    private var cursor = 0
    private let batchCount: Int

    /// Runs `body` with the merge of `sources`' lists in `scan`.
    static func with<Result>(
        _ sources: (MastodonEntityList.Source, MastodonEntityList.Source, MastodonEntityList.Source?, MastodonEntityList.Source?),
        scan: Range<Int>, in text: UnsafeBufferPointer<UInt8>, rules: MastodonRules, scratch: inout MastodonExtractionScratch,
        batchCount: Int, _ body: (inout MastodonEntityMerge, inout MastodonExtractionScratch) -> Result
    ) -> Result {
        withTemporaryLists(sources, { MastodonEntityList($0, scan: scan) }) { lists in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 4) { starts in
                let starts = UnsafeMutableBufferPointer(rebasing: starts[..<lists.count])
                for index in lists.indices {
                    starts[index] = lists[index].headStart(in: text, rules: rules, scratch: &scratch, batchCount: batchCount)
                }
                var merge = MastodonEntityMerge(lists: lists, starts: starts, batchCount: batchCount)
                return body(&merge, &scratch)
            }
        }
    }

    private init(lists: UnsafeMutableBufferPointer<MastodonEntityList>, starts: UnsafeMutableBufferPointer<Int>, batchCount: Int) {
        self.lists = lists
        self.starts = starts
        self.batchCount = batchCount
    }

    /// The next entity kept, `nil` when none is left.
    mutating func next(
        in text: UnsafeBufferPointer<UInt8>, rules: MastodonRules, scratch: inout MastodonExtractionScratch
    ) -> MastodonRules.Entity? {
        while true {
            var start = Int.max
            var chosen = -1
            for index in starts.indices where starts[index] < start { (start, chosen) = (starts[index], index) }
            guard chosen >= 0 else { return nil }
            let entity = lists[chosen].takeHead()
            starts[chosen] = lists[chosen].headStart(in: text, rules: rules, scratch: &scratch, batchCount: batchCount)
            guard start >= cursor else { continue }
            cursor = entity.span.utf8Range.upperBound
            return entity
        }
    }
}

extension MastodonRules {
    /// How many entities an extractor finds ahead of the merge at most.
    static let entityBatchCount = 1024

    /// The spans of ``spans(in:startingIn:)`` with the extractors finding `batchCount` entities
    /// ahead at most: the entities kept by the extractor's overlap removal but the links Mastodon
    /// cannot parse, merged with the shortcodes by start (an entity first on a tie), every one
    /// that does not start in `window` or starts before the previous kept one ends dropped. A link
    /// Mastodon cannot parse has hidden the mentions and hashtags it overlaps in the overlap
    /// removal, but not the shortcodes: the formatter leaves it as text, which the emoji scan reads.
    func forEachSpan(
        in text: UnsafeBufferPointer<UInt8>, startingIn window: Range<Int>, batchCount: Int, _ body: (Span) -> Void
    ) {
        let scan = window.lowerBound == 0 ? window : text.scalarStart(before: window.lowerBound)..<window.upperBound
        var scratch = MastodonExtractionScratch()
        MastodonEntityMerge.with(
            (.links, .hashtags, .mentions, .extraURIs), scan: scan, in: text, rules: self, scratch: &scratch,
            batchCount: batchCount
        ) { entities, scratch in
            var emoji = MastodonEntityList(.shortcodes, scan: window)
            var entity = entities.next(in: text, rules: self, scratch: &scratch)
            var emojiStart = emoji.headStart(in: text, rules: self, scratch: &scratch, batchCount: batchCount)
            var cursor = 0
            while true {
                let span: Span
                var isLinked = true
                if let taken = entity, taken.span.utf8Range.lowerBound <= emojiStart {
                    (span, isLinked) = (taken.span, taken.isLinked)
                    entity = entities.next(in: text, rules: self, scratch: &scratch)
                } else if emojiStart < .max {
                    span = emoji.takeHead().span
                    emojiStart = emoji.headStart(in: text, rules: self, scratch: &scratch, batchCount: batchCount)
                } else {
                    return
                }
                guard isLinked, window.contains(span.utf8Range.lowerBound), span.utf8Range.lowerBound >= cursor else { continue }
                cursor = span.utf8Range.upperBound
                body(span)
            }
        }
    }
}
