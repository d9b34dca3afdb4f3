#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PatternDetection

/// Whether a text is certainly in Normalization Form C, without normalising it.
///
/// A text none of whose scalars is in the generated table (`Scripts/generate_nfc_quick_check.py`)
/// is unchanged by NFC; one holding such a scalar may or may not change, and the caller
/// normalises it. Scalars below U+0300 are never in the table, so Latin text is answered by a byte
/// check.
enum NFCQuickCheck {
    /// `true` when NFC leaves `text` unchanged for certain.
    /// - Complexity: O(n) for n bytes, eight ASCII bytes at a time; a binary search per scalar
    ///   from U+0300 up.
    static func isCertainlyNFC(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var position = 0
        let base = UnsafeRawPointer(text.baseAddress)
        while position < text.count {
            if let base, position + 8 <= text.count,
                base.loadUnaligned(fromByteOffset: position, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                position += 8
                continue
            }
            let lead = text[position]
            if lead < 0xCC {  // U+0000..U+02FF
                position += UTF8Scalar.length(lead: lead)
                continue
            }
            let (scalar, length) = text.scalarValue(at: position)
            if !isStableWithoutLookup(scalar) && isUnstable(scalar) { return false }
            position += length
        }
        return true
    }

    /// `text` in NFC: the standard library's normalizer (the one `String` comparison uses) where
    /// Foundation is split, so this module needs no ICU; Foundation's elsewhere.
    static func normalized(_ text: String) -> String {
        #if canImport(FoundationEssentials)
        String(decoding: text._nfcCodeUnits, as: UTF8.self)
        #else
        text.precomposedStringWithCanonicalMapping
        #endif
    }

    /// Whether `scalar` lies in one of the long stretches that no range of the table touches
    /// (checked against the table by the tests), answered without the search: kana (but the
    /// voicing marks), CJK ideographs and Yi from U+3030 to U+A66E; Hangul syllables and the
    /// surrogate and private-use blocks from U+ABEE to U+F8FF.
    @inline(__always)
    static func isStableWithoutLookup(_ scalar: UInt32) -> Bool {
        (0x3030...0xA66E).contains(scalar) && !(0x3099...0x309A).contains(scalar) || (0xABEE...0xF8FF).contains(scalar)
    }

    static func isUnstable(_ scalar: UInt32) -> Bool {
        let ranges = unstableRanges
        var low = 0
        var high = ranges.count / 2
        while low < high {
            let middle = (low + high) >> 1
            if ranges[2 * middle + 1] < scalar { low = middle + 1 } else { high = middle }
        }
        return low < ranges.count / 2 && ranges[2 * low] <= scalar
    }
}
