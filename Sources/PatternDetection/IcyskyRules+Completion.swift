/// How hashtags and mentions are typed under the `icysky` rules, for completion: the seed's
/// expressions themselves, which have no preceding rule, except that a sign is part of a link
/// being typed when its word has `http://` or `https://` (any case) before it: the URL expression's
/// `\S+` takes the rest of the word, and whatever is typed after the sign would join the link
/// (`https://x.com/a!@al` is one link once `al` is typed).
/// - hashtag: `#` anywhere else (`a#b` completes `#b`); body `\w` (PCRE2 10.42 in UCP mode:
///   letters, numbers and `_`).
/// - mention: `@` anywhere else (`foo@b` completes `@b`); body `\w`, `.` and `-`.
/// A bare sign before whitespace or at the end is an empty token, as the seed's "still typing"
/// highlight of a final `#`/`@` suggests.
extension IcyskyRules {
    public var tokenGrammars: [TokenGrammar] { Self.completionGrammars }

    static let completionGrammars: [TokenGrammar] = [
        TokenGrammar(kind: .hashtag, triggers: ["#"], mayStart: isOutsideLink(before:), body: isWordCharacter(_:)),
        TokenGrammar(
            kind: .mention, triggers: ["@"], mayStart: isOutsideLink(before:),
            body: { isWordCharacter($0) || $0 == "." || $0 == "-" }),
    ]

    /// Whether the word before a sign has no `http://` / `https://` (caseless as PCRE2 matches
    /// it: the `s` also as U+017F, the long s).
    /// - Complexity: O(the word before the sign).
    @Sendable static func isOutsideLink(before: (Int) -> Unicode.Scalar?) -> Bool {
        func matches(_ scalar: Unicode.Scalar?, _ lower: Unicode.Scalar) -> Bool {
            guard let scalar else { return false }
            return scalar == lower || scalar.value == lower.value - 0x20 || (lower == "s" && scalar == "\u{17F}")
        }
        var k = 1
        while let scalar = before(k), !UnicodeWhitespace.isPCRE2Space(scalar) {
            if scalar == "/", before(k + 1) == "/", before(k + 2) == ":" {
                let p = matches(before(k + 3), "s") ? k + 4 : k + 3
                if matches(before(p), "p") && matches(before(p + 1), "t") && matches(before(p + 2), "t")
                    && matches(before(p + 3), "h")
                {
                    return false
                }
            }
            k += 1
        }
        return true
    }

    /// PCRE2's `\w` in UCP mode (10.42): `\p{L}`, `\p{N}` or `_`. Swift's Unicode tables may be
    /// newer than PCRE2's; they agree on every scalar both versions assign.
    @Sendable static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let byte = UInt8(scalar.value)
            return (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }
}
