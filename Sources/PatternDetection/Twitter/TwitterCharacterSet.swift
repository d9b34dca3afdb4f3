/// A set of Unicode scalars for the twitter rules' classes, as they are built: a bitmap over the
/// BMP and sorted ranges above it. The scanning loops test the finished sets as
/// ``TwitterCharacterTable``s (``frozen()``).
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
    /// - Complexity: one pass over the text, and one word write per 64 code points of a range.
    init(ranges: String) {
        self.init()
        var low: UInt32 = 0, value: UInt32 = 0
        var digits = 0, sawDash = false
        func finishToken() {
            guard digits > 0 else { return }
            insert(sawDash ? low...value : value...value)
            value = 0
            digits = 0
            sawDash = false
        }
        for byte in ranges.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = value << 4 | UInt32(byte - UInt8(ascii: "0"))
                digits += 1
            case UInt8(ascii: "A")...UInt8(ascii: "F"), UInt8(ascii: "a")...UInt8(ascii: "f"):
                value = value << 4 | UInt32((byte | 0x20) - UInt8(ascii: "a") + 10)
                digits += 1
            case UInt8(ascii: "-"):
                precondition(digits > 0 && !sawDash, "bad range list")
                low = value
                value = 0
                digits = 0
                sawDash = true
            default:
                finishToken()
            }
        }
        finishToken()
        astralRanges.sort { $0.lowerBound < $1.lowerBound }
    }

    /// Adds `range`. Astral ranges are sorted by the caller once all are in.
    private mutating func insert(_ range: ClosedRange<UInt32>) {
        if range.upperBound >= 0x10000 {
            astralRanges.append(max(range.lowerBound, 0x10000)...range.upperBound)
        }
        guard range.lowerBound < 0x10000 else { return }
        var unit = range.lowerBound
        let last = min(range.upperBound, 0xFFFF)
        while unit <= last {
            let bit = unit & 63
            let count = min(64 - bit, last - unit + 1)
            let mask: UInt64 = count == 64 ? ~0 : ((1 << UInt64(count)) - 1) << UInt64(bit)
            bmpWords[Int(unit >> 6)] |= mask
            unit += count
        }
    }

    @inline(__always)
    private mutating func insertBMP(_ unit: UInt32) {
        bmpWords[Int(unit >> 6)] |= 1 << UInt64(unit & 63)
    }

    @inline(__always)
    private mutating func removeBMP(_ unit: UInt32) {
        bmpWords[Int(unit >> 6)] &= ~(1 << UInt64(unit & 63))
    }

    @inline(__always)
    func contains(_ scalar: UInt32) -> Bool {
        TwitterCharacterSet.contains(scalar, bmpWords: bmpWords, astralRanges: astralRanges)
    }

    /// The membership test both forms share: one bit per BMP code point, a binary search over
    /// sorted ranges above it.
    @inline(__always)
    static func contains<Words: RandomAccessCollection<UInt64>, Ranges: RandomAccessCollection<ClosedRange<UInt32>>>(
        _ scalar: UInt32, bmpWords: Words, astralRanges: Ranges
    ) -> Bool where Words.Index == Int, Ranges.Index == Int {
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

    /// The set as a lookup table for a `static let` (see ``TwitterCharacterTable``).
    func frozen() -> TwitterCharacterTable {
        TwitterCharacterTable(bmpWords: bmpWords, astralRanges: astralRanges)
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
    ///
    /// Only units whose canonical form differs from themselves can change anything, so the work is
    /// two passes over those (about 1,200), not over the whole BMP: first the members' canonical
    /// forms (members that are their own form stay, the others give way to their form), then every
    /// unit whose form is among them.
    func closedUnderJavaScriptCase() -> TwitterCharacterSet {
        let pairs = JavaScriptCaseInsensitivity.nonIdentityUnits
        var forms = self
        for pair in pairs where contains(UInt32(pair.unit)) { forms.removeBMP(UInt32(pair.unit)) }
        for pair in pairs where contains(UInt32(pair.unit)) { forms.insertBMP(UInt32(pair.canonical)) }
        var result = forms
        for pair in pairs {
            if forms.contains(UInt32(pair.canonical)) {
                result.insertBMP(UInt32(pair.unit))
            } else {
                result.removeBMP(UInt32(pair.unit))
            }
        }
        for index in 0..<1024 { result.bmpWords[index] |= bmpWords[index] }
        return result
    }
}
