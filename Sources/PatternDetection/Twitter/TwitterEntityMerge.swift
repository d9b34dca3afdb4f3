/// Where one of twitter-text's extractors stands in its scan of a text. A scan stops (before its
/// end) only right after a match that yielded an entity, so where it stands is also where that
/// match ended, the reference's `lastIndex`: resumed from there with nothing else remembered, it
/// finds exactly what one uninterrupted scan finds. (The URL scan also forgets the dot it was
/// working towards; searching again from the match's end finds that same dot, and a candidate
/// cannot start before the stretch that dot ends.)
struct TwitterExtraction {
    /// Where the scan goes on, and where the last match ended.
    var position: Int
    /// The scan reached its end: nothing is left to find.
    var isFinished = false

    /// A scan about to start at the start of `scan`.
    init(scan: Range<Int>) {
        position = scan.lowerBound
    }
}

/// One of the entity lists that twitter-text's `extractEntitiesWithIndices` merges, read in
/// batches: its extractor is resumed until it has found a batch more (or reached the end), so the
/// list never holds more than about a batch, however many entities one word holds.
///
/// Invariant: `entities[next...]` are the entities found and not yet merged, sorted by start;
/// `extraction` stands after the last of them.
struct TwitterEntityList {
    enum Source {
        case urls, mentions, hashtags, cashtags
        /// Entities given whole (`entities` from the start; nothing to extract).
        case given
    }

    let source: Source
    private(set) var entities: [Span] = []
    private(set) var next = 0
    private var extraction: TwitterExtraction
    /// The URL scanner, kept from batch to batch (its domain search remembers what it walked).
    private var scanner: TwitterURLScanner?
    /// The URL scanner's ranges for one batch, before they become spans.
    private var ranges: [Range<Int>] = []

    /// The list of `source`'s entities in `text[scan]`, none found yet, with room for a batch of
    /// `batchCount` (or as many as `scan` can hold, at two bytes an entity, if fewer).
    init(_ source: Source, in text: UnsafeBufferPointer<UInt8>, scan: Range<Int>, rules: TwitterRules, batchCount: Int) {
        self.source = source
        extraction = TwitterExtraction(scan: scan)
        let room = min(batchCount, scan.count / 2 + 1)
        if source == .urls {
            scanner = TwitterURLScanner(text: text, tlds: rules.tlds)
            ranges.reserveCapacity(room)
        }
        entities.reserveCapacity(room)
    }

    /// A list of `entities` (sorted by start), given whole.
    init(given entities: [Span]) {
        source = .given
        self.entities = entities
        extraction = TwitterExtraction(scan: 0..<0)
        extraction.isFinished = true
    }

    /// Where the entity to merge next starts, finding the next batch first when the one found is
    /// used up; `Int.max` when none is left.
    @inline(__always)
    mutating func headStart(in text: UnsafeBufferPointer<UInt8>, scan: Range<Int>, rules: TwitterRules, batchCount: Int) -> Int {
        if next == entities.count {
            guard !extraction.isFinished else { return .max }
            findBatch(in: text, scan: scan, rules: rules, batchCount: batchCount)
            guard next < entities.count else { return .max }
        }
        return entities[next].utf8Range.lowerBound
    }

    /// The entity to merge next, moving past it.
    /// - Precondition: ``headStart(in:scan:rules:batchCount:)`` found one.
    @inline(__always)
    mutating func takeHead() -> Span {
        next += 1
        return entities[next - 1]
    }

    private mutating func findBatch(in text: UnsafeBufferPointer<UInt8>, scan: Range<Int>, rules: TwitterRules, batchCount: Int) {
        entities.removeAll(keepingCapacity: true)
        next = 0
        switch source {
        case .urls:
            ranges.removeAll(keepingCapacity: true)
            scanner!.urls(resuming: &extraction, before: scan.upperBound, atMost: batchCount, into: &ranges)
            for range in ranges { entities.append(Span(kind: .url, utf8Range: range)) }
        case .mentions:
            rules.mentions(in: text, scan: scan, resuming: &extraction, atMost: batchCount, into: &entities)
        case .hashtags:
            rules.hashtags(in: text, scan: scan, resuming: &extraction, atMost: batchCount, into: &entities)
        case .cashtags:
            rules.cashtags(in: text, scan: scan, resuming: &extraction, atMost: batchCount, into: &entities)
        case .given:
            extraction.isFinished = true
        }
    }
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
        of lists: inout [TwitterEntityList], in text: UnsafeBufferPointer<UInt8>, scan: Range<Int>,
        startingIn window: Range<Int>, batchCount: Int = entityBatchCount, _ body: (Span) -> Void
    ) {
        var cursor = 0
        lists.withUnsafeMutableBufferPointer { lists in
            // Each list's head start, read again only when that list moves.
            withUnsafeTemporaryAllocation(of: Int.self, capacity: lists.count) { starts in
                for index in lists.indices {
                    starts[index] = lists[index].headStart(in: text, scan: scan, rules: self, batchCount: batchCount)
                }
                while true {
                    var start = Int.max
                    var chosen = -1
                    for index in starts.indices where starts[index] < start { (start, chosen) = (starts[index], index) }
                    guard chosen >= 0 else { return }
                    let entity = lists[chosen].takeHead()
                    starts[chosen] = lists[chosen].headStart(in: text, scan: scan, rules: self, batchCount: batchCount)
                    guard window.contains(start), start >= cursor else { continue }
                    body(entity)
                    cursor = entity.utf8Range.upperBound
                }
            }
        }
    }
}
