/// Rewrites the class escapes whose meaning differs between ICU and PCRE2 10.42 (UCP mode) into
/// explicit sets ICU reads the PCRE2 way:
/// - `\w` is `[\p{L}\p{N}_]` (ICU adds marks, connector punctuation, ZWJ/ZWNJ and other
///   alphabetic symbols such as Ⓐ, and leaves out numbers other than decimal digits, such as ²);
/// - `\s` is tab to carriage return, space, NEL, U+180E and `\p{Z}`;
/// - `\b` is a boundary between a `\w` and a non-`\w` scalar, spelled as look-arounds (ICU's `\b`
///   also skips over combining marks);
/// - `\W`, `\S` and `\B` are their complements.
/// Inside a bracketed class, `\w` and `\s` become the set's members and `\W` and `\S` nested negated
/// sets (ICU allows nesting); `\b` there is a backspace and stays. `\Q…\E` quoting, comments `(?#…)`
/// and verbs are copied as is (see ``PCRE2ExpressionPieces``).
/// `\d` needs no rewrite: both engines read it as `\p{Nd}`.
enum PCRE2ClassSpelling {
    private static let word = #"\p{L}\p{N}_"#
    private static let space = #"\t-\r\x{20}\x{85}\x{180E}\p{Z}"#
    private static let boundary =
        #"(?:(?<=[\p{L}\p{N}_])(?![\p{L}\p{N}_])|(?<![\p{L}\p{N}_])(?=[\p{L}\p{N}_]))"#
    private static let nonBoundary =
        #"(?:(?<=[\p{L}\p{N}_])(?=[\p{L}\p{N}_])|(?<![\p{L}\p{N}_])(?![\p{L}\p{N}_]))"#

    /// `expression` with every class escape outside `\Q…\E` and comments spelled out.
    static func rewrite(_ expression: String) -> String {
        var pieces = PCRE2ExpressionPieces(expression)
        var output: [UInt8] = []
        output.reserveCapacity(pieces.bytes.count + 32)
        while let piece = pieces.next() {
            if piece.kind == .escape, piece.range.count == 2,
                let spelled = spelling(of: pieces.bytes[piece.range.lowerBound + 1], inClass: piece.inClass)
            {
                output += spelled.utf8
            } else {
                output += pieces.bytes[piece.range]
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func spelling(of escaped: UInt8, inClass: Bool) -> String? {
        switch (escaped, inClass) {
        case (UInt8(ascii: "w"), false): return "[" + word + "]"
        case (UInt8(ascii: "W"), false): return "[^" + word + "]"
        case (UInt8(ascii: "s"), false): return "[" + space + "]"
        case (UInt8(ascii: "S"), false): return "[^" + space + "]"
        case (UInt8(ascii: "b"), false): return boundary
        case (UInt8(ascii: "B"), false): return nonBoundary
        case (UInt8(ascii: "w"), true): return word
        case (UInt8(ascii: "W"), true): return "[^" + word + "]"
        case (UInt8(ascii: "s"), true): return space
        case (UInt8(ascii: "S"), true): return "[^" + space + "]"
        default: return nil
        }
    }
}
