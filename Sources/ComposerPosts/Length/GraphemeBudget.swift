import PatternDetection

/// Counting grapheme clusters (Swift `Character`s) of a text as a platform rewrites it before it
/// counts: some ranges replaced (a shortened link, 23 `x` for a URL, `@user` for a mention) and
/// an optional prefix (a content warning) counted first.
///
/// The count is that of the rewritten string itself, so clusters that join across a seam (a
/// combining mark after a replaced URL joins its last `x`) count as the platform counts them.
/// The valid end is the end of the longest prefix of the text whose rewritten count, prefix
/// included, is within the limit, and whose rewritten UTF-8 (prefix excluded) is within the byte
/// limit, cut at a cluster boundary of the rewritten string that is not inside a replacement: a
/// replaced range either fits whole or the prefix stops before it.
///
/// A replacement may stand for a longer run of ASCII letters than its text (``Replacement/extraClusters``):
/// 23 `x`s or a billion are written as two, whose seams join exactly as the whole run's would,
/// and the rest is added to the count. Counts saturate at `Int.max`.
struct GraphemeBudget {
    /// A range of the original text (UTF-8 offsets) and what is counted in its place.
    struct Replacement: Sendable {
        var utf8Range: Range<Int>
        var text: String
        /// Clusters counted besides `text`'s own: the inner letters of a run of ASCII letters
        /// that `text` (its first and last letter) stands for; 0 otherwise.
        var extraClusters = 0
    }

    /// Grapheme clusters of the rewritten text (saturating at `Int.max`).
    var length: Int
    /// UTF-8 bytes of the rewritten text after the prefix (what the replacements' texts make of
    /// the range; a replacement's extra clusters add none).
    var bytes: Int
    /// Byte offset in the original text where the longest fitting prefix ends.
    var validEnd: Int

    /// One piece of the rewritten string: where it lies there and in the original.
    private struct Piece {
        var rewritten: Range<Int>
        var original: Range<Int>
        var isReplacement: Bool
        var extraClusters = 0
    }

    /// The pieces of the rewritten string after the prefix, in order — the original text between
    /// replacements and each replacement — made only as far as they are asked for: the cut reads
    /// no further than its limit, so a text of many replacements holds no piece for each.
    private struct Pieces {
        private let replacements: [Replacement]
        private let end: Int
        /// The pieces made so far, in order.
        private(set) var made: [Piece] = []
        private var rewrittenCursor: Int
        private var originalCursor: Int
        private var nextReplacement = 0

        /// The pieces of `range` with `replacements` applied, the rewritten string starting with
        /// `prefixLength` bytes of prefix.
        init(prefixLength: Int, range: Range<Int>, replacements: [Replacement]) {
            self.replacements = replacements
            end = range.upperBound
            rewrittenCursor = prefixLength
            originalCursor = range.lowerBound
        }

        /// Whether piece `index` exists; makes the pieces up to it.
        mutating func has(_ index: Int) -> Bool {
            while made.count <= index {
                guard makeNext() else { return false }
            }
            return true
        }

        subscript(index: Int) -> Piece { made[index] }

        private mutating func makeNext() -> Bool {
            if nextReplacement < replacements.count {
                let replacement = replacements[nextReplacement]
                if originalCursor < replacement.utf8Range.lowerBound {
                    appendOriginal(upTo: replacement.utf8Range.lowerBound)
                    return true
                }
                let length = replacement.text.utf8.count
                made.append(Piece(
                    rewritten: rewrittenCursor..<rewrittenCursor + length, original: replacement.utf8Range,
                    isReplacement: true, extraClusters: replacement.extraClusters))
                rewrittenCursor += length
                originalCursor = replacement.utf8Range.upperBound
                nextReplacement += 1
                return true
            }
            guard originalCursor < end else { return false }
            appendOriginal(upTo: end)
            return true
        }

        private mutating func appendOriginal(upTo limit: Int) {
            let length = limit - originalCursor
            made.append(Piece(
                rewritten: rewrittenCursor..<rewrittenCursor + length, original: originalCursor..<limit, isReplacement: false))
            rewrittenCursor += length
            originalCursor = limit
        }
    }

