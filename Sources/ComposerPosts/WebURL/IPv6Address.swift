/// The WHATWG URL IPv6 parser and serializer (the text between `[` and `]` of a host).
struct IPv6Address: Sendable, Equatable {
    /// The eight 16-bit pieces, first piece first.
    var pieces: [UInt16]

    /// Parses `text` as the URL Standard does (`::` compression, an IPv4 tail of four decimal
    /// numbers without leading zeros); nil on any error.
    init?(parsing text: ArraySlice<UInt8>) {
        var pieces = [UInt16](repeating: 0, count: 8)
        var pieceIndex = 0
        var compress: Int?
        var pointer = text.startIndex
        let end = text.endIndex
        func byte(at index: Int) -> UInt8? { index < end ? text[index] : nil }

        if byte(at: pointer) == UInt8(ascii: ":") {
            guard byte(at: pointer + 1) == UInt8(ascii: ":") else { return nil }
            pointer += 2
            pieceIndex += 1
            compress = pieceIndex
        }
        while let c = byte(at: pointer) {
            guard pieceIndex < 8 else { return nil }
            if c == UInt8(ascii: ":") {
                guard compress == nil else { return nil }
                pointer += 1
                pieceIndex += 1
                compress = pieceIndex
                continue
            }
            var value = 0
            var length = 0
            while length < 4, let digit = byte(at: pointer).flatMap(Self.hexValue) {
                value = value * 16 + digit
                pointer += 1
                length += 1
            }
            if byte(at: pointer) == UInt8(ascii: ".") {
                guard length > 0, pieceIndex <= 6 else { return nil }
                pointer -= length
                var numbersSeen = 0
                while let next = byte(at: pointer) {
                    if numbersSeen > 0 {
                        guard next == UInt8(ascii: "."), numbersSeen < 4 else { return nil }
                        pointer += 1
                    }
                    guard let first = byte(at: pointer), (0x30...0x39).contains(first) else { return nil }
                    var ipv4Piece: Int?
                    while let digitByte = byte(at: pointer), (0x30...0x39).contains(digitByte) {
                        let digit = Int(digitByte - 0x30)
                        switch ipv4Piece {
                        case nil: ipv4Piece = digit
                        case 0: return nil
                        case let piece?: ipv4Piece = piece * 10 + digit
                        }
                        guard ipv4Piece! <= 255 else { return nil }
                        pointer += 1
                    }
                    pieces[pieceIndex] = pieces[pieceIndex] &* 0x100 &+ UInt16(ipv4Piece!)
                    numbersSeen += 1
                    if numbersSeen == 2 || numbersSeen == 4 { pieceIndex += 1 }
                }
                guard numbersSeen == 4 else { return nil }
                break
            } else if byte(at: pointer) == UInt8(ascii: ":") {
                pointer += 1
                guard byte(at: pointer) != nil else { return nil }
            } else if byte(at: pointer) != nil {
                return nil
            }
            pieces[pieceIndex] = UInt16(value)
            pieceIndex += 1
        }
        if let compress {
            var swaps = pieceIndex - compress
            pieceIndex = 7
            while pieceIndex != 0, swaps > 0 {
                pieces.swapAt(pieceIndex, compress + swaps - 1)
                pieceIndex -= 1
                swaps -= 1
            }
        } else if pieceIndex != 8 {
            return nil
        }
        self.pieces = pieces
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: Int(byte - 0x30)
        case 0x61...0x66, 0x41...0x46: Int(byte | 0x20) - 0x61 + 10
        default: nil
        }
    }

    /// `[` + the address + `]`: lower-case hexadecimal pieces without leading zeros, the first
    /// longest run of two or more zero pieces written as `::`.
    func serialized(into output: inout [UInt8]) {
        var compress: Int?
        var longest = 1
        var index = 0
        while index < 8 {
            var runEnd = index
            while runEnd < 8, pieces[runEnd] == 0 { runEnd += 1 }
            if runEnd - index > longest {
                longest = runEnd - index
                compress = index
            }
            index = max(runEnd, index + 1)
        }
        output.append(UInt8(ascii: "["))
        var ignoreZero = false
        for index in 0..<8 {
            if ignoreZero, pieces[index] == 0 { continue }
            ignoreZero = false
            if compress == index {
                output.append(contentsOf: index == 0 ? Array("::".utf8) : [UInt8(ascii: ":")])
                ignoreZero = true
                continue
            }
            output.append(contentsOf: String(pieces[index], radix: 16).utf8)
            if index != 7 { output.append(UInt8(ascii: ":")) }
        }
        output.append(UInt8(ascii: "]"))
    }
}
