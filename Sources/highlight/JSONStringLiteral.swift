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

    /// The literal's text, well-formed UTF-8: where ``decode(_:scratch:)`` left it.
    enum Text: Equatable {
        /// `line[range]` itself: the literal holds no escape.
        case inLine(Range<Int>)
        /// The bytes written into the scratch buffer.
        case inScratch
    }

    /// The literal's text as a `String`, for the commands that keep it (`split`, `post`).
    static func decode(_ line: UnsafeBufferPointer<UInt8>) throws(SyntaxError) -> String {
        var scratch: [UInt8] = []
        switch try decode(line, scratch: &scratch) {
        case .inLine(let range): return String(decoding: UnsafeBufferPointer(rebasing: line[range]), as: UTF8.self)
        case .inScratch: return String(decoding: scratch, as: UTF8.self)
        }
    }

    /// Decodes the literal without making a `String`: a literal without escapes is not copied at
    /// all; otherwise its text goes into `scratch` (emptied first, its capacity kept for the next
    /// line). Either way the text is well-formed UTF-8: the line is checked first, the raw runs
    /// are cut only at ASCII bytes, and each escape is a whole scalar.
    /// - Complexity: O(line), eight bytes at a time between escapes.
    static func decode(_ line: UnsafeBufferPointer<UInt8>, scratch: inout [UInt8]) throws(SyntaxError) -> Text {
        guard UTF8Validation.isValid(line) else {
            throw SyntaxError(reason: "the line is not valid UTF-8", column: 1)
        }
        var index = skipWhitespace(line, from: 0)
        guard index < line.count, line[index] == UInt8(ascii: "\"") else {
            throw SyntaxError(reason: index < line.count ? "expected '\"'" : "empty line", column: index + 1)
        }
        index += 1
        let contentStart = index
        var escaped = false
        var runStart = index
        while true {
            index = specialByte(in: line, from: index)
            guard index < line.count else { throw SyntaxError(reason: "unterminated string", column: index + 1) }
            let byte = line[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 {
                throw SyntaxError(reason: "unescaped control character", column: index + 1)
            }
            // A backslash.
            if !escaped {
                escaped = true
                scratch.removeAll(keepingCapacity: true)
            }
            scratch.append(contentsOf: line[runStart..<index])
            index = try decodeEscape(line, at: index, into: &scratch)
            runStart = index
        }
        let contentEnd = index
        if escaped { scratch.append(contentsOf: line[runStart..<contentEnd]) }
        index = skipWhitespace(line, from: index + 1)
        guard index == line.count else {
            throw SyntaxError(reason: "unexpected text after the string", column: index + 1)
        }
        return escaped ? .inScratch : .inLine(contentStart..<contentEnd)
    }

    /// The index of the first byte from `start` on that ends a run of plain string content (`"`,
    /// `\`, or a C0 control), or `line.count`.
    private static func specialByte(in line: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        if let base = UnsafeRawPointer(line.baseAddress) {
            while index + 8 <= line.count {
                let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let found = ByteWord.bytes(of: word, below: 0x20) | ByteWord.bytes(of: word, equalTo: UInt8(ascii: "\""))
                    | ByteWord.bytes(of: word, equalTo: UInt8(ascii: "\\"))
                if found != 0 { break }
                index += 8
            }
        }
        while index < line.count {
            let byte = line[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return index }
            index += 1
        }
        return index
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
