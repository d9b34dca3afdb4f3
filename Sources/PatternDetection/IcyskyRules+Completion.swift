/// How hashtags and mentions are typed under the `icysky` rules, for completion: the seed's
/// expressions themselves, which have no preceding rule.
/// - hashtag: `#` anywhere (`a#b` completes `#b`); body `\w` (PCRE2 10.42 in UCP mode: letters,
///   numbers and `_`).
/// - mention: `@` anywhere (`foo@b` completes `@b`); body `\w`, `.` and `-`.
/// A bare sign before whitespace or at the end is an empty token, as the seed's "still typing"
/// highlight of a final `#`/`@` suggests.
extension IcyskyRules {
    public var tokenGrammars: [TokenGrammar] { Self.completionGrammars }

    static let completionGrammars: [TokenGrammar] = [
        TokenGrammar(kind: .hashtag, triggers: ["#"], mayFollow: { _ in true }, body: isWordCharacter(_:)),
        TokenGrammar(
            kind: .mention, triggers: ["@"], mayFollow: { _ in true },
            body: { isWordCharacter($0) || $0 == "." || $0 == "-" }),
    ]

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
