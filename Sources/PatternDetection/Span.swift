/// A detected pattern: its kind and where it is, in UTF-8 byte offsets of the text it was found in.
///
/// Invariants: `utf8Range` is non-empty, starts and ends on Unicode-scalar boundaries of its text, and
/// is start-inclusive, end-exclusive. Spans order by start, then end, then kind — the order every
/// API in this package returns them in.
public struct Span: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var kind: PatternKind
    /// Byte offsets into the text's UTF-8 encoding.
    public var utf8Range: Range<Int>

    public init(kind: PatternKind, utf8Range: Range<Int>) {
        self.kind = kind
        self.utf8Range = utf8Range
    }

    public static func < (lhs: Span, rhs: Span) -> Bool {
        if lhs.utf8Range.lowerBound != rhs.utf8Range.lowerBound {
            return lhs.utf8Range.lowerBound < rhs.utf8Range.lowerBound
        }
        if lhs.utf8Range.upperBound != rhs.utf8Range.upperBound {
            return lhs.utf8Range.upperBound < rhs.utf8Range.upperBound
        }
        return lhs.kind < rhs.kind
    }

    /// The same span `offset` bytes further on (back, for a negative offset): the span in a text
    /// that holds this one's text at `offset`.
    @inlinable
    public func shifted(by offset: Int) -> Span {
        Span(kind: kind, utf8Range: utf8Range.lowerBound + offset..<utf8Range.upperBound + offset)
    }

    /// The index of the first of `count` items that ends after `utf8Offset`, their ends read
    /// through `end` and non-decreasing (as in a sorted, non-overlapping list of spans): where the
    /// items overlapping a range starting there begin. Binary search, O(log count).
    package static func firstIndex(endingAfter utf8Offset: Int, count: Int, end: (Int) -> Int) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if end(middle) <= utf8Offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    public var description: String {
        "\(kind)[\(utf8Range.lowerBound),\(utf8Range.upperBound))"
    }

    /// The span's bytes decoded as text (invalid sequences repaired with U+FFFD).
    public func text(in utf8: some Collection<UInt8>) -> String {
        let start = utf8.index(utf8.startIndex, offsetBy: utf8Range.lowerBound)
        let end = utf8.index(start, offsetBy: utf8Range.count)
        return String(decoding: utf8[start..<end], as: UTF8.self)
    }

    /// The span's text within `string`.
    public func text(in string: String) -> String {
        text(in: string.utf8)
    }
}

extension Array where Element == Span {
    /// The indices of the spans of this sorted, non-overlapping list that overlap `utf8Range`
    /// (consecutive in such a list).
    /// - Complexity: O(log s + k) for k spans returned.
    package func indices(overlapping utf8Range: Range<Int>) -> Range<Int> {
        let start = Span.firstIndex(endingAfter: utf8Range.lowerBound, count: count) { self[$0].utf8Range.upperBound }
        var end = start
        while end < count, self[end].utf8Range.lowerBound < utf8Range.upperBound { end += 1 }
        return start..<end
    }

    /// The spans of this sorted, non-overlapping list that overlap `utf8Range`.
    /// - Complexity: O(log s + k) for k spans returned.
    package func spans(overlapping utf8Range: Range<Int>) -> [Span] {
        Array(self[indices(overlapping: utf8Range)])
    }

    /// The indices of the spans of this sorted, non-overlapping list that lie wholly inside
    /// `utf8Range` (in such a list they are consecutive).
    /// - Complexity: O(log s + k) for k spans returned.
    package func indices(inside utf8Range: Range<Int>) -> Range<Int> {
        var found = indices(overlapping: utf8Range)
        if let first = found.first, self[first].utf8Range.lowerBound < utf8Range.lowerBound { found = found.dropFirst() }
        if let last = found.last, self[last].utf8Range.upperBound > utf8Range.upperBound { found = found.dropLast() }
        return found
    }

    /// The spans of this sorted, non-overlapping list that lie wholly inside `utf8Range`.
    /// - Complexity: O(log s + k) for k spans returned.
    package func spans(inside utf8Range: Range<Int>) -> [Span] {
        Array(self[indices(inside: utf8Range)])
    }
}
