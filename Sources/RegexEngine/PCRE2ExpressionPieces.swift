/// A PCRE2 expression's bytes, read as the pieces that its rewriters (``PCRE2ClassSpelling``, which
/// spells class escapes for ICU, and the property widening behind `PCRE2Pattern.matchStartBytes`)
/// act on or must step over whole: a backslash escape, `\Q…\E` quoting, a bracketed class's start
/// and end and a POSIX class inside one, a comment `(?#…)`, a verb such as `(*UCP)` or
/// `(*MARK:name)`, and a group's opening with what it opens (``Group``). Every other byte is a
/// piece of its own. The pieces' ranges follow each other
/// without gaps, so copying every piece's bytes in order gives the expression back.
///
/// It reads syntax, not meaning, and only as far as those rewriters need:
/// - An escape with an argument in braces or brackets (`\x{…}`, `\N{…}`, `\g{…}`, `\k<…>`) is the
///   escape's two bytes, and its argument single bytes, which hold none of the characters read
///   here. `\p{…}` and `\P{…}` (and `\pL`) take their argument, and `\cX` its character.
/// - Extended mode (`x`), where white space means nothing and `#` starts a comment, is not read:
///   a `#` is a byte, and a class in such a comment reads as a class.
/// - An alpha assertion such as `(*nla:…)` holds a pattern, so it opens a group (``Group/other``),
///   not a verb.
/// - An expression that does not compile may read as anything.
struct PCRE2ExpressionPieces: IteratorProtocol {
    /// What a `(` outside a class opens, as far as the rewriters ask.
    enum Group: Equatable {
        /// Contents matched in place: `(`, `(?:`, `(?>`, `(?|`, or a named group (`(?<name>`,
        /// `(?'name'`, `(?P<name>`). The piece runs through the opening.
        case plain
        /// `(?=` or `(?<=`, or, `negative`, `(?!` or `(?<!`: contents that match nothing.
        case lookAround(negative: Bool)
        /// Option settings: `(?i)` (`closed`: the piece runs through its `)`) or `(?i-s:`, a group
        /// (the piece runs through its `:`). Option letters are lower case, `U`, `J`, `^` and `-`.
        case options(closed: Bool)
        /// A call or a back reference (`(?R)`, `(?1)`, `(?&name)`, `(?P=name)`, `(?P>name)`):
        /// the piece is `(?`.
        case reference
        /// A conditional `(?(`, a callout `(?C`, or an alpha assertion such as `(*nla:`: the piece
        /// is `(`.
        case other
    }

    enum Kind: Equatable {
        case escape
        case quoted
        /// `[` or `[^`, with a `]` right after it (a member, not the end).
        case classStart(negated: Bool)
        case classEnd
        case posixClass
        case comment
        case verb
        case groupStart(Group)
        case byte
    }

    struct Piece: Equatable {
        let kind: Kind
        let range: Range<Int>
        /// Whether the piece lies inside a bracketed class (a class's start and end do not).
        let inClass: Bool
    }

    let bytes: [UInt8]
    private var index = 0
    private var inClass = false

    init(_ expression: String) {
        bytes = Array(expression.utf8)
    }

    mutating func next() -> Piece? {
        guard index < bytes.count else { return nil }
        let start = index
        let startsInClass = inClass
        let kind: Kind
        switch bytes[start] {
        case UInt8(ascii: "\\") where byte(at: start + 1) == UInt8(ascii: "Q"):
            index = end(of: [UInt8(ascii: "\\"), UInt8(ascii: "E")], from: start + 2)
            kind = .quoted
        case UInt8(ascii: "\\"):
            index = escapeEnd(from: start)
            kind = .escape
        case UInt8(ascii: "[") where inClass:
            if byte(at: start + 1) == UInt8(ascii: ":"), let end = posixClassEnd(from: start + 2) {
                index = end
                kind = .posixClass
            } else {
                index += 1
                kind = .byte
            }
        case UInt8(ascii: "]") where inClass:
            index += 1
            inClass = false
            return Piece(kind: .classEnd, range: start..<index, inClass: false)
        case UInt8(ascii: "["):
            index += 1
            let negated = byte(at: index) == UInt8(ascii: "^")
            if negated { index += 1 }
            if byte(at: index) == UInt8(ascii: "]") { index += 1 }
            inClass = true
            return Piece(kind: .classStart(negated: negated), range: start..<index, inClass: false)
        case UInt8(ascii: "(") where !inClass && byte(at: start + 1) == UInt8(ascii: "?") && byte(at: start + 2) == UInt8(ascii: "#"):
            index = end(of: [UInt8(ascii: ")")], from: start + 3)
            kind = .comment
        case UInt8(ascii: "(") where !inClass && byte(at: start + 1) == UInt8(ascii: "*") && startsVerb(byte(at: start + 2)):
            index = end(of: [UInt8(ascii: ")")], from: start + 2)
            kind = .verb
        case UInt8(ascii: "(") where !inClass:
            let group = group(openedAt: start)
            index = group.end
            kind = .groupStart(group.group)
        default:
            index += 1
            kind = .byte
        }
        return Piece(kind: kind, range: start..<index, inClass: startsInClass)
    }

