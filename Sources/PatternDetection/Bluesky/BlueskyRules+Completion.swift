/// How mentions, hashtags and cashtags are typed under the `bluesky` rules, for completion.
///
/// The start rules are detection's own (what may precede the sign); the bodies are what a token
/// being typed may hold, which is looser than what detection accepts:
/// - mention: `@` after the text start, whitespace or `(`; body `[A-Za-z0-9.-]` (a handle in
///   progress: `@al`, `@alice.`, `@alice.bsky.social` alike; the TLD check is detection's). After
///   `(`, not in a word that starts with a tag sign: `#…(@al` is part of the tag candidate, which
///   covers it once it is a tag (a tag of more than 64 graphemes is not one, until a completion
///   followed by a space cuts the word short).
/// - hashtag: `#`/`＃` after the text start or whitespace; body: anything but whitespace, the tag
///   terminators and punctuation (`\p{P}`), not starting with U+FE0F. Punctuation is left out
///   because detection trims it from a tag's end: `#tag!` is the tag `#tag`, so a caret after the
///   `!` is no longer in it. Inner punctuation (`#Cleveland's`, `#abc#def`) is covered by the
///   detected span while the caret is inside it.
/// - cashtag: `$` after the text start, whitespace or `(` (not in a tag's word, as mentions);
///   body ASCII letters and digits, starting
///   with a letter. The five-character limit is not applied: `$TOOLONG` is still completed (a
///   query may outgrow what detection links).
extension BlueskyRules {
    public var tokenGrammars: [TokenGrammar] { Self.completionGrammars }

    static let completionGrammars: [TokenGrammar] = [
        TokenGrammar(
            kind: .mention, triggers: ["@"], mayStart: mayStartMentionOrCashtag(before:),
            body: { isASCIIAlphanumericScalar($0) || $0 == "." || $0 == "-" }),
        TokenGrammar(
            kind: .hashtag, triggers: ["#", "\u{FF03}"],
            mayFollow: { previous in previous.map(JavaScriptWhitespace.contains) ?? true },
            bodyStart: { $0 != "\u{FE0F}" && isTagCharacter($0) }, body: isTagCharacter(_:)),
        TokenGrammar(
            kind: .cashtag, triggers: ["$"], mayStart: mayStartMentionOrCashtag(before:),
            bodyStart: { $0.isASCII && isASCIILetter(UInt8($0.value)) }, body: isASCIIAlphanumericScalar(_:)),
    ]

    /// The text start, whitespace, or a `(` in a word that does not start with a tag sign
    /// (`#`/`＃` not followed by U+FE0F).
    /// - Complexity: O(1), or O(the word before the sign) after `(`.
    @Sendable static func mayStartMentionOrCashtag(before: (Int) -> Unicode.Scalar?) -> Bool {
        guard let previous = before(1) else { return true }
        if JavaScriptWhitespace.contains(previous) { return true }
        guard previous == "(" else { return false }
        var k = 1
        while let scalar = before(k + 1), !JavaScriptWhitespace.contains(scalar) { k += 1 }
        // before(k) is the word's first scalar, before(k - 1) the one after it.
        let first = before(k)!
        return !((first == "#" || first == "\u{FF03}") && before(k - 1) != "\u{FE0F}")
    }

    /// A scalar that may end a tag: not whitespace, not one of the tag terminators of
    /// ``hashtagExpression`` (U+00AD, U+2060, U+200A–U+200D, U+20E2), not punctuation.
    @Sendable static func isTagCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xAD, 0x2060, 0x200A...0x200D, 0x20E2: return false
        default: return !JavaScriptWhitespace.contains(scalar) && !isPunctuation(scalar)
        }
    }

    @Sendable static func isASCIIAlphanumericScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && isASCIIAlphanumeric(UInt8(scalar.value))
    }
}
