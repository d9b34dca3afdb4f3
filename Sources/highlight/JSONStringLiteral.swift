import PatternDetection

/// Decodes one `jsonl` line: a JSON string literal (RFC 8259), optionally surrounded by JSON
/// whitespace. Strict about syntax, lenient about content: a lone UTF-16 surrogate escape
/// (`\ud800`), which JavaScript's `JSON.parse` accepts, becomes U+FFFD.
enum JSONStringLiteral {
    struct SyntaxError: Error, CustomStringConvertible {
        let reason: String
        /// 1-based byte column in the line.
        let column: Int
        var description: String { "not a JSON string: \(reason) at column \(column)" }
    }

    static func decode(_ line: UnsafeBufferPointer<UInt8>) throws(SyntaxError) -> String {
        guard UTF8Validation.isValid(line) else {
            throw SyntaxError(reason: "the line is not valid UTF-8", column: 1)
        }
        var index = skipWhitespace(line, from: 0)
        guard index < line.count, line[index] == UInt8(ascii: "\"") else {
            throw SyntaxError(reason: index < line.count ? "expected '\"'" : "empty line", column: index + 1)
        }
        index += 1
        var decoded: [UInt8] = []
        var runStart = index
        while true {
            guard index < line.count else { throw SyntaxError(reason: "unterminated string", column: index + 1) }
            let byte = line[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 {
                throw SyntaxError(reason: "unescaped control character", column: index + 1)
            }
            if byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            decoded.append(contentsOf: line[runStart..<index])
            index = try decodeEscape(line, at: index, into: &decoded)
            runStart = index
        }
        decoded.append(contentsOf: line[runStart..<index])
        index = skipWhitespace(line, from: index + 1)
        guard index == line.count else {
            throw SyntaxError(reason: "unexpected text after the string", column: index + 1)
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// Decodes the escape at `index` (a backslash) and returns the index after it.
    private static func decodeEscape(
        _ line: UnsafeBufferPointer<UInt8>, at index: Int, into decoded: inout [UInt8]
    ) throws(SyntaxError) -> Int {
        guard index + 1 < line.count else { throw SyntaxError(reason: "unterminated escape", column: index + 1) }
        let simple: UInt8?
        switch line[index + 1] {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default: throw SyntaxError(reason: "invalid escape", column: index + 1)
        }
        if let simple {
            decoded.append(simple)
            return index + 2
        }
        let first = try hexQuad(line, at: index + 2)
        var next = index + 6
        var scalar = Unicode.Scalar(first)
        if (0xD800..<0xDC00).contains(first), next + 1 < line.count,
            line[next] == UInt8(ascii: "\\"), line[next + 1] == UInt8(ascii: "u"),
            let second = try? hexQuad(line, at: next + 2), (0xDC00..<0xE000).contains(second)
        {
            scalar = Unicode.Scalar(0x10000 + (first - 0xD800) << 10 + (second - 0xDC00))
            next += 6
        }
        decoded.append(contentsOf: String(scalar ?? "\u{FFFD}").utf8)
        return next
    }

    private static func hexQuad(_ line: UnsafeBufferPointer<UInt8>, at index: Int) throws(SyntaxError) -> UInt32 {
        guard index + 4 <= line.count else { throw SyntaxError(reason: "truncated \\u escape", column: index - 1) }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = line[index + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw SyntaxError(reason: "invalid \\u escape", column: index - 1)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private static func skipWhitespace(_ line: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < line.count, [0x20, 0x09, 0x0A, 0x0D].contains(line[index]) { index += 1 }
        return index
    }
}
