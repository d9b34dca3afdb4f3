/// The WHATWG URL IPv4 parser and serializer, for hosts of special URLs.
///
/// A host is parsed as IPv4 when its last label "ends in a number": all ASCII digits, or `0x`/`0X`
/// plus hexadecimal digits. Each of at most four labels is a decimal, octal (leading `0`) or
/// hexadecimal (`0x`) number; the last one fills the remaining bytes (`0x7f.1` is 127.0.0.1).
struct IPv4Address: Sendable, Equatable {
    /// The address as one 32-bit number, first byte most significant.
    var value: UInt32

    /// Whether the domain `ascii` ends in a number (the URL Standard's "ends in a number checker").
    static func endsInNumber(_ ascii: ArraySlice<UInt8>) -> Bool {
        let dot = UInt8(ascii: ".")
        var end = ascii.endIndex
        guard end > ascii.startIndex else { return false }
        if ascii[end - 1] == dot { end -= 1 }  // one empty last label is ignored
        let start = ascii[..<end].lastIndex(of: dot).map { $0 + 1 } ?? ascii.startIndex
        let last = ascii[start..<end]
        guard !last.isEmpty else { return false }
        if last.allSatisfy({ $0 &- 0x30 < 10 }) { return true }
        return number(last) != nil
    }

    /// Parses `ascii` (a domain that ends in a number); nil when it is not a valid IPv4 address.
    init?(parsing ascii: ArraySlice<UInt8>) {
        var labels = ascii.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        if labels.last?.isEmpty == true, labels.count > 1 { labels.removeLast() }
        guard labels.count <= 4 else { return nil }
        var numbers: [UInt64] = []
        for label in labels {
            guard let number = Self.number(label) else { return nil }
            numbers.append(number)
        }
        let last = numbers.removeLast()
        guard numbers.allSatisfy({ $0 <= 255 }), last < 1 << (8 * (4 - numbers.count)) else { return nil }
        var value = last
        for (index, number) in numbers.enumerated() { value += number << (8 * (3 - index)) }
        self.value = UInt32(value)
    }

    /// The URL Standard's IPv4 number parser; values are capped at 2³³ (every such value is too
    /// large for any position, so the cap does not change the outcome).
    private static func number(_ text: ArraySlice<UInt8>) -> UInt64? {
        guard !text.isEmpty else { return nil }
        var digits = text
        var radix: UInt64 = 10
        if digits.count >= 2, digits.first == UInt8(ascii: "0"),
           digits[digits.startIndex + 1] | 0x20 == UInt8(ascii: "x") {
            digits = digits.dropFirst(2)
            radix = 16
        } else if digits.count >= 2, digits.first == UInt8(ascii: "0") {
            digits = digits.dropFirst()
            radix = 8
        }
        var value: UInt64 = 0
        for byte in digits {
            let digit: UInt64
            switch byte {
            case 0x30...0x39: digit = UInt64(byte - 0x30)
            case 0x61...0x66, 0x41...0x46: digit = UInt64(byte | 0x20) - 0x61 + 10
            default: return nil
            }
            guard digit < radix else { return nil }
            value = min(value * radix + digit, 1 << 33)
        }
        return value
    }

    /// Dotted decimal, as `127.0.0.1`.
    func serialized(into output: inout [UInt8]) {
        for shift in stride(from: 24, through: 0, by: -8) {
            output.append(contentsOf: String((value >> UInt32(shift)) & 0xFF).utf8)
            if shift > 0 { output.append(UInt8(ascii: ".")) }
        }
    }
}
