#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
        let object: Object
        do {
            object = try JSONDecoder().decode(Object.self, from: Data(line))
        } catch let error as DecodingError {
            throw SyntaxError(description: "not a post object: \(Self.reason(error))")
        } catch {
            throw SyntaxError(description: "not a post object: \(error)")
        }
        var caret: Caret?
        if let given = object.caret {
            switch (given.utf8, given.utf16) {
            case (let utf8?, nil): caret = .utf8(utf8)
            case (nil, let utf16?): caret = .utf16(utf16)
            default: throw SyntaxError(description: "\"caret\" must hold exactly one of \"utf8\" and \"utf16\"")
            }
        }
        if object.accept != nil && caret == nil {
            throw SyntaxError(description: "\"accept\" needs a \"caret\"")
        }
        return PostLine(text: object.text, caret: caret, accept: object.accept)
    }

    private struct Object: Decodable {
        struct Offsets: Decodable {
            var utf8: Int?
            var utf16: Int?
        }
        var text: String
        var caret: Offsets?
        var accept: String?
    }

    private static func reason(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): return "missing \"\(key.stringValue)\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "\"\(path)\" has the wrong type"
        case .dataCorrupted(let context):
            return context.underlyingError.map { "\($0)" } ?? context.debugDescription
        @unknown default: return "\(error)"
        }
    }
}
