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
        firstUnstableScalar(in: text, from: 0) == nil
    }

    /// `text` in NFC, or `nil` when it is certainly NFC already (``isCertainlyNFC(_:)``).
    ///
    /// Only the stretches around scalars of the table are normalised; the rest is copied. A
    /// scalar outside the table (canonical combining class 0, not the second half of any
    /// composition, unchanged by NFC alone) is a boundary: nothing before it composes with it or
    /// is reordered past it, so NFC maps the text on either side of it separately. A stretch is
    /// a run of the table's scalars with the scalar before it; stretches less than 64 bytes
    /// apart are normalised as one, and one that grows past 128 bytes takes in the rest of the
    /// text (so text full of them costs no more than one normalisation of it).
    /// - Precondition: `text` is well-formed UTF-8.
    /// - Complexity: O(n), plus the standard library's NFC of the stretches.
    static func normalized(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard var unstable = firstUnstableScalar(in: text, from: 0) else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(text.count + 16)
        var copied = 0
        while true {
            // The stretch starts at the scalar before the unstable one, a boundary (or at the
            // text's start), and takes in the following runs while they lie close.
            var start = unstable
            if start > copied {
                start -= 1
                while text[start] & 0xC0 == 0x80 { start -= 1 }
            }
            var end = unstable
            var next: Int?
            repeat {
                end = endOfUnstableRun(in: text, from: next ?? end)
                next = firstUnstableScalar(in: text, from: end)
                // Text this thick with them is normalised to its end at once.
                if next != nil && end - start >= 128 { (end, next) = (text.count, nil) }
            } while next.map({ $0 - end < 64 }) == true
            output.append(contentsOf: UnsafeBufferPointer(rebasing: text[copied..<start]))
            let stretch = String(decoding: UnsafeBufferPointer(rebasing: text[start..<end]), as: UTF8.self)
            output.append(contentsOf: normalized(stretch).utf8)
            copied = end
            guard let following = next else { break }
            unstable = following
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: text[copied...]))
        return output
    }

    /// Where the first scalar of the table at or after `position` starts, if any.
    /// - Precondition: `position` is on a scalar boundary.
    private static func firstUnstableScalar(in text: UnsafeBufferPointer<UInt8>, from position: Int) -> Int? {
        var position = position
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
            if mayChange(scalar) { return position }
            position += length
        }
        return nil
    }

    /// Where the run of the table's scalars starting at `position` ends: the start of the next
    /// scalar outside the table, or the text's end.
    private static func endOfUnstableRun(in text: UnsafeBufferPointer<UInt8>, from position: Int) -> Int {
        var position = position
        while position < text.count, text[position] >= 0xCC {
            let (scalar, length) = text.scalarValue(at: position)
            guard mayChange(scalar) else { break }
            position += length
        }
        return position
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

    /// Whether `scalar` is in the table, the long stretches it does not touch answered first.
    @inline(__always)
    private static func mayChange(_ scalar: UInt32) -> Bool {
        !isStableWithoutLookup(scalar) && isUnstable(scalar)
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
