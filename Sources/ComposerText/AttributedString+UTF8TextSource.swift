#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PatternDetection

/// An `AttributedString` read as UTF-8 through its rope: O(log n) to find an offset, then O(1) per
/// byte. For look-ups around a caret (the token being typed), never for copying the whole text.
extension AttributedString: UTF8TextSource {
    package var utf8Count: Int { utf8.count }

    package func scalar(startingAt utf8Offset: Int) -> Unicode.Scalar {
        unicodeScalars[utf8Index(utf8Offset)]
    }

    package func scalar(endingAt utf8Offset: Int) -> Unicode.Scalar {
        unicodeScalars[unicodeScalars.index(before: utf8Index(utf8Offset))]
    }

    package func copyUTF8(_ utf8Range: Range<Int>, into destination: UnsafeMutableBufferPointer<UInt8>) {
        var index = 0
        for byte in utf8[self.utf8Range(utf8Range)] {
            destination[index] = byte
            index += 1
        }
    }
}
