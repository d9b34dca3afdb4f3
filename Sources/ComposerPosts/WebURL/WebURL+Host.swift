extension WebURL {
    /// The URL Standard's host parser for a special URL (http, https): the serialized host, or
    /// nil for a failure.
    ///
    /// `[…]` is an IPv6 address; anything else is percent-decoded, decoded as UTF-8 (invalid bytes
    /// become U+FFFD, which IDNA rejects), converted with UTS #46 ToASCII, checked for forbidden
    /// domain code points, and parsed as IPv4 when its last label ends in a number.
    static func parseHost(_ input: UnsafeBufferPointer<UInt8>.SubSequence, into output: inout [UInt8]) -> Bool {
        guard let first = input.first else { return false }
        if first == UInt8(ascii: "[") {
            guard input.count >= 2, input.last == UInt8(ascii: "]"),
                  let address = IPv6Address(parsing: ArraySlice(input.dropFirst().dropLast()))
            else { return false }
            address.serialized(into: &output)
            return true
        }
        let ascii: [UInt8]
        if !input.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "%") }) {
            ascii = input.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }
        } else {
            let decoded = percentDecoded(input)
            if let lowered = asciiFastPath(decoded) {
                ascii = lowered
            } else {
                guard let converted = IDNA.toASCII(String(decoding: decoded, as: UTF8.self)) else { return false }
                ascii = converted
            }
        }
        guard !ascii.isEmpty, !ascii.contains(where: isForbiddenDomainByte) else { return false }
        if IPv4Address.endsInNumber(ascii[...]) {
            guard let address = IPv4Address(parsing: ascii[...]) else { return false }
            address.serialized(into: &output)
        } else {
            output.append(contentsOf: ascii)
        }
        return true
    }

    /// `%XX` (hexadecimal, either case) as the byte it names; anything else as it is.
    static func percentDecoded(_ input: UnsafeBufferPointer<UInt8>.SubSequence) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var index = input.startIndex
        while index < input.endIndex {
            let byte = input[index]
            if byte == UInt8(ascii: "%"), index + 2 < input.endIndex,
               let high = hexValue(input[index + 1]), let low = hexValue(input[index + 2]) {
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(byte)
                index += 1
            }
        }
        return output
    }

    /// The URL Standard's "domain to ASCII" with beStrict=false for an ASCII domain: the domain
    /// lower-cased, whatever UTS #46 would say of it (`xn--` labels are not decoded or checked, a
    /// carve-out the standard keeps for web compatibility). Nil when the domain is not ASCII.
    private static func asciiFastPath(_ domain: [UInt8]) -> [UInt8]? {
        var lowered = domain
        for index in lowered.indices {
            let byte = lowered[index]
            guard byte < 0x80 else { return nil }
            if byte &- 0x41 < 26 { lowered[index] = byte | 0x20 }
        }
        return lowered
    }

    /// Forbidden domain code points (ASCII part; the result of ToASCII is ASCII): C0 controls,
    /// space, `#`, `%`, `/`, `:`, `<`, `>`, `?`, `@`, `[`, `\`, `]`, `^`, `|`, DEL.
    private static func isForbiddenDomainByte(_ byte: UInt8) -> Bool {
        if byte <= 0x20 || byte >= 0x7F { return true }
        switch byte {
        case UInt8(ascii: "#"), UInt8(ascii: "%"), UInt8(ascii: "/"), UInt8(ascii: ":"),
             UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "?"), UInt8(ascii: "@"),
             UInt8(ascii: "["), UInt8(ascii: "\\"), UInt8(ascii: "]"), UInt8(ascii: "^"),
             UInt8(ascii: "|"):
            return true
        default:
            return false
        }
    }

    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x61...0x66, 0x41...0x46: (byte | 0x20) - 0x61 + 10
        default: nil
        }
    }
}
