import PatternDetection

/// A set of UTF-8 byte ranges that follows the text through edits: the bytes a `bold` step made
/// bold, tracked so the runner can check at the end that they are still bold.
///
/// Bytes deleted (or replaced) by an edit leave the set; bytes inserted never join it (typed text
/// may inherit bold, but it was not made bold by the user's command). The other bytes move with
/// the edit.
package struct UTF8RangeSet: Sendable, Equatable {
    /// Disjoint, non-empty ranges, sorted by start (touching ranges are merged).
    package private(set) var ranges: [Range<Int>] = []

    package init(_ ranges: [Range<Int>] = []) {
        for range in ranges { insert(range) }
    }

    package var isEmpty: Bool { ranges.isEmpty }

    /// Adds `range` to the set.
    package mutating func insert(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        var merged = range
        var kept: [Range<Int>] = []
        for existing in ranges {
            if existing.upperBound < merged.lowerBound || existing.lowerBound > merged.upperBound {
                kept.append(existing)
            } else {
                merged = min(existing.lowerBound, merged.lowerBound)..<max(existing.upperBound, merged.upperBound)
            }
        }
        kept.append(merged)
        ranges = kept.sorted { $0.lowerBound < $1.lowerBound }
    }

    /// Moves the set through `edit`: bytes in `edit.oldUTF8Range` leave, bytes after it shift by
    /// `edit.delta`.
    /// - Complexity: O(ranges).
    package mutating func apply(_ edit: TextEdit) {
        var moved: [Range<Int>] = []
        for range in ranges {
            let beforeEnd = min(range.upperBound, edit.start)
            if range.lowerBound < beforeEnd { moved.append(range.lowerBound..<beforeEnd) }
            let afterStart = max(range.lowerBound, edit.oldEnd)
            if afterStart < range.upperBound { moved.append((afterStart + edit.delta)..<(range.upperBound + edit.delta)) }
        }
        // A pure insertion inside a range splits it; keep the pieces apart (the inserted bytes are
        // not in the set).
        ranges = moved
    }
}