    /// Counts `range` of the text whose UTF-8 is `bytes` (well-formed) with `replacements`
    /// (sorted, disjoint, inside `range`) applied after `prefix`.
    /// - Parameter byteLimit: the most UTF-8 bytes the rewritten text after the prefix may have.
    /// - Complexity: O(range length + prefix + replacement lengths); the cut is looked for only
    ///   when the count is over `limit` or the bytes over `byteLimit`. Memory: the rewritten
    ///   string, and pieces only as far as the cut reads.
    init(
        bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, replacements: [Replacement], prefix: String, limit: Int,
        byteLimit: Int = .max
    ) {
        if replacements.isEmpty && prefix.isEmpty {
            let slice = UnsafeBufferPointer(rebasing: bytes[range])
            length = GraphemeCount.count(slice)
            self.bytes = range.count
            var none = Pieces(prefixLength: 0, range: 0..<0, replacements: [])
            validEnd = length <= limit && self.bytes <= byteLimit
                ? range.upperBound
                : range.lowerBound + Self.cut(slice, limit: limit, byteLimit: byteLimit, prefixLength: 0, pieces: &none)
            return
        }
        // The rewritten text's UTF-8: well-formed pieces end to end.
        var rewritten: [UInt8] = []
        rewritten.reserveCapacity(prefix.utf8.count + range.count + replacements.reduce(0) { $0 + $1.text.utf8.count })
        rewritten.append(contentsOf: prefix.utf8)
        var cursor = range.lowerBound
        var extraClusters = 0
        for replacement in replacements {
            if cursor < replacement.utf8Range.lowerBound {
                rewritten.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[cursor..<replacement.utf8Range.lowerBound]))
            }
            rewritten.append(contentsOf: replacement.text.utf8)
            extraClusters = extraClusters.saturatingAdding(replacement.extraClusters)
            cursor = replacement.utf8Range.upperBound
        }
        if cursor < range.upperBound {
            rewritten.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[cursor..<range.upperBound]))
        }
        length = rewritten.withUnsafeBufferPointer(GraphemeCount.count).saturatingAdding(extraClusters)
        self.bytes = rewritten.count - prefix.utf8.count
        if length <= limit && self.bytes <= byteLimit {
            validEnd = range.upperBound
        } else {
            var pieces = Pieces(prefixLength: prefix.utf8.count, range: range, replacements: replacements)
            let end = rewritten.withUnsafeBufferPointer {
                Self.cut($0, limit: limit, byteLimit: byteLimit, prefixLength: prefix.utf8.count, pieces: &pieces)
            }
            validEnd = Self.original(of: end, pieces: pieces.made, prefixLength: prefix.utf8.count, start: range.lowerBound)
        }
    }

    /// The rewritten offset of the last acceptable cluster boundary with at most `limit` clusters
    /// before it (a replacement's extra clusters counted once the boundary is past its end) and at
    /// most `byteLimit` bytes between the prefix's end and it.
    private static func cut(
        _ rewritten: UnsafeBufferPointer<UInt8>, limit: Int, byteLimit: Int, prefixLength: Int, pieces: inout Pieces
    ) -> Int {
        var best = 0
        var clusters = 0
        var piece = 0
        // Pieces before `extrasCounted` have their extra clusters in `clusters`.
        var extrasCounted = 0
        GraphemeCount.forEachClusterEnd(in: rewritten) { offset in
            guard clusters < limit, offset - prefixLength <= byteLimit else { return false }
            clusters += 1
            while pieces.has(extrasCounted), pieces[extrasCounted].rewritten.upperBound <= offset {
                clusters = clusters.saturatingAdding(pieces[extrasCounted].extraClusters)
                extrasCounted += 1
            }
            if clusters > limit { return false }
            while pieces.has(piece), pieces[piece].rewritten.upperBound < offset { piece += 1 }
            let insideReplacement = pieces.has(piece) && pieces[piece].isReplacement
                && pieces[piece].rewritten.lowerBound < offset && offset < pieces[piece].rewritten.upperBound
            if !insideReplacement { best = offset }
            return true
        }
        return best
    }

    /// The original offset of a rewritten offset that is not inside a replacement.
    private static func original(of offset: Int, pieces: [Piece], prefixLength: Int, start: Int) -> Int {
        guard offset > prefixLength else { return start }
        for piece in pieces where piece.rewritten.contains(offset) || piece.rewritten.upperBound == offset {
            if piece.rewritten.upperBound == offset { return piece.original.upperBound }
            if piece.isReplacement { return piece.original.lowerBound }
            return piece.original.lowerBound + (offset - piece.rewritten.lowerBound)
        }
        return start
    }
}
