import PatternDetection

/// A stretch of UTF-8 bytes and the tag it carries (`nil`: untagged).
struct TagSegment: Equatable, CustomStringConvertible {
    var utf8Range: Range<Int>
    var kind: PatternKind?

    var description: String {
        "\(kind.map { "\($0)" } ?? "-")[\(utf8Range.lowerBound),\(utf8Range.upperBound))"
    }
}

/// The segment arithmetic behind ``LocalizedTransform``: what the tags of a window should be, where
/// they differ from what the text holds, and which bytes need restyling after an edit. Pure
/// functions on UTF-8 offsets, so they can be tested without an `AttributedString`.
///
/// A *tiling* of a range is a list of segments, sorted, consecutive (each starts where the previous
/// ends), covering the range exactly.
enum TagSegments {
    /// The tiling of `range` in which the bytes of each of `tagged` carry its kind and every other
    /// byte is untagged. `tagged` is sorted and disjoint; parts outside `range` are cut off.
    /// - Complexity: O(t) for t tagged ranges.
    static func tiling(of range: Range<Int>, tagged: some Sequence<(Range<Int>, PatternKind)>) -> [TagSegment] {
        var tiling: [TagSegment] = []
        var position = range.lowerBound
        for (taggedRange, kind) in tagged {
            let clipped = taggedRange.clamped(to: position..<max(position, range.upperBound))
            guard !clipped.isEmpty else { continue }
            if clipped.lowerBound > position {
                tiling.append(TagSegment(utf8Range: position..<clipped.lowerBound, kind: nil))
            }
            tiling.append(TagSegment(utf8Range: clipped, kind: kind))
            position = clipped.upperBound
        }
        if position < range.upperBound {
            tiling.append(TagSegment(utf8Range: position..<range.upperBound, kind: nil))
        }
        return tiling
    }

    /// Where `target` differs from `current`, both tilings of one range: maximal ranges, each with
    /// the kind `target` gives it (touching pieces of one kind are merged). Writing these onto
    /// `current` makes it equal to `target`, and nothing else needs writing.
    /// - Complexity: O(c + t).
    static func differences(from current: [TagSegment], to target: [TagSegment]) -> [TagSegment] {
        var result: [TagSegment] = []
        var c = 0, t = 0
        while c < current.count, t < target.count {
            let a = current[c], b = target[t]
            let lower = max(a.utf8Range.lowerBound, b.utf8Range.lowerBound)
            let upper = min(a.utf8Range.upperBound, b.utf8Range.upperBound)
            if lower < upper, a.kind != b.kind {
                if let last = result.last, last.utf8Range.upperBound == lower, last.kind == b.kind {
                    result[result.count - 1].utf8Range = last.utf8Range.lowerBound..<upper
                } else {
                    result.append(TagSegment(utf8Range: lower..<upper, kind: b.kind))
                }
            }
            if a.utf8Range.upperBound <= b.utf8Range.upperBound { c += 1 } else { t += 1 }
        }
        return result
    }

    /// The bytes of the text after `change` whose style may no longer follow their tag, sorted,
    /// disjoint and not touching:
    /// - the inserted bytes (they took the styles of the text before them), and
    /// - every other byte whose kind differs between the removed spans (mapped into the new text)
    ///   and the added spans.
    ///
    /// Every other byte keeps the kind it had, so — its style having followed that kind before the
    /// edit — its style still does, even where Foundation dropped the tag itself (that is put back
    /// with the same kind, and a style is a function of the kind).
    /// - Complexity: O(r + a) for r removed and a added spans.
    static func restyleRanges(after change: SpanChange) -> [Range<Int>] {
        let edit = change.edit
        let inserted = edit.newUTF8Range
        let hull = TagSegments.hull(change.rescannedUTF8Range, inserted)
        // Mapped removed spans can overlap each other only on the inserted bytes; leave those out
        // on both sides (they are restyled anyway) so both lists are disjoint.
        let before = change.removed.lazy.flatMap { span in
            Self.excluding(inserted, from: edit.map(span.utf8Range)).map { ($0, span.kind) }
        }
        let after = change.added.lazy.flatMap { span in
            Self.excluding(inserted, from: span.utf8Range).map { ($0, span.kind) }
        }
        var ranges = differences(from: tiling(of: hull, tagged: before), to: tiling(of: hull, tagged: after))
            .map(\.utf8Range)
        if !inserted.isEmpty {
            let at = ranges.firstIndex { $0.lowerBound >= inserted.upperBound } ?? ranges.endIndex
            ranges.insert(inserted, at: at)
        }
        return mergingTouching(ranges)
    }

