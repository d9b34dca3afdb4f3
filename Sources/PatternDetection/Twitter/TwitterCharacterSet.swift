/// A set of Unicode scalars for the twitter rules' scanning loops: a bitmap over the BMP and sorted
/// ranges above it.
///
/// Built from the hexadecimal range lists the rule set keeps as data (`0041-005A 00AA …`); a
/// membership test is one bit lookup for BMP scalars (a binary search above), whatever the number
/// of ranges, which is why the hashtag scan tests these sets instead of a PCRE2 class.
struct TwitterCharacterSet: Sendable {
    private var bmpWords: [UInt64]
    private var astralRanges: [ClosedRange<UInt32>]

    /// The empty set.
    init() {
        bmpWords = [UInt64](repeating: 0, count: 1024)
        astralRanges = []
    }

    /// Parses whitespace-separated `XXXX` or `XXXX-YYYY` hexadecimal code points and ranges.
    init(ranges: String) {
        self.init()
        for token in ranges.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let bounds = token.split(separator: "-")
            guard let low = UInt32(bounds[0], radix: 16), let high = UInt32(bounds.last!, radix: 16) else {
                preconditionFailure("bad range \(token)")
            }
            insert(low...high)
        }
    }

    mutating func insert(_ range: ClosedRange<UInt32>) {
        if range.upperBound >= 0x10000 {
            astralRanges.append(max(range.lowerBound, 0x10000)...range.upperBound)
            astralRanges.sort { $0.lowerBound < $1.lowerBound }
        }
        guard range.lowerBound < 0x10000 else { return }
        for scalar in range.lowerBound...min(range.upperBound, 0xFFFF) {
            bmpWords[Int(scalar >> 6)] |= 1 << UInt64(scalar & 63)
        }
    }

    @inline(__always)
    func contains(_ scalar: UInt32) -> Bool {
        if scalar < 0x10000 {
            return bmpWords[Int(scalar >> 6)] & (1 << UInt64(scalar & 63)) != 0
        }
        var low = 0, high = astralRanges.count
        while low < high {
            let middle = (low + high) / 2
            if astralRanges[middle].upperBound < scalar { low = middle + 1 } else { high = middle }
        }
        return low < astralRanges.count && astralRanges[low].contains(scalar)
    }

    func union(_ other: TwitterCharacterSet) -> TwitterCharacterSet {
        var result = self
        for index in 0..<1024 { result.bmpWords[index] |= other.bmpWords[index] }
        result.astralRanges = (astralRanges + other.astralRanges).sorted { $0.lowerBound < $1.lowerBound }
        return result
    }

    /// The set a JavaScript character class with these members matches under the `i` flag (without
    /// `u`): every BMP unit whose canonical form is some member's canonical form. Astral members
    /// are surrogate pairs to such an expression and gain nothing.
    func closedUnderJavaScriptCase() -> TwitterCharacterSet {
        var canonicalMembers = TwitterCharacterSet()
        for unit in UInt32(0)..<0x10000 where contains(unit) {
            canonicalMembers.insert(JavaScriptCaseInsensitivity.canonical(unit)...JavaScriptCaseInsensitivity.canonical(unit))
        }
        var result = self
        for unit in UInt32(0)..<0x10000 where canonicalMembers.contains(JavaScriptCaseInsensitivity.canonical(unit)) {
            result.bmpWords[Int(unit >> 6)] |= 1 << UInt64(unit & 63)
        }
        return result
    }
}
