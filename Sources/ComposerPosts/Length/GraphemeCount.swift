import ComposerCore

/// Grapheme clusters (Swift `Character`s) of UTF-8 text, counted one per scalar wherever no
/// cluster can hold two scalars, and by Swift only in short islands around the scalars that may
/// join a neighbour.
///
/// A scalar *stands alone* (``standsAlone(_:)``) when its Grapheme_Cluster_Break property is
/// Other, Control or LF: no rule of UAX #29 joins two such scalars, whatever comes before them
/// (the rules that look further back, for emoji ZWJ sequences, regional-indicator pairs and
/// Indic conjuncts, only join after a scalar that does not stand alone: ZWJ, Extend, a regional
/// indicator). So a boundary lies between any two adjacent scalars that stand alone, and the
/// text splits there into scalars counted one each and *islands*: each run of scalars that do
/// not stand alone, with the scalar before it (a base that marks and joiners attach to) and the
/// one after it (what a ZWJ, a prepended mark or a CR joins). Islands begin and end at such
/// boundaries, so Swift counts each as it would inside the whole text.
///
/// The set of scalars that stand alone is conservative: common blocks (Latin, Greek, Cyrillic,
/// punctuation, symbols, kana, CJK ideographs, emoji) minus every scalar in them whose property
/// is not Other, Control or LF. A scalar left out costs only time: it is counted in an island.
///
/// Invariant: for well-formed UTF-8, ``forEachClusterEnd(in:_:)`` gives the UTF-8 ends of the
/// `Character`s of `String(decoding: bytes, as: UTF8.self)`, and ``count(_:)`` their number.
enum GraphemeCount {
    /// The clusters of `bytes` (well-formed UTF-8).
    /// - Complexity: O(bytes) (see ``forEachClusterEnd(in:_:)``).
    static func count(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var clusters = 0
        forEachClusterEnd(in: bytes) { _ in
            clusters += 1
            return true
        }
        return clusters
    }

    /// Calls `body` with the end (a byte offset) of each cluster of `bytes` (well-formed UTF-8),
    /// in order, until it returns `false`.
    /// - Complexity: O(bytes walked): ASCII eight bytes at a time, other scalars one lookup each,
    ///   plus Swift's own walk over the islands.
    @inline(__always)
    static func forEachClusterEnd(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Bool) {
        var index = 0
        let end = bytes.count
        // Where the island being gathered starts, when one is.
        var island: Int?
        // Whether the next scalar belongs to the island (the last one did not stand alone).
        var joinsNext = false
        // The start of the last scalar outside an island, whose end is a cluster end unless the
        // scalar after it opens an island; -1 when there is none.
        var lastAlone = -1
        while index < end {
            if island == nil, index + 8 <= end {
                let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
                if word & ByteWord.highBits == 0 && ByteWord.bytes(of: word, equalTo: 0x0D) == 0 {
                    // Eight ASCII scalars that stand alone: the one before and the first seven end clusters.
                    if lastAlone >= 0 && !body(index) { return }
                    for offset in 1..<8 where !body(index + offset) { return }
                    lastAlone = index + 7
                    index += 8
                    continue
                }
            }
            let lead = bytes[index]
            let length = UTF8Scalar.length(lead: lead)
            let alone = lead < 0x80 ? lead != 0x0D : standsAlone(bytes.scalarValue(at: index).value)
            if !alone {
                if island == nil {
                    // The scalar before (outside an island) joins the island.
                    island = lastAlone >= 0 ? lastAlone : index
                    lastAlone = -1
                }
                joinsNext = true
            } else if let start = island {
                if joinsNext {
                    joinsNext = false
                } else {
                    guard forEachSwiftClusterEnd(in: bytes, start..<index, body) else { return }
                    island = nil
                    lastAlone = index
                }
            } else {
                if lastAlone >= 0 && !body(index) { return }
                lastAlone = index
            }
            index += length
        }
        if let start = island {
            _ = forEachSwiftClusterEnd(in: bytes, start..<end, body)
        } else if lastAlone >= 0 {
            _ = body(end)
        }
    }

    /// ``forEachClusterEnd(in:_:)`` over `bytes[range]` by Swift's segmentation; whether `body`
    /// asked for more.
    private static func forEachSwiftClusterEnd(
        in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ body: (Int) -> Bool
    ) -> Bool {
        var offset = range.lowerBound
        for cluster in String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) {
            offset += cluster.utf8.count
            guard body(offset) else { return false }
        }
        return true
    }

    /// Whether `scalar` is in the conservative set of scalars whose Grapheme_Cluster_Break
    /// property is Other, Control or LF (ASCII: all but CR).
    static func standsAlone(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x00...0x0C, 0x0E...0x2FF: true  // ASCII but CR, Latin-1, Latin Extended, IPA, modifier letters
        case 0x370...0x482, 0x48A...0x52F: true  // Greek and Cyrillic letters (not the combining marks)
        case 0x2010...0x2027, 0x2030...0x205E: true  // general punctuation (not ZWJ, ZWNJ, the marks)
        case 0x2070...0x20CF: true  // super- and subscripts, currency signs
        case 0x2100...0x2BFF: true  // letterlike and math symbols, arrows, shapes, dingbats
        case 0x3001...0x3029, 0x3030...0x303F: true  // CJK punctuation (not the tone marks)
        case 0x3041...0x3096, 0x309B...0x30FF: true  // kana (not the combining voicing marks)
        case 0x4E00...0x9FFF: true  // CJK unified ideographs
        case 0xFF01...0xFF9D: true  // fullwidth forms (not the halfwidth voicing marks)
        case 0x1F000...0x1F1E5: true  // tiles, cards, enclosed alphanumerics (not regional indicators)
        case 0x1F200...0x1F3FA, 0x1F400...0x1FAFF: true  // pictographs and emoji (not the skin tones)
        default: false
        }
    }
}
