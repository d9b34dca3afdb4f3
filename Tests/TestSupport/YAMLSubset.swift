/// A reader for the YAML subset that conformance suites such as twitter-text's are written in:
/// block mappings and sequences (a sequence may sit at its key's indentation), flow sequences of
/// scalars, plain, single-quoted and double-quoted scalars, full-line comments and `---`.
/// Anything else is reported as an error rather than guessed at.
package indirect enum YAMLValue: Equatable, Sendable {
    case null
    case scalar(String)
    case list([YAMLValue])
    case map([Entry])

    package struct Entry: Equatable, Sendable {
        package var key: String
        package var value: YAMLValue
    }

    package subscript(key: String) -> YAMLValue? {
        guard case .map(let entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }

    package var string: String? {
        if case .scalar(let text) = self { return text }
        return nil
    }

    package var list: [YAMLValue]? {
        if case .list(let items) = self { return items }
        return nil
    }

    package var entries: [Entry] {
        if case .map(let entries) = self { return entries }
        return []
    }
}

package struct YAMLError: Error, CustomStringConvertible {
    package var line: Int
    package var message: String
    package var description: String { "YAML line \(line): \(message)" }

    package init(line: Int, message: String) {
        self.line = line
        self.message = message
    }
}

package enum YAMLSubset {
    package static func parse(_ text: String) throws -> YAMLValue {
        var parser = Parser(text: text)
        return try parser.parseDocument()
    }

    private struct Line {
        var number: Int
        var indent: Int
        var content: Substring
    }

    private struct Parser {
        var lines: [Line] = []
        var index = 0

        init(text: String) {
            for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
                let content = line.drop { $0 == " " }
                if content.isEmpty || content.hasPrefix("#") || content == "---" { continue }
                lines.append(Line(number: offset + 1, indent: line.count - content.count, content: content))
            }
        }

        mutating func parseDocument() throws -> YAMLValue {
            guard index < lines.count else { return .null }
            let value = try parseNode(indent: lines[index].indent)
            if index < lines.count { throw YAMLError(line: lines[index].number, message: "unexpected content") }
            return value
        }

        mutating func parseNode(indent: Int) throws -> YAMLValue {
            let line = lines[index]
            if line.content == "-" || line.content.hasPrefix("- ") { return try parseSequence(indent: line.indent) }
            return try parseMapping(indent: line.indent)
        }

        mutating func parseSequence(indent: Int) throws -> YAMLValue {
            var items: [YAMLValue] = []
            while index < lines.count, lines[index].indent == indent,
                lines[index].content == "-" || lines[index].content.hasPrefix("- ")
            {
                let line = lines[index]
                let rest = line.content.dropFirst(1).drop { $0 == " " }
                if rest.isEmpty {
                    index += 1
                    items.append(index < lines.count && lines[index].indent > indent ? try parseNode(indent: lines[index].indent) : .null)
                } else if Self.splitKey(rest) != nil {
                    lines[index] = Line(number: line.number, indent: line.indent + (line.content.count - rest.count), content: rest)
                    items.append(try parseMapping(indent: lines[index].indent))
                } else {
                    index += 1
                    items.append(try Self.parseFlow(rest, line: line.number))
                }
            }
            return .list(items)
        }

        mutating func parseMapping(indent: Int) throws -> YAMLValue {
            var entries: [YAMLValue.Entry] = []
            while index < lines.count, lines[index].indent == indent, !lines[index].content.hasPrefix("- ") {
                let line = lines[index]
                guard let (key, value) = Self.splitKey(line.content) else {
                    throw YAMLError(line: line.number, message: "expected `key: value`")
                }
                index += 1
                if !value.isEmpty {
                    entries.append(.init(key: key, value: try Self.parseFlow(value, line: line.number)))
                } else if index < lines.count,
                    lines[index].indent > indent || (lines[index].indent == indent && lines[index].content.hasPrefix("- "))
                {
                    entries.append(.init(key: key, value: try parseNode(indent: lines[index].indent)))
                } else {
                    entries.append(.init(key: key, value: .null))
                }
            }
            return .map(entries)
        }

        /// `key: value` or `key:` with a plain key.
        static func splitKey(_ content: Substring) -> (String, Substring)? {
            guard let first = content.first, first != "\"", first != "'", first != "[" else { return nil }
            var index = content.startIndex
            while index < content.endIndex {
                if content[index] == ":" {
                    let after = content.index(after: index)
                    if after == content.endIndex || content[after] == " " {
                        return (String(content[..<index]), content[after...].drop { $0 == " " })
                    }
                }
                index = content.index(after: index)
            }
            return nil
        }

        static func parseFlow(_ text: Substring, line: Int) throws -> YAMLValue {
            var scanner = ScalarScanner(characters: Array(text.unicodeScalars), line: line)
            let value = try scanner.value(inFlow: false)
            scanner.skipSpaces()
            if !scanner.atEnd { throw YAMLError(line: line, message: "trailing content") }
            return value
        }
    }

    private struct ScalarScanner {
        var characters: [Unicode.Scalar]
        var position = 0
        var line: Int
        var atEnd: Bool { position >= characters.count }

        mutating func skipSpaces() {
            while !atEnd, characters[position] == " " { position += 1 }
        }

        mutating func value(inFlow: Bool) throws -> YAMLValue {
            skipSpaces()
            guard !atEnd else { return .null }
            switch characters[position] {
            case "[":
                position += 1
                var items: [YAMLValue] = []
                skipSpaces()
                if !atEnd, characters[position] == "]" {
                    position += 1
                    return .list(items)
                }
                while true {
                    items.append(try value(inFlow: true))
                    skipSpaces()
                    guard !atEnd else { throw YAMLError(line: line, message: "unclosed [") }
                    let separator = characters[position]
                    position += 1
                    if separator == "]" { return .list(items) }
                    guard separator == "," else { throw YAMLError(line: line, message: "expected , or ]") }
                }
            case "\"": return .scalar(try doubleQuoted())
            case "'": return .scalar(try singleQuoted())
            default:
                let start = position
                while !atEnd, !(inFlow && (characters[position] == "," || characters[position] == "]")),
                    !(characters[position] == "#" && position > start && characters[position - 1] == " ")
                {
                    position += 1
                }
                var plainScalars = String.UnicodeScalarView()
                plainScalars.append(contentsOf: characters[start..<position])
                let plain = String(plainScalars).trimmingCharacters(in: " ")
                return plain == "~" || plain == "null" ? .null : .scalar(plain)
            }
        }

        mutating func singleQuoted() throws -> String {
            position += 1
            var result = String.UnicodeScalarView()
            while !atEnd {
                let character = characters[position]
                position += 1
                if character == "'" {
                    if !atEnd, characters[position] == "'" {
                        result.append("'" as Unicode.Scalar)
                        position += 1
                    } else {
                        return String(result)
                    }
                } else {
                    result.append(character)
                }
            }
            throw YAMLError(line: line, message: "unclosed '")
        }

        mutating func doubleQuoted() throws -> String {
            position += 1
            var result = String.UnicodeScalarView()
            while !atEnd {
                let character = characters[position]
                position += 1
                if character == "\"" { return String(result) }
                guard character == "\\" else {
                    result.append(character)
                    continue
                }
                guard !atEnd else { break }
                let escape = characters[position]
                position += 1
                switch escape {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                case "0": result.append("\0")
                case "a": result.append("\u{07}")
                case "b": result.append("\u{08}")
                case "e": result.append("\u{1B}")
                case "f": result.append("\u{0C}")
                case "v": result.append("\u{0B}")
                case "N": result.append("\u{85}")
                case "_": result.append("\u{A0}")
                case "L": result.append("\u{2028}")
                case "P": result.append("\u{2029}")
                case "x": result.append(try hex(digits: 2))
                case "u": result.append(try hex(digits: 4))
                case "U": result.append(try hex(digits: 8))
                case "\\", "\"", "/", " ": result.append(escape)
                default: throw YAMLError(line: line, message: "unknown escape \\\(escape)")
                }
            }
            throw YAMLError(line: line, message: "unclosed \"")
        }

        mutating func hex(digits: Int) throws -> Unicode.Scalar {
            var digitsText = String.UnicodeScalarView()
            if position + digits <= characters.count { digitsText.append(contentsOf: characters[position..<position + digits]) }
            guard position + digits <= characters.count, let value = UInt32(String(digitsText), radix: 16),
                let scalar = Unicode.Scalar(value)
            else { throw YAMLError(line: line, message: "bad hex escape") }
            position += digits
            return scalar
        }
    }
}

extension String {
    fileprivate func trimmingCharacters(in character: Character) -> String {
        String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
    }
}
