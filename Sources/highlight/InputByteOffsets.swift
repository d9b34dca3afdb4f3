import PatternDetection
import ComposerPosts

/// Where UTF-8 offsets of a text decoded from input that is not all UTF-8 lie in the input's own
/// bytes. `String(decoding:as:)` puts one U+FFFD (three bytes) for each maximal ill-formed
/// subsequence (one to three bytes), so after the first one the two drift apart; the spans of the
/// same output count UTF-8 in the input's bytes, and so do lengths and split posts once mapped
/// here. UTF-16 offsets need no mapping: the spans' count the decoded text too (one unit per
/// U+FFFD).
///
/// Invariant: `decodedEnds` is increasing; `shifts[i]` is input offset minus decoded offset from
/// `decodedEnds[i]` up to the next replacement.
struct InputByteOffsets {
    /// The decoded offset just after each U+FFFD.
    private var decodedEnds: [Int] = []
    private var shifts: [Int] = []

    /// The map for `bytes`; `nil` when they are well-formed UTF-8 (every offset is its own).
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !UTF8Validation.isValid(bytes) else { return nil }
        // The parser `String(decoding:as:)` decodes with, so the replacements are the same.
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var decoded = 0, input = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar):
                decoded += scalar.count
                input += scalar.count
            case .error(let length):
                decoded += 3
                input += length
                decodedEnds.append(decoded)
                shifts.append(input - decoded)
            case .emptyInput:
                return
            }
        }
    }

    init?(_ bytes: [UInt8]) {
        guard let offsets = bytes.withUnsafeBufferPointer({ InputByteOffsets($0) }) else { return nil }
        self = offsets
    }

    /// The input offset of decoded offset `offset` (a scalar boundary of the decoded text).
    func inputOffset(_ offset: Int) -> Int {
        // The replacements that end at or before `offset`: the last one's shift applies.
        var low = 0, high = decodedEnds.count
        while low < high {
            let middle = (low + high) / 2
            if decodedEnds[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? offset : offset + shifts[low - 1]
    }

    func inputRange(_ range: Range<Int>) -> Range<Int> {
        inputOffset(range.lowerBound)..<inputOffset(range.upperBound)
    }

    /// `report` with its UTF-8 ranges in the input's bytes.
    func inputReport(_ report: LengthReport) -> LengthReport {
        var report = report
        report.validRange.utf8 = inputRange(report.validRange.utf8)
        if let overflow = report.overflow { report.overflow?.utf8 = inputRange(overflow.utf8) }
        return report
    }
}
