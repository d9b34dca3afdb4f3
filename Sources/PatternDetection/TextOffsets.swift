/// Conversions from UTF-8 byte offsets to UTF-16 code-unit and Unicode-scalar offsets.
///
/// Each maximal ill-formed subsequence counts as one U+FFFD (one UTF-16 unit, one scalar), the way
/// Swift's repairing decoder sees the text. An offset inside such a subsequence or inside a scalar
/// rounds up to the end of it.
package enum TextOffsets {
    /// The UTF-16 and scalar offsets of each UTF-8 offset in `utf8Offsets`, in the same order.
    /// - Complexity: O(n + k log k) for a text of n bytes and k offsets: one pass over the text.
    package static func convert(
        _ utf8Offsets: [Int], in bytes: UnsafeBufferPointer<UInt8>
    ) -> [(utf16: Int, scalars: Int)] {
        let order = utf8Offsets.indices.sorted { utf8Offsets[$0] < utf8Offsets[$1] }
        var result = [(utf16: Int, scalars: Int)](repeating: (0, 0), count: utf8Offsets.count)
        var byte = 0, utf16 = 0, scalars = 0
        var validRuns = UTF8Validation.validRuns(in: bytes)[...]
        for slot in order {
            let target = min(utf8Offsets[slot], bytes.count)
            // Step unit by unit: a well-formed scalar, or one maximal ill-formed subsequence.
            while byte < target {
                while let run = validRuns.first, run.upperBound <= byte, !run.isEmpty { validRuns.removeFirst() }
                if let run = validRuns.first, run.contains(byte) {
                    let length = UTF8Scalar.length(lead: bytes[byte])
                    byte += length
                    utf16 += length == 4 ? 2 : 1
                } else {
                    let runStart = validRuns.first?.lowerBound ?? bytes.count
                    byte = min(byte + UTF8Validation.invalidLength(bytes, at: byte), max(runStart, byte + 1))
                    utf16 += 1
                }
                scalars += 1
            }
            result[slot] = (utf16, scalars)
        }
        return result
    }

    /// The UTF-16 offsets of `utf8Offsets` in `string`.
    package static func utf16Offsets(_ utf8Offsets: [Int], in string: String) -> [Int] {
        var copy = string
        return copy.withUTF8 { convert(utf8Offsets, in: $0).map(\.utf16) }
    }

    /// The Unicode-scalar offsets of `utf8Offsets` in `string`.
    package static func scalarOffsets(_ utf8Offsets: [Int], in string: String) -> [Int] {
        var copy = string
        return copy.withUTF8 { convert(utf8Offsets, in: $0).map(\.scalars) }
    }
}

extension Span {
    /// The span's range in UTF-16 code units of `string` (what `NSString`, JavaScript and
    /// twitter-text count).
    public func utf16Range(in string: String) -> Range<Int> {
        let offsets = TextOffsets.utf16Offsets([utf8Range.lowerBound, utf8Range.upperBound], in: string)
        return offsets[0]..<offsets[1]
    }

    /// The span's range in Unicode scalars of `string` (what Python's `str` counts).
    public func scalarRange(in string: String) -> Range<Int> {
        let offsets = TextOffsets.scalarOffsets([utf8Range.lowerBound, utf8Range.upperBound], in: string)
        return offsets[0]..<offsets[1]
    }
}
