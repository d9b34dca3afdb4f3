/// The PCRE2 expressions behind ``BlueskyRules``, one per kind.
///
/// The reference's leading group `(^|\s|\()` becomes the look-behind `(?<![^WS(])`: "no character
/// before, or one of these". It reads one scalar before the candidate and never consumes it, which
/// is equivalent here because no match of the same expression can end with whitespace or `(`
/// followed directly by another candidate (checked per expression below).
extension BlueskyRules {
    /// JavaScript's `\s`, as a class body.
    static let whitespace = JavaScriptWhitespace.pcre2Class

    /// The characters that end a tag body besides whitespace (the reference's "zero-width
    /// spaces"): soft hyphen, word joiner, hair space, zero-width space / non-joiner / joiner and
    /// the combining enclosing upward-pointing triangle U+20E2.
    static let tagTerminators = #"\x{AD}\x{2060}\x{200A}\x{200B}\x{200C}\x{200D}\x{20E2}"#

    /// `@` + handle, cut back to the last ASCII word boundary (JavaScript's `\b` without the `u`
    /// flag: only `[A-Za-z0-9_]` are word characters). The handle ends in a letter or digit with no
    /// word character after it, or in `.`/`-` with one after it. A match ends in a handle
    /// character, never in whitespace or `(`.
    static let mentionExpression =
        #"(?<![^"# + whitespace + #"(])@[A-Za-z0-9.-]+"#
        + #"(?:(?<=[A-Za-z0-9])(?![A-Za-z0-9_])|(?<=[.-])(?=[A-Za-z0-9_]))"#

    /// The start of a link candidate: a scheme (`http://` / `https://` in any case, as the
    /// reference's `i` flag allows, then one non-space) or a bare domain's first two labels (an ASCII
    /// letter, letters and digits, a dot, a letter or digit). The match is only the start: the
    /// post-filter reads the rest of the word, which the reference's `[\S]*` always consumes.
    static let linkExpression =
        #"(?<![^"# + whitespace + #"(])"#
        + #"(?:[hH][tT][tT][pP][sS]?://[^"# + whitespace + #"]|[A-Za-z][A-Za-z0-9]*+\.[A-Za-z0-9])"#

    /// `#` or `＃` at the start of a word, not followed by U+FE0F (the keycap emoji), then the whole
    /// candidate body up to whitespace or a terminator. The post-filter decides whether the body
    /// counts and trims it. A match ends in a body character or the sign itself, never whitespace.
    static let hashtagExpression =
        #"(?<![^"# + whitespace + #"])[#\x{FF03}](?!\x{FE0F})[^"# + whitespace + tagTerminators + #"]*+"#

    /// `$` + an ASCII letter + up to four ASCII letters or digits, then whitespace, the end of the
    /// text, or one of `. , ; : ! ? ) " ' ’`. Complete: no post-filter. A match ends in a letter or
    /// digit.
    static let cashtagExpression =
        #"(?<![^"# + whitespace + #"(])\$[A-Za-z][A-Za-z0-9]{0,4}"#
        + #"(?=["# + whitespace + #".,;:!?)"'\x{2019}]|\z)"#
}
