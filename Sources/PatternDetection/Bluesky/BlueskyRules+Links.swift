extension BlueskyRules {
    /// Whether a link candidate starts at `start` (a candidate start holding an ASCII letter), and
    /// where the run of ASCII letters and digits from `start` ends (no separator lies before it).
    ///
    /// The reference's expression matches a scheme (`http://` / `https://` in any case, as its `i`
    /// flag allows, then one non-space) or a bare domain's first two labels (a letter, letters and
    /// digits, a dot, a letter or digit). Its match always runs on to the end of the word (`[\S]+`
    /// / `[\S]*`), so there is at most one candidate per word and a rejected one hides any later
    /// start in the same word (`x.jpg(y.com` links nothing). Then, as the reference decides in
    /// code (``linkEnd(in:start:wordEnd:)``):
    /// - text starting with exactly `http` is linked as it is, whichever branch matched (so
    ///   `httpbin.org` and even `http.jpg` link, with the text as URI);
    /// - otherwise a schemed match (`HTTPS://…`, `Http://…`) is dropped;
    /// - otherwise the bare domain (ASCII letters and digits, no `-`, the longest run of labels) must
    ///   end in a listed TLD, case-sensitively.
    /// The span then loses one final `. , ; : ! ?`, then one final `)` if it holds no `(`.
    @inline(__always)
    static func linkCandidate(in text: UnsafeBufferPointer<UInt8>, at start: Int, classes: ByteClassTable)
        -> (isCandidate: Bool, alphanumericEnd: Int)
    {
        var end = start + 1
        while end < text.count, classes.contains(text[end], alphanumeric) { end += 1 }
        guard end + 3 < text.count else {
            let isBareDomain = end + 1 < text.count && text[end] == UInt8(ascii: ".")
                && classes.contains(text[end + 1], alphanumeric)
            return (isBareDomain, end)
        }
        switch text[end] {
        case UInt8(ascii: "."): return (classes.contains(text[end + 1], alphanumeric), end)
        case UInt8(ascii: ":"): return (hasSchemeAndMore(in: text, at: start, alphanumericEnd: end), end)
        default: return (false, end)
        }
    }

    /// `[hH][tT][tT][pP][sS]?://` and one more scalar that is not whitespace, at `start`, where
    /// `start..<alphanumericEnd` are ASCII letters and digits and at least three bytes follow.
    private static func hasSchemeAndMore(in text: UnsafeBufferPointer<UInt8>, at start: Int, alphanumericEnd: Int) -> Bool {
        let schemeLength = alphanumericEnd - start
        guard schemeLength == 4 || schemeLength == 5,
            text[start] | 0x20 == UInt8(ascii: "h"), text[start + 1] | 0x20 == UInt8(ascii: "t"),
            text[start + 2] | 0x20 == UInt8(ascii: "t"), text[start + 3] | 0x20 == UInt8(ascii: "p"),
            schemeLength == 4 || text[start + 4] | 0x20 == UInt8(ascii: "s")
        else { return false }
        let colon = alphanumericEnd
        return text[colon] == UInt8(ascii: ":") && text[colon + 1] == UInt8(ascii: "/")
            && text[colon + 2] == UInt8(ascii: "/") && JavaScriptWhitespace.length(at: colon + 3, in: text) == 0
    }

    /// Where the link that starts at `start` ends after clean-up, or `nil` when the reference
    /// rejects the candidate. `start..<wordEnd` is the candidate's word, found by the expression.
    package static func linkEnd(in text: UnsafeBufferPointer<UInt8>, start: Int, wordEnd: Int) -> Int? {
        let word = text[start..<wordEnd]
        if !startsWithLowercaseHTTP(word) {
            if hasScheme(word) { return nil }
            guard endsInListedTLD(text[start..<domainEnd(in: text, from: start)]) else { return nil }
        }
        var end = wordEnd
        switch text[end - 1] {
        case UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"),
            UInt8(ascii: "!"), UInt8(ascii: "?"):
            end -= 1
        default:
            break
        }
        if text[end - 1] == UInt8(ascii: ")") && !text[start..<end].contains(UInt8(ascii: "(")) {
            end -= 1
        }
        return end
    }

    /// Whether the word matches the scheme branch, `(?i)https?://` + at least one more character;
    /// the reference tries that branch first.
    static func hasScheme(_ word: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var index = word.startIndex
        for letter in "http".utf8 {
            guard index < word.endIndex, word[index] | 0x20 == letter else { return false }
            index += 1
        }
        if index < word.endIndex, word[index] | 0x20 == UInt8(ascii: "s") { index += 1 }
        guard word.endIndex - index > 3 else { return false }
        return word[index] == UInt8(ascii: ":") && word[index + 1] == UInt8(ascii: "/")
            && word[index + 2] == UInt8(ascii: "/")
    }

    /// The end of the bare domain that starts at `start` (the reference's greedy
    /// `[a-z][a-z0-9]*(\.[a-z0-9]+)+`, case-insensitive): the first label, then every `.` that is
    /// followed by a letter or digit, with the label after it.
    static func domainEnd(in text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start + 1
        while index < text.count, isASCIIAlphanumeric(text[index]) { index += 1 }
        while index + 1 < text.count, text[index] == UInt8(ascii: "."), isASCIIAlphanumeric(text[index + 1]) {
            index += 2
            while index < text.count, isASCIIAlphanumeric(text[index]) { index += 1 }
        }
        return index
    }
}
