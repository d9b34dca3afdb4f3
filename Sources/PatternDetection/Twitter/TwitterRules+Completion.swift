/// How mentions, hashtags and cashtags are typed under the `twitter` rules, for completion.
///
/// Start rules are those of twitter-text's expressions as its global scans apply them; bodies are
/// the characters its names and tags are made of, without the length limits and the rules about
/// what must follow (those are detection's, and a detected span at the caret wins anyway):
/// - mention: `@`/`＠` not after an ASCII letter or digit or one of `_ ! # $ % & * @ ＠`, except
///   that `RT`/`rt` (any case) right before is allowed when the character before *it* is not
///   `[A-Za-z0-9_+~.-]`; and not where the preceding characters belong to an earlier mention
///   (`@RT@al`, `@a/b-@al`: the reference's scan has consumed them). Body `[A-Za-z0-9_]`. A name
///   longer than 20 is still completed: detection cuts it at 20, so a caret within the first 20
///   characters gets the detected 20-character span and a caret further right gets the whole run
///   (the query the user is typing).
/// - hashtag: `#`/`＃` at the text start, after U+FE0E or U+FE0F (unless an earlier tag ends with
///   it), or after a character that is neither a hashtag character nor `&`; body: hashtag
///   characters (letters, marks, digits, `_` and the joiners), not starting with U+FE0F or U+20E3.
///   No letter is required while typing (`#1` may become `#1st`).
/// - cashtag: `$` at the text start or after twitter-text whitespace; body ASCII letters (the
///   `.X`/`_X` suffix of `$BRK.B` is covered by the detected span once typed).
extension TwitterRules {
    public var tokenGrammars: [TokenGrammar] { Self.completionGrammars }

    static let completionGrammars: [TokenGrammar] = [
        TokenGrammar(
            kind: .mention, triggers: ["@", "\u{FF20}"], mayStart: mayStartMention(before:),
            body: { $0.isASCII && isScreenNameByte(UInt8($0.value)) }),
        TokenGrammar(
            kind: .hashtag, triggers: ["#", "\u{FF03}"], mayStart: mayStartHashtag(before:),
            bodyStart: { $0 != "\u{FE0F}" && $0 != "\u{20E3}" && isHashtagCharacter($0) },
            body: isHashtagCharacter(_:)),
        TokenGrammar(
            kind: .cashtag, triggers: ["$"],
            mayFollow: { previous in previous.map { TwitterCharacterClasses.isSpace($0.value) } ?? true },
            body: { $0.isASCII && isASCIILetter(UInt8($0.value)) }),
    ]

    /// `validMentionOrList`'s preceding part, as the reference's global scan applies it: the text
    /// start, a character outside `[A-Za-z0-9_!#$%&*@＠]`, or `RT` (any case, an optional `:` after
    /// it) at the text start or after a character outside `[A-Za-z0-9_+~.-]` — unless those
    /// characters were consumed by the match before (see ``mentionMatchEnds(atSign:_:)``). With the
    /// colon the character before the sign is `:`, which the first rule allows already.
    @Sendable static func mayStartMention(before: (Int) -> Unicode.Scalar?) -> Bool {
        mayStartMention(atSign: 0, before)
    }

    /// The start rule for a sign `shift` scalars before the trigger: `before(shift + 1)` is the
    /// scalar right before that sign.
    static func mayStartMention(atSign shift: Int, _ before: (Int) -> Unicode.Scalar?) -> Bool {
        guard let previous = before(shift + 1) else { return true }
        if !isExcludedBeforeMention(previous) {
            // Only a list slug's `-` can be both allowed here and the end of an earlier match.
            return previous != "-" || !mentionMatchEnds(atSign: shift, before)
        }
        guard previous == "t" || previous == "T", let r = before(shift + 2), r == "r" || r == "R" else { return false }
        if let beforeRT = before(shift + 3), beforeRT.isASCII {
            let byte = UInt8(beforeRT.value)
            if isScreenNameByte(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "~")
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
            {
                return false
            }
        }
        // `@RT@al`, `@x/RT@al`: the `RT` is the end of an earlier mention, already consumed.
        return !mentionMatchEnds(atSign: shift, before)
    }

