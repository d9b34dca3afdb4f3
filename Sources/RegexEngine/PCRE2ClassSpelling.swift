/// Rewrites the class escapes whose meaning differs between ICU and PCRE2 10.42 (UCP mode) into
/// explicit sets ICU reads the PCRE2 way:
/// - `\w` is `[\p{L}\p{N}_]` (ICU adds marks, connector punctuation, ZWJ/ZWNJ and other
///   alphabetic symbols such as Ⓐ, and leaves out numbers other than decimal digits, such as ²);
/// - `\s` is tab to carriage return, space, NEL, U+180E and `\p{Z}`;
/// - `\b` is a boundary between a `\w` and a non-`\w` scalar, spelled as look-arounds (ICU's `\b`
///   also skips over combining marks);
/// - `\W`, `\S` and `\B` are their complements.
/// Inside a bracketed class, `\w` and `\s` become the set's members and `\W` and `\S` nested negated
/// sets (ICU allows nesting); `\b` there is a backspace and stays. `\Q…\E` quoting is copied as is.
/// `\d` needs no rewrite: both engines read it as `\p{Nd}`.
enum PCRE2ClassSpelling {
    private static let word = #"\p{L}\p{N}_"#
    private static let space = #"\t-\r\x{20}\x{85}\x{180E}\p{Z}"#
    private static let boundary =
        #"(?:(?<=[\p{L}\p{N}_])(?![\p{L}\p{N}_])|(?<![\p{L}\p{N}_])(?=[\p{L}\p{N}_]))"#
    private static let nonBoundary =
        #"(?:(?<=[\p{L}\p{N}_])(?=[\p{L}\p{N}_])|(?<![\p{L}\p{N}_])(?![\p{L}\p{N}_]))"#

    /// `expression` with every class escape outside `\Q…\E` spelled out.
    static func rewrite(_ expression: String) -> String {
        let bytes = Array(expression.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 32)
        var index = 0
        var quoting = false
        var inClass = false
        while index < bytes.count {
            let byte = bytes[index]
            if quoting {
                if byte == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "E") {
                    quoting = false
                    output += [byte, bytes[index + 1]]
                    index += 2
                } else {
                    output.append(byte)
                    index += 1
                }
                continue
            }
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                let escaped = bytes[index + 1]
                index += 2
                if escaped == UInt8(ascii: "Q") {
                    quoting = true
                    output += [byte, escaped]
                } else if let spelled = spelling(of: escaped, inClass: inClass) {
                    output += spelled.utf8
                } else {
                    output += [byte, escaped]
                }
                continue
            }
            if inClass {
                if byte == UInt8(ascii: "["), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ":"),
                    let close = posixClassEnd(in: bytes, from: index + 2)
                {
                    output += bytes[index..<close]
                    index = close
                    continue
                }
                if byte == UInt8(ascii: "]") { inClass = false }
                output.append(byte)
                index += 1
                continue
            }
            output.append(byte)
            index += 1
            if byte == UInt8(ascii: "[") {
                inClass = true
                // A `]` right after `[` or `[^` is a member, not the end.
                if index < bytes.count, bytes[index] == UInt8(ascii: "^") {
                    output.append(bytes[index])
                    index += 1
                }
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    output.append(bytes[index])
                    index += 1
                }
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

    /// The offset just past the `:]` that closes a POSIX class name starting at `start`, if any.
    private static func posixClassEnd(in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: ":") && bytes[index + 1] == UInt8(ascii: "]") { return index + 2 }
            guard bytes[index] >= UInt8(ascii: "a") && bytes[index] <= UInt8(ascii: "z") || bytes[index] == UInt8(ascii: "^") else {
                return nil
            }
            index += 1
        }
        return nil
    }
}
