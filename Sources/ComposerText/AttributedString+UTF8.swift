#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension AttributedString {
    /// The index `offset` UTF-8 bytes from the start: the one place offsets become indices.
    /// - Complexity: O(log n) on the string's rope.
    package func utf8Index(_ offset: Int) -> AttributedString.Index {
        utf8.index(utf8.startIndex, offsetBy: offset)
    }

    /// The index range for a UTF-8 byte range.
    package func utf8Range(_ range: Range<Int>) -> Range<AttributedString.Index> {
        let start = utf8Index(range.lowerBound)
        return start..<utf8.index(start, offsetBy: range.count)
    }

    /// The UTF-8 offset of `index`.
    /// - Complexity: O(log n).
    package func utf8Offset(_ index: AttributedString.Index) -> Int {
        utf8.distance(from: utf8.startIndex, to: index)
    }

    /// The UTF-8 offsets of a range.
    package func utf8Offsets(_ range: Range<AttributedString.Index>) -> Range<Int> {
        let start = utf8Offset(range.lowerBound)
        return start..<(start + utf8.distance(from: range.lowerBound, to: range.upperBound))
    }
}

extension AttributedString {
    /// The UTF-8 offsets of a UTF-16 range (as `NSRange` gives it); `nil` when the range lies
    /// outside the text or either end splits a surrogate pair.
    /// - Complexity: O(log n) on the string's rope.
    package func utf8Range(ofUTF16Range utf16Range: Range<Int>) -> Range<Int>? {
        guard utf16Range.lowerBound >= 0, utf16Range.upperBound <= utf16.count else { return nil }
        guard let start = utf8Offset(ofUTF16: utf16Range.lowerBound),
            let end = utf8Offset(ofUTF16: utf16Range.upperBound)
        else { return nil }
        return start..<end
    }

    /// The UTF-16 offsets of a UTF-8 range.
    /// - Complexity: O(log n).
    package func utf16Range(ofUTF8Range utf8Range: Range<Int>) -> Range<Int> {
        let range = self.utf8Range(utf8Range)
        let start = utf16.distance(from: startIndex, to: range.lowerBound)
        return start..<start + utf16.distance(from: range.lowerBound, to: range.upperBound)
    }

    /// The UTF-8 offset of a UTF-16 offset, or `nil` when it splits a surrogate pair (the round
    /// trip back to UTF-16 does not land where it started).
    private func utf8Offset(ofUTF16 utf16Offset: Int) -> Int? {
        let offset = utf8Offset(utf16.index(startIndex, offsetBy: utf16Offset))
        return utf16.distance(from: startIndex, to: utf8Index(offset)) == utf16Offset ? offset : nil
    }
}
