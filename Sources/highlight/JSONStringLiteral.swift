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
        /// The first `count` bytes of the scratch buffer.
        case inScratch(count: Int)
    }

    /// The literal's text as a `String`, for the commands that keep it (`split`, `post`).
    static func decode(_ line: UnsafeBufferPointer<UInt8>) throws(SyntaxError) -> String {
        var scratch: [UInt8] = []
        return string(try decode(line, scratch: &scratch), in: line, scratch: scratch)
    }

    /// Decodes the literal without making a `String`: a literal without escapes is not copied at
    /// all; otherwise its text goes into the first bytes of `scratch`, which grows to the line's
    /// length when shorter and is otherwise reused as it is (what lies past the text is left
    /// over). Either way the text is well-formed UTF-8: the line is checked first, the raw runs
    /// are cut only at ASCII bytes, and each escape is a whole scalar.
    ///
    /// The decoded text is never longer than the line: a raw run is copied as it is, and every
    /// escape is at least as long as the UTF-8 it stands for (`\n` 2 → 1, `\uXXXX` 6 → at most
    /// 3, a surrogate pair 12 → 4). So the text is written through a pointer with no room check.
    /// - Complexity: O(line), eight bytes at a time between escapes.
    static func decode(_ line: UnsafeBufferPointer<UInt8>, scratch: inout [UInt8]) throws(SyntaxError) -> Text {
        guard UTF8Validation.isValid(line) else {
            throw SyntaxError(reason: "the line is not valid UTF-8", column: firstIllFormedByte(in: line) + 1)
        }
        var index = skipWhitespace(line, from: 0)
        guard index < line.count else { throw SyntaxError(reason: "empty line", column: index + 1) }
        let text = try literal(in: line, at: &index, scratch: &scratch)
        index = skipWhitespace(line, from: index)
        guard index == line.count else {
            throw SyntaxError(reason: "unexpected text after the string", column: index + 1)
        }
        return text
    }

    /// The literal whose opening quote is at `index` in a line of valid UTF-8, as a `String`;
    /// `index` moves past its closing quote. For a literal inside a larger JSON value.
    static func string(in line: UnsafeBufferPointer<UInt8>, at index: inout Int) throws(SyntaxError) -> String {
        var scratch: [UInt8] = []
        return string(try literal(in: line, at: &index, scratch: &scratch), in: line, scratch: scratch)
    }

    /// The literal whose opening quote is at `index` in a line of valid UTF-8, decoded as
    /// ``decode(_:scratch:)`` does; `index` moves past its closing quote.
    private static func literal(
        in line: UnsafeBufferPointer<UInt8>, at index: inout Int, scratch: inout [UInt8]
    ) throws(SyntaxError) -> Text {
        guard index < line.count, line[index] == UInt8(ascii: "\"") else {
            if UnsafeBufferPointer(rebasing: line[index...]).starts(with: byteOrderMark) {
                throw SyntaxError(reason: "a byte-order mark (U+FEFF) is not allowed", column: index + 1)
            }
            throw SyntaxError(reason: "expected '\"'", column: index + 1)
        }
        let contentStart = index + 1
        var end = try contentEnd(in: line, from: contentStart)
        let text: Text
        if line[end] == UInt8(ascii: "\"") {
            text = .inLine(contentStart..<end)
        } else {
            if scratch.count < line.count { scratch = [UInt8](repeating: 0, count: line.count) }
            let count = try scratch.withUnsafeMutableBufferPointer { (decoded) throws(SyntaxError) -> Int in
                try decodeEscaped(line, from: contentStart, firstSpecial: end, into: decoded.baseAddress!, end: &end)
            }
            text = .inScratch(count: count)
        }
        index = end + 1
        return text
    }

    private static func string(_ text: Text, in line: UnsafeBufferPointer<UInt8>, scratch: [UInt8]) -> String {
        switch text {
        case .inLine(let range): String(decoding: UnsafeBufferPointer(rebasing: line[range]), as: UTF8.self)
        case .inScratch(let count): String(decoding: scratch[..<count], as: UTF8.self)
        }
    }

    /// The index of the first byte from `start` on that ends a run of plain string content: the
    /// closing `"` or a backslash.
    /// - Throws: at a C0 control, or when the line ends first.
    @inline(__always)
    private static func contentEnd(in line: UnsafeBufferPointer<UInt8>, from start: Int) throws(SyntaxError) -> Int {
        let index = specialByte(in: line, from: start)
        guard index < line.count else { throw SyntaxError(reason: "unterminated string", column: index + 1) }
        if line[index] < 0x20 { throw SyntaxError(reason: "unescaped control character", column: index + 1) }
        return index
    }

    /// Copies the content from `start` to the closing quote into `decoded`, escapes decoded;
    /// `firstSpecial` is the first backslash. Leaves `end` at the closing quote and returns the
    /// bytes written.
    private static func decodeEscaped(
        _ line: UnsafeBufferPointer<UInt8>, from start: Int, firstSpecial: Int,
        into decoded: UnsafeMutablePointer<UInt8>, end: inout Int
    ) throws(SyntaxError) -> Int {
        var written = 0
        var runStart = start, index = firstSpecial
        while true {
            let run = index - runStart
            (decoded + written).update(from: line.baseAddress! + runStart, count: run)
            written += run
            if line[index] == UInt8(ascii: "\"") { break }
            index = try decodeEscape(line, at: index, into: decoded, written: &written)
            // No escape writes more than it reads (checked in debug builds, the tests' builds).
            assert(written <= index - start, "an escape outgrew its source")
            runStart = index
            index = try contentEnd(in: line, from: index)
        }
        end = index
        return written
    }

    /// The index of the first byte from `start` on that is `"`, `\` or a C0 control, or
    /// `line.count`: eight bytes at a time, a word's first such byte from its lowest flagged lane
    /// (``ByteWord/firstFlaggedLane(_:)``).
    @inline(__always)
    private static func specialByte(in line: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        if let base = UnsafeRawPointer(line.baseAddress) {
            while index + 8 <= line.count {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let found = ByteWord.bytes(of: word, below: 0x20) | ByteWord.bytes(of: word, equalTo: UInt8(ascii: "\""))
                    | ByteWord.bytes(of: word, equalTo: UInt8(ascii: "\\"))
                if found != 0 { return index + ByteWord.firstFlaggedLane(found) }
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

    /// Decodes the escape at `index` (a backslash) into `decoded` at `written` (moved past what it
    /// wrote) and returns the index after it.
    private static func decodeEscape(
        _ line: UnsafeBufferPointer<UInt8>, at index: Int, into decoded: UnsafeMutablePointer<UInt8>, written: inout Int
    ) throws(SyntaxError) -> Int {
        guard index + 1 < line.count else { throw SyntaxError(reason: "unterminated escape", column: index + 1) }
        let simple: UInt8
        switch line[index + 1] {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"):
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
            UTF8.encode(scalar ?? "\u{FFFD}") { unit in
                decoded[written] = unit
                written += 1
            }
            return next
        default: throw SyntaxError(reason: "invalid escape", column: index + 1)
        }
        decoded[written] = simple
        written += 1
        return index + 2
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

    /// U+FEFF in UTF-8: what an editor may write before the first line; JSON allows it nowhere.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The offset of the first byte of `line` that is not part of well-formed UTF-8 (`line.count`
    /// when there is none).
    /// - Complexity: O(line); called only for a line already found ill-formed.
    static func firstIllFormedByte(in line: UnsafeBufferPointer<UInt8>) -> Int {
        guard let first = UTF8Validation.validRuns(in: line).first else { return 0 }
        return first.lowerBound == 0 ? first.upperBound : 0
    }

    static func skipWhitespace(_ line: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < line.count, [0x20, 0x09, 0x0A, 0x0D].contains(line[index]) { index += 1 }
        return index
    }
}
