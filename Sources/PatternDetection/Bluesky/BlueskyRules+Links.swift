extension BlueskyRules {
    /// Links, with or without a scheme, after the text start, whitespace or `(`.
    ///
    /// The reference's match always runs to the end of the word (`[\S]+` / `[\S]*`), so there is at
    /// most one candidate per word and a rejected one hides any later start in the same word
    /// (`x.jpg(y.com` links nothing). Then, as the reference decides in code:
    /// - text starting with exactly `http` is linked as it is, whichever branch matched (so
    ///   `httpbin.org` and even `http.jpg` link, with the text as URI);
    /// - otherwise a schemed match (`HTTPS://…`, `Http://…`) is dropped;
    /// - otherwise the bare domain (ASCII letters and digits, no `-`, the longest run of labels) must
    ///   end in a listed TLD, case-sensitively.
    /// The span then loses one final `. , ; : ! ?`, then one final `)` if it holds no `(`.
    func appendLinks(
        in text: UnsafeBufferPointer<UInt8>, startingIn window: Range<Int>, scratch: MatchScratch,
        to spans: inout [Span]
    ) throws(PatternError) {
        try Self.forEachCandidate(of: linkPattern, in: text, startingIn: window, scratch: scratch) { match in
            let start = match.lowerBound
            let wordEnd = JavaScriptWhitespace.wordEnd(from: match.upperBound, in: text)
            if let end = Self.linkEnd(in: text, start: start, wordEnd: wordEnd) {
                spans.append(Span(kind: .url, utf8Range: start..<end))
            }
            return wordEnd
        }
    }

    /// Where the link that starts at `start` ends after clean-up, or `nil` when the reference
    /// rejects the candidate. `start..<wordEnd` is the candidate's word, found by the expression.
    static func linkEnd(in text: UnsafeBufferPointer<UInt8>, start: Int, wordEnd: Int) -> Int? {
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
