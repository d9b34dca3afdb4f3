/// Where one of the extractors that scan a text sign by sign stands (twitter-text's and Mastodon's:
/// URLs, mentions, hashtags, cashtags, extra URIs, shortcodes), so that it can stop after a batch
/// of entities and go on later.
///
/// An extractor stops (before its end) only right after a match that yielded an entity, so where
/// it stands is also where that match ended, the reference's `lastIndex`: resumed from there with
/// nothing else remembered, it finds exactly what one uninterrupted scan finds. (The URL scans also
/// forget the dot they were working towards; searching again from the match's end finds that same
/// dot, and a candidate cannot start before the stretch that dot ends.)
struct ResumableScan {
    /// Where the scan goes on, and where the last match ended.
    var position: Int
    /// The scan reached its end: nothing is left to find.
    var isFinished = false

    /// A scan about to start at the start of `scan`.
    init(scan: Range<Int>) {
        position = scan.lowerBound
    }
}

extension ResumableScan {
    /// Everything one uninterrupted scan of `scan` finds: `extract` (an extractor resumed from
    /// where a scan stands, appending at most a given count) run once from the start, unlimited.
    @inline(__always)
    static func collect<Entity>(_ scan: Range<Int>, _ extract: (inout ResumableScan, Int, inout [Entity]) -> Void) -> [Entity] {
        var resumption = ResumableScan(scan: scan)
        var found: [Entity] = []
        extract(&resumption, .max, &found)
        return found
    }
}
