import Foundation
import PatternDetection

/// An `AttributedString` read as UTF-8 for the incremental tokenizer, without copying it.
///
/// `AttributedString` stores its text in a rope: finding the index of a UTF-8 offset is O(log n),
/// stepping from an index is O(1). Each member below computes one index and walks from it, so the
/// tokenizer's per-edit reads cost O(log n + bytes read), independent of the document's length.
///
/// Holds a copy of the string (copy-on-write: free until either side is mutated). Use it for the
/// duration of one `IncrementalTokenizer` call and drop it before mutating the string, or the
/// mutation copies the whole string.
public struct AttributedTextSource: UTF8TextSource {
    public let text: AttributedString

    public init(_ text: AttributedString) {
        self.text = text
    }

    public var utf8Count: Int { text.utf8.count }

    public func scalar(startingAt utf8Offset: Int) -> Unicode.Scalar {
        text.unicodeScalars[text.utf8Index(utf8Offset)]
    }

    public func scalar(endingAt utf8Offset: Int) -> Unicode.Scalar {
        let scalars = text.unicodeScalars
        return scalars[scalars.index(before: text.utf8Index(utf8Offset))]
    }

    public func copyUTF8(_ utf8Range: Range<Int>, into destination: UnsafeMutableBufferPointer<UInt8>) {
        var slot = 0
        for byte in text.utf8[text.utf8Range(utf8Range)] {
            destination[slot] = byte
            slot += 1
        }
    }

    public func isScalarBoundary(_ utf8Offset: Int) -> Bool {
        if utf8Offset == 0 || utf8Offset == utf8Count { return true }
        return text.utf8[text.utf8Index(utf8Offset)] & 0xC0 != 0x80
    }

    public func precedingSeparator(
        endingAt utf8Offset: Int, where isSeparator: (Unicode.Scalar) -> Bool
    ) -> Range<Int>? {
        let scalars = text.unicodeScalars
        var index = text.utf8Index(utf8Offset)
        var position = utf8Offset
        while index > scalars.startIndex {
            index = scalars.index(before: index)
            let scalar = scalars[index]
            let start = position - UTF8.width(scalar)
            if isSeparator(scalar) { return start..<position }
            position = start
        }
        return nil
    }

    public func followingSeparator(
        startingAt utf8Offset: Int, where isSeparator: (Unicode.Scalar) -> Bool
    ) -> Range<Int>? {
        let scalars = text.unicodeScalars
        var index = text.utf8Index(utf8Offset)
        var position = utf8Offset
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let end = position + UTF8.width(scalar)
            if isSeparator(scalar) { return position..<end }
            position = end
            index = scalars.index(after: index)
        }
        return nil
    }
}