    private func byte(at offset: Int) -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    /// What the `(` at `start` (outside a class, not a comment or a verb) opens, and where its
    /// piece ends.
    private func group(openedAt start: Int) -> (group: Group, end: Int) {
        let question = start + 1
        guard byte(at: question) == UInt8(ascii: "?") else {
            return byte(at: question) == UInt8(ascii: "*") ? (.other, start + 1) : (.plain, start + 1)
        }
        let kind = question + 1
        switch byte(at: kind) {
        case UInt8(ascii: ":"), UInt8(ascii: ">"), UInt8(ascii: "|"):
            return (.plain, kind + 1)
        case UInt8(ascii: "="), UInt8(ascii: "!"):
            return (.lookAround(negative: bytes[kind] == UInt8(ascii: "!")), kind + 1)
        case UInt8(ascii: "<") where byte(at: kind + 1) == UInt8(ascii: "=") || byte(at: kind + 1) == UInt8(ascii: "!"):
            return (.lookAround(negative: bytes[kind + 1] == UInt8(ascii: "!")), kind + 2)
        case UInt8(ascii: "<"), UInt8(ascii: "'"):
            return namedGroup(nameFrom: kind + 1, closedBy: bytes[kind] == UInt8(ascii: "'") ? UInt8(ascii: "'") : UInt8(ascii: ">"))
                ?? (.reference, kind)
        case UInt8(ascii: "P") where byte(at: kind + 1) == UInt8(ascii: "<"):
            return namedGroup(nameFrom: kind + 2, closedBy: UInt8(ascii: ">")) ?? (.reference, kind)
        case UInt8(ascii: "("), UInt8(ascii: "C"):
            return (.other, start + 1)
        default:
            var letter = kind
            while let option = byte(at: letter), Self.isOption(option) { letter += 1 }
            switch byte(at: letter) {
            case UInt8(ascii: ")"): return (.options(closed: true), letter + 1)
            case UInt8(ascii: ":"): return (.options(closed: false), letter + 1)
            default: return (.reference, kind)
            }
        }
    }

    /// A named group whose name starts at `start` and ends before `close`; `nil` when a byte
    /// other than a letter, a digit or `_` comes first.
    private func namedGroup(nameFrom start: Int, closedBy close: UInt8) -> (group: Group, end: Int)? {
        var index = start
        while let byte = byte(at: index), byte == UInt8(ascii: "_") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
        {
            index += 1
        }
        return byte(at: index) == close ? (.plain, index + 1) : nil
    }

    private static func isOption(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || byte == UInt8(ascii: "U") || byte == UInt8(ascii: "J")
            || byte == UInt8(ascii: "^") || byte == UInt8(ascii: "-")
    }

    /// A verb's name is upper case (`ACCEPT`, `UCP`, `LIMIT_MATCH=…`) or empty (`(*:name)`); an alpha
    /// assertion's is lower case.
    private func startsVerb(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || byte == UInt8(ascii: ":")
    }

    /// The offset just past the first `terminator` at or after `offset`, or the end.
    private func end(of terminator: [UInt8], from offset: Int) -> Int {
        var index = offset
        while index < bytes.count {
            if bytes[index...].starts(with: terminator) { return index + terminator.count }
            index += 1
        }
        return bytes.count
    }

    /// The offset just past the escape whose backslash is at `start`.
    private func escapeEnd(from start: Int) -> Int {
        guard let escaped = byte(at: start + 1) else { return start + 1 }
        switch escaped {
        case UInt8(ascii: "c"):
            return min(start + 3, bytes.count)
        case UInt8(ascii: "p"), UInt8(ascii: "P"):
            guard byte(at: start + 2) == UInt8(ascii: "{") else { return min(start + 3, bytes.count) }
            return end(of: [UInt8(ascii: "}")], from: start + 3)
        default:
            return start + 2
        }
    }

    /// The offset just past the `:]` that closes a POSIX class name starting at `start`, if any.
    private func posixClassEnd(from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: ":") && bytes[index + 1] == UInt8(ascii: "]") { return index + 2 }
            guard (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[index]) || bytes[index] == UInt8(ascii: "^") else {
                return nil
            }
            index += 1
        }
        return nil
    }
}
