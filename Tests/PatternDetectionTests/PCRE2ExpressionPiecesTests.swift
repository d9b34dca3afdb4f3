import Testing
@testable import RegexEngine

/// `PCRE2ExpressionPieces`, the reading both expression rewriters share: the pieces give the
/// expression back, and the spellings that would mislead a byte-by-byte reading (`\c[`, a `[` in a
/// comment or a verb's name, a `]` first in a class, quoting) read as the pieces they are.
@Suite("PCRE2 expression pieces")
struct PCRE2ExpressionPiecesTests {
    static func pieces(_ expression: String) -> [(PCRE2ExpressionPieces.Kind, String, Bool)] {
        var reader = PCRE2ExpressionPieces(expression)
        var pieces: [(PCRE2ExpressionPieces.Kind, String, Bool)] = []
        while let piece = reader.next() {
            pieces.append((piece.kind, String(decoding: reader.bytes[piece.range], as: UTF8.self), piece.inClass))
        }
        return pieces
    }

    @Test(arguments: [
        #"\c[a"#, #"(?#[x)\w"#, #"(*MARK:[)a"#, #"[]a]\d"#, #"[^]a]"#, #"[[:alpha:][:^digit:]x]"#, #"\Q[\E\w"#, #"\Qa["#,
        #"\p{Lu}\pL\P{^N}"#, #"[\p{L}\d-]"#, #"(*nla:[a])b"#, "(?<n>a)(?'m'b)(?P<o>c)(?i)(?-s:d)(?R)(?(1)e)(?<", "(?P", #"\x{5B}[\x{5D}]"#, "é[ü]", #"a\"#, #"\p{L"#, "[[:x", "(?", "(*",
    ])
    func piecesGiveTheExpressionBack(_ expression: String) {
        var reader = PCRE2ExpressionPieces(expression)
        var bytes: [UInt8] = []
        var end = 0
        while let piece = reader.next() {
            #expect(piece.range.lowerBound == end && !piece.range.isEmpty)
            bytes += reader.bytes[piece.range]
            end = piece.range.upperBound
        }
        #expect(bytes == Array(expression.utf8))
    }

    @Test func piecesAreReadAsWhole() {
        let escapeThenByte = Self.pieces(#"\c[a"#)
        #expect(escapeThenByte.map(\.0) == [.escape, .byte])
        #expect(escapeThenByte.map(\.1) == [#"\c["#, "a"])
        #expect(Self.pieces(#"(?#[x)\w"#).map(\.0) == [.comment, .escape])
        #expect(Self.pieces(#"(*MARK:[)a"#).map(\.0) == [.verb, .byte])
        // An alpha assertion holds a pattern: its `(` is a byte and its class is read.
        #expect(Self.pieces(#"(*nla:[a])"#).map(\.0).contains(.classStart(negated: false)))
        let literalBracket = Self.pieces(#"[]a]\d"#)
        #expect(literalBracket.map(\.0) == [.classStart(negated: false), .byte, .classEnd, .escape])
        #expect(literalBracket.map(\.2) == [false, true, false, false])
        #expect(Self.pieces(#"[^]a]"#).first?.0 == .classStart(negated: true))
        #expect(Self.pieces(#"[[:alpha:]x]"#).map(\.0) == [.classStart(negated: false), .posixClass, .byte, .classEnd])
        #expect(Self.pieces(#"\Q[\E\w"#).map(\.0) == [.quoted, .escape])
        #expect(Self.pieces(#"\p{Lu}\pL\P{^N}"#).map(\.1) == [#"\p{Lu}"#, #"\pL"#, #"\P{^N}"#])
        // A group's opening says what it opens.
        let groups: [(String, PCRE2ExpressionPieces.Group, String)] = [
            ("(a)", .plain, "("), ("(?:a)", .plain, "(?:"), ("(?<name>a)", .plain, "(?<name>"), ("(?P<n>a)", .plain, "(?P<n>"),
            ("(?=a)", .lookAround(negative: false), "(?="), ("(?<!a)", .lookAround(negative: true), "(?<!"),
            ("(?i)a", .options(closed: true), "(?i)"), ("(?i-s:a)", .options(closed: false), "(?i-s:"),
            ("(?R)", .reference, "(?"), ("(?1)", .reference, "(?"), ("(?(1)a)", .other, "("), ("(*nla:a)", .other, "("),
        ]
        for (expression, group, opening) in groups {
            let first = Self.pieces(expression).first
            #expect(first?.0 == .groupStart(group) && first?.1 == opening, "\(expression)")
        }
        // Inside a class `(` is a member, not a comment.
        #expect(Self.pieces(#"[(?#]"#).map(\.0) == [.classStart(negated: false), .byte, .byte, .byte, .classEnd])
    }
}
