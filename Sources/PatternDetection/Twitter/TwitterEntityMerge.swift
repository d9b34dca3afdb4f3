/// One of the entity lists that twitter-text's `extractEntitiesWithIndices` merges, read in
/// batches: its extractor is resumed until it has found a batch more (or reached the end), so the
/// list never holds more than about a batch, however many entities one word holds.
///
/// Invariant: `entities[next...]` are the entities found and not yet merged, sorted by start;
/// `resumption` stands after the last of them.
struct TwitterEntityList {
    enum Source {
        case urls, mentions, hashtags, cashtags
        /// Entities given whole (`entities` from the start; nothing to extract).
        case given
    }

    let source: Source
    private(set) var entities: [Span] = []
    private(set) var next = 0
    private var resumption: ResumableScan

    /// The list of `source`'s entities in `scan`, none found yet.
    init(_ source: Source, scan: Range<Int>) {
        self.source = source
        resumption = ResumableScan(scan: scan)
    }

    /// A list of `entities` (sorted by start), given whole.
    init(given entities: [Span]) {
        source = .given
        self.entities = entities
        resumption = ResumableScan(scan: 0..<0)
        resumption.isFinished = true
    }

    /// Where the entity to merge next starts, finding the next batch first when the one found is
    /// used up; `Int.max` when none is left.
    @inline(__always)
    mutating func headStart(
        in text: UnsafeBufferPointer<UInt8>, scan: Range<Int>, rules: TwitterRules, scratch: inout TwitterExtractionScratch,
        batchCount: Int
    ) -> Int {
        if next == entities.count {
            guard !resumption.isFinished else { return .max }
            findBatch(in: text, scan: scan, rules: rules, scratch: &scratch, batchCount: batchCount)
            guard next < entities.count else { return .max }
        }
        return entities[next].utf8Range.lowerBound
    }

    /// The entity to merge next, moving past it.
    /// - Precondition: ``headStart(in:scan:rules:scratch:batchCount:)`` found one.
    @inline(__always)
    mutating func takeHead() -> Span {
        next += 1
        return entities[next - 1]
    }

    private mutating func findBatch(
        in text: UnsafeBufferPointer<UInt8>, scan: Range<Int>, rules: TwitterRules, scratch: inout TwitterExtractionScratch,
        batchCount: Int
    ) {
        if !entities.isEmpty { entities.removeAll(keepingCapacity: true) }
        next = 0
        // Room for a batch up front where the scan is long enough to fill one (a list grown by
        // doubling copies itself); a short scan allocates only for what it finds.
        let room = min(batchCount, scan.count / 16)
        if room >= 64, entities.capacity < room { entities.reserveCapacity(room) }
        switch source {
        case .urls:
            if scratch.scanner == nil { scratch.scanner = TwitterURLScanner(text: text, tlds: rules.tlds) }
            if !scratch.ranges.isEmpty { scratch.ranges.removeAll(keepingCapacity: true) }
            scratch.scanner!.urls(resuming: &resumption, before: scan.upperBound, atMost: batchCount, into: &scratch.ranges)
            if scratch.ranges.count > 1 { entities.reserveCapacity(scratch.ranges.count) }
            for range in scratch.ranges { entities.append(Span(kind: .url, utf8Range: range)) }
        case .mentions:
            rules.mentions(in: text, scan: scan, resuming: &resumption, atMost: batchCount, into: &entities)
        case .hashtags:
            rules.hashtags(in: text, scan: scan, resuming: &resumption, atMost: batchCount, into: &entities)
        case .cashtags:
            rules.cashtags(in: text, scan: scan, resuming: &resumption, atMost: batchCount, into: &entities)
        case .given:
            resumption.isFinished = true
        }
    }
}

/// What twitter's extractors reuse from batch to batch in one scan: the URL scanner (its domain
/// search remembers what it walked), made when the URL list first needs it, and a batch's URL
/// ranges before they become spans.
struct TwitterExtractionScratch {
    var scanner: TwitterURLScanner?
    var ranges: [Range<Int>] = []
}

extension TwitterRules {
    /// How many entities an extractor finds ahead of the merge at most (plus what one URL
    /// candidate yields).
    static let entityBatchCount = 1024

    /// twitter-text's `removeOverlappingEntities` over `lists`: the entities merged by start (on
    /// equal starts the earlier list's first, as the reference concatenates URLs, mentions,
    /// hashtags and cashtags), each one that starts before the previous kept one ends dropped, and
    /// so is every one that does not start in `window`. `body` gets the kept ones, in order, as
    /// the lists are read.
    /// - Complexity: O(entities) beyond the extractors' scans; memory O(lists × batch).
    func forEachKeptEntity(
        of lists: UnsafeMutableBufferPointer<TwitterEntityList>, in text: UnsafeBufferPointer<UInt8>, scan: Range<Int>,
        startingIn window: Range<Int>, batchCount: Int = entityBatchCount, _ body: (Span) -> Void
    ) {
        var cursor = 0
        var scratch = TwitterExtractionScratch()
        // Each list's head start, read again only when that list moves.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: lists.count) { starts in
            for index in lists.indices {
                starts[index] = lists[index].headStart(in: text, scan: scan, rules: self, scratch: &scratch, batchCount: batchCount)
            }
            while true {
                var start = Int.max
                var chosen = -1
                for index in starts.indices where starts[index] < start { (start, chosen) = (starts[index], index) }
                guard chosen >= 0 else { return }
                let entity = lists[chosen].takeHead()
                starts[chosen] = lists[chosen].headStart(in: text, scan: scan, rules: self, scratch: &scratch, batchCount: batchCount)
                guard window.contains(start), start >= cursor else { continue }
                body(entity)
                cursor = entity.utf8Range.upperBound
            }
        }
    }
}
