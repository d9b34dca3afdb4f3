/// RFC 3492 punycode: the Bootstring parameters for IDNA and the encoder.
///
/// Code points are `UInt32` scalar values (never surrogates, at most U+10FFFF). The `xn--` ACE
/// prefix is not part of the encoding: callers add it. Intermediate values are limited to
/// 2³¹ − 1 (the usual `maxint`), so a label too long for that fails instead of wrapping.
@usableFromInline package enum Punycode {
    static let base = 36
    static let tMin = 1
    static let tMax = 26
    static let skew = 38
    static let damp = 700
    static let initialBias = 72
    static let initialN: UInt32 = 0x80
    static let maximumValue = Int(Int32.max)
    static let delimiter = UInt8(ascii: "-")

    /// Appends the punycode encoding of `codePoints` to `output`: the basic (ASCII) code points in
    /// order, a `-` when there was at least one, then the deltas of the others as base-36 digits
    /// (`a`–`z`, `0`–`9`).
    /// - Returns: `false`, leaving `output` as it was, when a delta exceeds 2³¹ − 1.
    /// - Complexity: O(n · m) for n code points of which m are not basic.
    @discardableResult
    @usableFromInline package static func encode<C: Collection<UInt32>>(_ codePoints: C, into output: inout [UInt8]) -> Bool {
        let start = output.count
        var basicCount = 0
        for codePoint in codePoints where codePoint < initialN {
            output.append(UInt8(truncatingIfNeeded: codePoint))
            basicCount += 1
        }
        if basicCount > 0 { output.append(delimiter) }
        let total = codePoints.count
        var handled = basicCount
        var n = initialN
        var delta = 0
        var bias = initialBias
        while handled < total {
            var next = UInt32.max
            for codePoint in codePoints where codePoint >= n && codePoint < next { next = codePoint }
            let (increment, overflow) = Int(next - n).multipliedReportingOverflow(by: handled + 1)
            guard !overflow, increment <= maximumValue - delta else {
                output.removeSubrange(start...)
                return false
            }
            delta += increment
            n = next
            for codePoint in codePoints {
                if codePoint < n {
                    delta += 1
                    guard delta <= maximumValue else {
                        output.removeSubrange(start...)
                        return false
                    }
                } else if codePoint == n {
                    var q = delta
                    var k = base
                    while true {
                        let t = threshold(k, bias: bias)
                        if q < t { break }
                        output.append(digit(t + (q - t) % (base - t)))
                        q = (q - t) / (base - t)
                        k += base
                    }
                    output.append(digit(q))
                    bias = adapt(delta: delta, points: handled + 1, first: handled == basicCount)
                    delta = 0
                    handled += 1
                }
            }
            delta += 1
            n += 1
        }
        return true
    }

    /// The digit threshold `t` for position `k`, clamped to `tMin...tMax`.
    @inline(__always)
    static func threshold(_ k: Int, bias: Int) -> Int {
        k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
    }

    /// The lower-case ASCII digit for 0...35.
    @inline(__always)
    static func digit(_ value: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: value < 26 ? value + 0x61 : value + 0x16)
    }

    /// RFC 3492 §6.1: the new bias after a delta.
    static func adapt(delta: Int, points: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / points
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }
}
