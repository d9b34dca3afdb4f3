import ComposerPosts
import PatternDetection

/// A jsonl post line resolved against its caret: the text to render (with the completion
/// accepted, when the line asks for it), the caret, and the token being typed there.
struct CaretRequest {
    var text: String
    /// Set when the line gave a caret.
    var caret: CaretPosition?
    /// The token at ``caret``; `nil` when there is none (or no caret was given).
    var token: CaretToken?
    /// Whether a completion replaced the token at the line's caret.
    var accepted: Bool

    /// - Throws: ``BadLine`` for a caret past the end or inside a scalar.
    static func resolve(_ line: PostLine, rules: any RuleSet) throws -> CaretRequest {
        guard let caret = line.caret else {
            return CaretRequest(text: line.text, caret: nil, token: nil, accepted: false)
        }
        do {
            var text = line.text
            var position = try Self.position(caret, in: text)
            var token = try CaretToken.at(position, in: text, rules: rules)
            guard let completion = line.accept else {
                return CaretRequest(text: text, caret: position, token: token, accepted: false)
            }
            if let replaced = token {
                let accepted = CaretToken.accept(completion, for: replaced, in: text)
                text = accepted.text
                position = accepted.caret
                token = try CaretToken.at(position, in: text, rules: rules)
            }
            return CaretRequest(text: text, caret: position, token: token, accepted: true)
        } catch {
            throw BadLine(description: error.description)
        }
    }

    /// The caret in both units.
    private static func position(_ caret: PostLine.Caret, in text: String) throws(CaretError) -> CaretPosition {
        switch caret {
        case .utf8(let offset): return try CaretPosition(utf8Offset: offset, in: text)
        case .utf16(let offset): return try CaretPosition(utf16Offset: offset, in: text)
        }
    }

    /// `"text":…,"caret":{…},` when a completion was accepted (members before `"spans"`).
    var leadingJSONMembers: [UInt8] {
        guard accepted, let caret else { return [] }
        var json = JSONWriter()
        json.append("\"text\":")
        json.appendString(text)
        json.append(",\"caret\":{\"utf8\":")
        json.append(caret.utf8)
        json.append(",\"utf16\":")
        json.append(caret.utf16)
        json.append("},")
        return json.bytes
    }

    /// `,"token":…` when the line gave a caret (members after `"spans"`); a token of kind emoji
    /// gets `"suggestions"` from `catalog` when there is one.
    func trailingJSONMembers(suggestingFrom catalog: EmojiCatalog?) -> [UInt8] {
        guard caret != nil else { return [] }
        var json = JSONWriter()
        json.append(",\"token\":")
        if let token {
            json.append("{\"kind\":")
            json.appendString(token.kind.rawValue)
            json.append(",\"query\":")
            json.appendString(token.query)
            json.append(",\"utf8\":")
            json.appendPair(token.utf8Range)
            json.append(",\"utf16\":")
            json.appendPair(token.utf16Range)
            if token.kind == .emoji, let catalog {
                json.append(",\"suggestions\":[")
                for (index, emoji) in catalog.suggestions(for: token.query).enumerated() {
                    json.append(index == 0 ? "{\"shortcode\":" : ",{\"shortcode\":")
                    json.appendString(emoji.shortcode)
                    json.append(",\"url\":")
                    json.appendString(emoji.url)
                    json.append("}")
                }
                json.append("]")
            }
            json.append("}")
        } else {
            json.append("null")
        }
        return json.bytes
    }
}

/// A jsonl line that is well-formed but cannot be answered (a caret outside the text or inside a
/// scalar): reported in place as `{"error":…,"line":N}`.
struct BadLine: Error, CustomStringConvertible {
    let description: String
}
