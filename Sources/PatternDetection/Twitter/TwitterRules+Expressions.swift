/// The PCRE2 expressions for mentions and cashtags, and their post-filters.
///
/// Each keeps the reference's shape, preceding character included in the match, so the
/// find-next-from-the-end loop consumes exactly the text the reference's global `replace` loop
/// consumes (a match rejected by a post-filter still consumes it). Classes are spelled out instead
/// of using PCRE2's caseless mode, which folds case differently from JavaScript.
extension TwitterRules {
    /// `validMentionOrList`: a preceding character that is not `[A-Za-z0-9_!#$%&*@＠]` (or the text
    /// start, or `RT`/`rt`/`Rt`/`rT` with an optional colon after such a character), an at sign,
    /// 1–20 screen-name characters, an optional `/slug`. Groups: 1 at sign, 2 name, 3 slug.
    static let mentionExpression =
        #"(?:^|[^a-zA-Z0-9_!#$%&*@\x{FF20}]|(?:^|[^a-zA-Z0-9_+~.\-])(?:rt|RT|rT|Rt):?)"#
        + #"([@\x{FF20}])([a-zA-Z0-9_]{1,20})(/[a-zA-Z][a-zA-Z0-9_\-]{0,24})?"#

    /// `validCashtag`: start or twitter-text whitespace, `$`, 1–6 ASCII letters with an optional
    /// `.` or `_` and 1–2 letters, then the end, JavaScript whitespace (`\s`, which has U+FEFF and
    /// lacks U+0085 and U+180E) or ASCII punctuation other than `"` and `` ` ``. Group 1: `$` and the
    /// ticker.
    static let cashtagExpression =
        #"(?:^|[\t-\r \x{85}\x{A0}\x{1680}\x{180E}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}])"#
        + #"(\$[A-Za-z]{1,6}(?:[._][A-Za-z]{1,2})?)"#
        + #"(?=\z|[\t-\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}]"#
        + #"|[!'#%&()*+,\\\-./:;<=>?@\[\]^_{|}~$])"#

    func mentions(in text: UnsafeBufferPointer<UInt8>, scan: Range<Int>, scratch: MatchScratch) throws(PatternError)
        -> [Span]
    {
        var found: [Span] = []
        try mentionPattern.forEachMatch(in: text, startingIn: scan, scratch: scratch) { match in
            guard let sign = scratch.captureRange(1), !Self.endsMention(text, at: match.upperBound) else { return }
            found.append(Span(kind: .mention, utf8Range: sign.lowerBound..<match.upperBound))
        }
        return found
    }

    func cashtags(in text: UnsafeBufferPointer<UInt8>, scan: Range<Int>, scratch: MatchScratch) throws(PatternError)
        -> [Span]
    {
        var found: [Span] = []
        try cashtagPattern.forEachMatch(in: text, startingIn: scan, scratch: scratch) { _ in
            guard let tag = scratch.captureRange(1) else { return }
            found.append(Span(kind: .cashtag, utf8Range: tag))
        }
        return found
    }
}
