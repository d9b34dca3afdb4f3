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