    /// Whether a match of the mention expression (`@name` or `@name/slug`, matched or rejected
    /// afterwards: the reference's scan consumes it either way) ends right before the sign `shift`
    /// scalars back. Reads at most 47 scalars back per earlier sign; only chains of glued list
    /// mentions (`@a/b-@a/b-@…`) recurse further.
    static func mentionMatchEnds(atSign shift: Int, _ before: (Int) -> Unicode.Scalar?) -> Bool {
        let maximumSlug = 25
        let maximumName = 20
        var k = shift + 1
        var onlyNameCharacters = true
        while let scalar = before(k), scalar.isASCII, isSlugByte(UInt8(scalar.value)) {
            if scalar == "-" { onlyNameCharacters = false }
            k += 1
            if k - shift - 1 > maximumSlug { return false }
        }
        let run = k - shift - 1
        guard run >= 1, let stop = before(k) else { return false }
        if stop == "@" || stop == "\u{FF20}" {
            return onlyNameCharacters && run <= maximumName && mayStartMention(atSign: k, before)
        }
        guard stop == "/", let slugStart = before(k - 1), slugStart.isASCII, isASCIILetter(UInt8(slugStart.value))
        else {
            return false
        }
        var j = k + 1
        while let scalar = before(j), scalar.isASCII, isScreenNameByte(UInt8(scalar.value)) {
            j += 1
            if j - k - 1 > maximumName { return false }
        }
        guard j > k + 1, let sign = before(j), sign == "@" || sign == "\u{FF20}" else { return false }
        return mayStartMention(atSign: j, before)
    }

    static func isSlugByte(_ byte: UInt8) -> Bool {
        isScreenNameByte(byte) || byte == UInt8(ascii: "-")
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

    /// `validHashtag`'s boundary, as the reference's scan applies it: the text start, U+FE0E,
    /// U+FE0F, or a character that is neither a hashtag character nor `&` — unless it was consumed
    /// by the tag before. Only U+FE0E and U+FE0F can be both (they are hashtag characters), as in
    /// `#a\u{FE0F}#b`, where the tag `#a\u{FE0F}` (rejected for the `#` after it) has consumed it.
    @Sendable static func mayStartHashtag(before: (Int) -> Unicode.Scalar?) -> Bool {
        mayStartHashtag(atSign: 0, before)
    }

    static func mayStartHashtag(atSign shift: Int, _ before: (Int) -> Unicode.Scalar?) -> Bool {
        guard let previous = before(shift + 1) else { return true }
        if previous == "\u{FE0E}" || previous == "\u{FE0F}" { return !hashtagMatchEnds(atSign: shift, before) }
        return previous != "&" && !isHashtagCharacter(previous)
    }

    /// Whether a tag (a sign that may start one, then a run of hashtag characters holding a letter)
    /// ends right before the sign `shift` scalars back.
    /// - Complexity: O(the run of hashtag characters before the sign).
    static func hashtagMatchEnds(atSign shift: Int, _ before: (Int) -> Unicode.Scalar?) -> Bool {
        var k = shift + 1
        var hasLetter = false
        while let scalar = before(k), isHashtagCharacter(scalar) {
            if !hasLetter, TwitterCharacterClasses.hashtagLetters.contains(scalar.value) { hasLetter = true }
            k += 1
        }
        guard hasLetter, let sign = before(k), sign == "#" || sign == "\u{FF03}", let first = before(k - 1),
            first != "\u{FE0F}", first != "\u{20E3}"
        else { return false }
        return mayStartHashtag(atSign: k, before)
    }

    @Sendable static func isHashtagCharacter(_ scalar: Unicode.Scalar) -> Bool {
        TwitterCharacterClasses.hashtagLettersAndDigits.contains(scalar.value)
    }

    @inline(__always)
    static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
}
