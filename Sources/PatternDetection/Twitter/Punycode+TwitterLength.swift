extension Punycode {
    /// The length of punycode.js 1.4.1's `toASCII(label)` for the code points of one label, as
    /// twitter-text's URL validation measures it.
    ///
    /// twitter-text rejects a URL when some label of its domain, converted that way, is empty or
    /// longer than 63 characters. The conversion splits the label again at `.`, `。`, `．` and `｡`,
    /// keeps pieces made only of printable ASCII, and writes `xn--` plus the punycode encoding of
    /// every other piece (control characters count as "non-ASCII" there, but are copied as basic
    /// code points by the encoder).
    /// - Complexity: O(n²) for n code points; callers pass at most 63 (longer labels fail anyway:
    ///   the result is never shorter than the label's code-point count).
    static func asciiLength(ofLabel codePoints: [UInt32]) -> Int {
        var total = 0
        var piece: [UInt32] = []
        var encoded: [UInt8] = []
        for codePoint in codePoints + [0x2E] {
            if codePoint == 0x2E || codePoint == 0x3002 || codePoint == 0xFF0E || codePoint == 0xFF61 {
                if piece.allSatisfy({ (0x20...0x7E).contains($0) }) {
                    total += piece.count
                } else {
                    encoded.removeAll(keepingCapacity: true)
                    // Overflow needs a delta over 2³¹ − 1, far beyond 63 code points; treat it as
                    // "too long" all the same.
                    guard encode(piece, into: &encoded) else { return Int.max }
                    total += 4 + encoded.count
                }
                total += 1
                piece.removeAll(keepingCapacity: true)
            } else {
                piece.append(codePoint)
            }
        }
        return total - 1
    }
}