    /// The bytes of the text after `change` whose tag the change itself can alter: the hull of the
    /// inserted bytes (or, for a deletion, the empty range where the edit was), of the removed spans
    /// mapped into the new text and of the added spans. Every byte outside belongs to the same span,
    /// with the same kind, as before the edit, or to none before and after. Inside the rescanned
    /// window (every removed and added span is), and holding ``restyleRanges(after:)``.
    /// - Complexity: O(1): both lists are sorted.
    static func touchedRange(by change: SpanChange) -> Range<Int> {
        var touched = change.edit.newUTF8Range
        if let first = change.removed.first, let last = change.removed.last {
            touched = hull(touched, change.edit.map(first.utf8Range.lowerBound..<last.utf8Range.upperBound))
        }
        if let first = change.added.first, let last = change.added.last {
            touched = hull(touched, first.utf8Range.lowerBound..<last.utf8Range.upperBound)
        }
        return touched
    }

    /// What to read after `focus` (inside `window`, holding `touched`) was read and its tags found
    /// to differ from the wanted ones at `stale` (sorted, disjoint, inside `focus`): `focus` itself
    /// where, on each side, it reaches the window's edge or the bytes between it and `touched` hold
    /// one whose tag is right. Where all of them are stale, the stretch whose tags Foundation
    /// dropped (contiguous, touching the edit, wrong all through) may go on past the focus, and that
    /// side moves to the window's edge. Beyond a right byte it cannot go on.
    /// - Complexity: O(s) for s stale segments.
    static func focus(
        _ focus: Range<Int>, around touched: Range<Int>, within window: Range<Int>, stale: [TagSegment]
    ) -> Range<Int> {
        var lower = focus.lowerBound
        var upper = focus.upperBound
        if lower > window.lowerBound {
            var staleEnd = lower
            for segment in stale {
                if segment.utf8Range.lowerBound > staleEnd { break }
                staleEnd = segment.utf8Range.upperBound
            }
            if staleEnd >= touched.lowerBound { lower = window.lowerBound }
        }
        if upper < window.upperBound {
            var staleStart = upper
            for segment in stale.reversed() {
                if segment.utf8Range.upperBound < staleStart { break }
                staleStart = segment.utf8Range.lowerBound
            }
            if staleStart <= touched.upperBound { upper = window.upperBound }
        }
        return lower..<upper
    }

    /// `range` without the bytes of `hole`: zero, one or two ranges, in order.
    static func excluding(_ hole: Range<Int>, from range: Range<Int>) -> [Range<Int>] {
        guard !hole.isEmpty, range.overlaps(hole) else { return range.isEmpty ? [] : [range] }
        var pieces: [Range<Int>] = []
        if range.lowerBound < hole.lowerBound { pieces.append(range.lowerBound..<hole.lowerBound) }
        if range.upperBound > hole.upperBound { pieces.append(hole.upperBound..<range.upperBound) }
        return pieces
    }

    /// Sorted ranges with overlapping or touching neighbours merged.
    static func mergingTouching(_ sorted: [Range<Int>]) -> [Range<Int>] {
        var merged: [Range<Int>] = []
        for range in sorted where !range.isEmpty {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }

    static func hull(_ a: Range<Int>, _ b: Range<Int>) -> Range<Int> {
        min(a.lowerBound, b.lowerBound)..<max(a.upperBound, b.upperBound)
    }
}
