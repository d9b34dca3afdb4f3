/// One `jsonl` input line: a JSON string (the post), or an object asking about the caret:
/// `{"text":"hi @al","caret":{"utf8":6}}` (or `{"utf16":N}`), optionally with `"accept":"…"`, the
/// completion that replaces the token at the caret first.
struct PostLine {
    enum Caret: Equatable {
        case utf8(Int)
        case utf16(Int)
    }

    var text: String
    var caret: Caret?
    var accept: String?

    struct SyntaxError: Error, CustomStringConvertible {
        let description: String
    }

    /// Whether the line holds an object (its first byte after JSON whitespace is `{`), not a
    /// JSON string.
    static func isObject(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        line.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
    }

    /// Decodes a line; a JSON string is a post without a caret.
    static func decode(_ line: UnsafeBufferPointer<UInt8>) throws -> PostLine {
        guard isObject(line) else {
            return PostLine(text: try JSONStringLiteral.decode(line))
        }
        var reader = ObjectReader(line)
        return try reader.read()
    }
}
