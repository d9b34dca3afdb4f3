/// RFC 3492 punycode, only as far as twitter-text needs it: how long a label becomes.
///
/// twitter-text rejects a URL when some label of its domain, converted the way punycode.js 1.4.1's
/// `toASCII` converts it, is empty or longer than 63 characters. That conversion splits the label
/// again at `。`, `．` and `｡`, keeps pieces made only of printable ASCII, and writes `xn--` plus the
/// punycode encoding of every other piece (control characters count as "non-ASCII" there, but are
/// copied as basic code points by the encoder).
enum Punycode {
    /// The length of punycode.js's `toASCII(label)` for the code points of one label.
    /// - Complexity: O(n²) for n code points; callers pass at most 63 (longer labels fail anyway:
    ///   the result is never shorter than the label's code-point count).
    static func asciiLength(ofLabel codePoints: [UInt32]) -> Int {
        var total = 0
        var piece: [UInt32] = []
        for codePoint in codePoints + [0x2E] {
            if codePoint == 0x2E || codePoint == 0x3002 || codePoint == 0xFF0E || codePoint == 0xFF61 {
                if piece.allSatisfy({ (0x20...0x7E).contains($0) }) {
                    total += piece.count
                } else {
                    total += 4 + encodedLength(piece)
                }
                total += 1
                piece.removeAll(keepingCapacity: true)
            } else {
                piece.append(codePoint)
            }
        }
        return total - 1
    }

    /// The length of the punycode encoding of `input` (without the `xn--` prefix).
    static func encodedLength(_ input: [UInt32]) -> Int {
        let base = 36, tMin = 1, tMax = 26
        var n = 128, delta = 0, bias = 72
        let basicCount = input.count(where: { $0 < 0x80 })
        var handled = basicCount
        var length = basicCount + (basicCount > 0 ? 1 : 0)
        while handled < input.count {
            let next = Int(input.lazy.filter { Int($0) >= n }.min()!)
            delta += (next - n) * (handled + 1)
            n = next
            for codePoint in input {
                let value = Int(codePoint)
                if value < n { delta += 1 }
                if value == n {
                    var q = delta
                    var k = base
                    while true {
                        let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                        if q < t { break }
                        length += 1
                        q = (q - t) / (base - t)
                        k += base
                    }
                    length += 1
                    bias = adapt(delta: delta, points: handled + 1, first: handled == basicCount)
                    delta = 0
                    handled += 1
                }
            }
            delta += 1
            n += 1
        }
        return length
    }

    private static func adapt(delta: Int, points: Int, first: Bool) -> Int {
        let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700
        var delta = first ? delta / damp : delta >> 1
        delta += delta / points
        var k = 0
        while delta > ((base - tMin) * tMax) >> 1 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }
}
