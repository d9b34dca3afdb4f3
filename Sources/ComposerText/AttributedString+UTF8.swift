import Foundation

extension AttributedString {
    /// The index `offset` UTF-8 bytes from the start: the one place offsets become indices.
    /// - Complexity: O(log n) on the string's rope.
    public func utf8Index(_ offset: Int) -> AttributedString.Index {
        utf8.index(utf8.startIndex, offsetBy: offset)
    }

    /// The index range for a UTF-8 byte range.
    public func utf8Range(_ range: Range<Int>) -> Range<AttributedString.Index> {
        let start = utf8Index(range.lowerBound)
        return start..<utf8.index(start, offsetBy: range.count)
    }

    /// The UTF-8 offset of `index`.
    /// - Complexity: O(log n).
    public func utf8Offset(_ index: AttributedString.Index) -> Int {
        utf8.distance(from: utf8.startIndex, to: index)
    }

    /// The UTF-8 offsets of a range.
    public func utf8Offsets(_ range: Range<AttributedString.Index>) -> Range<Int> {
        let start = utf8Offset(range.lowerBound)
        return start..<(start + utf8.distance(from: range.lowerBound, to: range.upperBound))
    }
}
