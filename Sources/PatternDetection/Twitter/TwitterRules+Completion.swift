/// How mentions, hashtags and cashtags are typed under the `twitter` rules, for completion.
///
/// Start rules are those of twitter-text's expressions; bodies are the characters its names and
/// tags are made of, without the length limits and the rules about what must follow (those are
/// detection's, and a detected span at the caret wins anyway):
/// - mention: `@`/`＠` not after an ASCII letter or digit or one of `_ ! # $ % & * @ ＠`, except
///   that `RT`/`rt` (any case) right before is allowed when the character before *it* is not
///   `[A-Za-z0-9_+~.-]`; body `[A-Za-z0-9_]`. A name longer than 20 is still completed: detection
///   cuts it at 20, so a caret within the first 20 characters gets the detected 20-character span
///   and a caret further right gets the whole run (the query the user is typing).
/// - hashtag: `#`/`＃` at the text start, after U+FE0E or U+FE0F, or after a character that is
///   neither a hashtag character nor `&`; body: hashtag characters (letters, marks, digits, `_`
///   and the joiners), not starting with U+FE0F or U+20E3. No letter is required while typing
///   (`#1` may become `#1st`).
/// - cashtag: `$` at the text start or after twitter-text whitespace; body ASCII letters (the
///   `.X`/`_X` suffix of `$BRK.B` is covered by the detected span once typed).
extension TwitterRules {
    public var tokenGrammars: [TokenGrammar] { Self.completionGrammars }

    static let completionGrammars: [TokenGrammar] = [
        TokenGrammar(
            kind: .mention, triggers: ["@", "\u{FF20}"], mayStart: mayStartMention(before:),
            body: { $0.isASCII && isScreenNameByte(UInt8($0.value)) }),
        TokenGrammar(
            kind: .hashtag, triggers: ["#", "\u{FF03}"], mayFollow: mayStartHashtag(after:),
            bodyStart: { $0 != "\u{FE0F}" && $0 != "\u{20E3}" && isHashtagCharacter($0) },
            body: isHashtagCharacter(_:)),
        TokenGrammar(
            kind: .cashtag, triggers: ["$"],
            mayFollow: { previous in previous.map { TwitterCharacterClasses.isSpace($0.value) } ?? true },
            body: { $0.isASCII && isASCIILetter(UInt8($0.value)) }),
    ]

    /// `validMentionOrList`'s preceding part: the text start, a character outside
    /// `[A-Za-z0-9_!#$%&*@＠]`, or `RT` (any case, an optional `:` after it) at the text start or
    /// after a character outside `[A-Za-z0-9_+~.-]`. With the colon, the character before the sign
    /// is `:`, which the first rule allows already.
    @Sendable static func mayStartMention(before: (Int) -> Unicode.Scalar?) -> Bool {
        guard let previous = before(1) else { return true }
        if !isExcludedBeforeMention(previous) { return true }
        guard previous == "t" || previous == "T", let r = before(2), r == "r" || r == "R" else { return false }
        guard let beforeRT = before(3) else { return true }
        if beforeRT.isASCII {
            let byte = UInt8(beforeRT.value)
            return !(isScreenNameByte(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "~")
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-"))
        }
        return true
    }

    static func isExcludedBeforeMention(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "\u{FF20}" { return true }
        guard scalar.isASCII else { return false }
        let byte = UInt8(scalar.value)
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "*"), UInt8(ascii: "@"):
            return true
        default:
            return isScreenNameByte(byte)
        }
    }

    /// `validHashtag`'s boundary: the text start, U+FE0E, U+FE0F, or a character that is neither a
    /// hashtag character nor `&`.
    @Sendable static func mayStartHashtag(after previous: Unicode.Scalar?) -> Bool {
        guard let previous else { return true }
        if previous == "\u{FE0E}" || previous == "\u{FE0F}" { return true }
        return previous != "&" && !isHashtagCharacter(previous)
    }

    @Sendable static func isHashtagCharacter(_ scalar: Unicode.Scalar) -> Bool {
        TwitterCharacterClasses.hashtagLettersAndDigits.contains(scalar.value)
    }

    @inline(__always)
    static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
}
