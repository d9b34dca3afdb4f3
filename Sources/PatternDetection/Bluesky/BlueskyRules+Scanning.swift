/// The one pass behind ``BlueskyRules/spans(in:startingIn:scratch:)``: it visits only the
/// positions where a reference match can start and runs the per-kind checks there.
///
/// Every one of the reference's four expressions starts with a context group (`^|\s|\(`, or `^|\s`
/// for tags) that it consumes, so a facet can start only at the text start, right after JavaScript
/// whitespace, or right after `(`: the "candidate starts". Between two of them the scan reads each
/// byte once, through a range check that lets ASCII letters, digits and most punctuation (and
/// UTF-8 continuation bytes) pass; only the separators, `(` and the lead bytes of multi-byte
/// whitespace stop it. At a candidate start the first byte picks the one kind that can start there
/// (a link starts with an ASCII letter, the others with `@`, `#`/`＃`, `$`).
///
/// The reference runs one global expression per kind, and a rejected match still moves that
/// expression's `lastIndex` past its text. For mentions, tags and cashtags that changes nothing:
/// their matches hold no whitespace and no `(` (a tag body may hold `(`, but a tag needs whitespace
/// before its sign), so no later candidate start of the same kind lies inside one. A link
/// candidate, accepted or not, consumes the rest of its word: no later link starts in that word
/// (`x.jpg(y.com` links nothing), which `linkResume` tracks. Overlaps are removed on the way, as the
/// Bluesky app renders facets: in start order, a span that starts before the previous kept one ends
/// is dropped.
extension BlueskyRules {
    /// - Complexity: O(n) in the bytes from `window.lowerBound` to the end of the last word that
    ///   starts in `window`: each byte is read by the candidate search once and by at most one
    ///   per-kind check (a mention's backtracking re-reads only its own handle run).
    func scan(_ text: UnsafeBufferPointer<UInt8>, window: Range<Int>) -> [Span] {
        let classes = Self.byteClasses
        var spans: [Span] = []
        var keptEnd = 0
        var linkResume = window.lowerBound
        var candidate = window.lowerBound
        var afterParenthesis = false
        var isCandidate = Self.isCandidateStart(window.lowerBound, in: text, afterParenthesis: &afterParenthesis)
        while candidate < window.upperBound {
            var searchFrom = candidate
            if isCandidate {
                var found: Span?
                let byte = text[candidate]
                switch byte {
                case UInt8(ascii: "@"):
                    if let end = Self.mentionEnd(in: text, sign: candidate) {
                        found = Span(kind: .mention, utf8Range: candidate..<end)
                    }
                case UInt8(ascii: "#"):
                    if !afterParenthesis, let end = Self.hashtagEnd(in: text, sign: candidate, signLength: 1) {
                        found = Span(kind: .hashtag, utf8Range: candidate..<end)
                    }
                case 0xEF:  // ＃ is EF BC 83
                    if !afterParenthesis, candidate + 2 < text.count, text[candidate + 1] == 0xBC,
                        text[candidate + 2] == 0x83,
                        let end = Self.hashtagEnd(in: text, sign: candidate, signLength: 3)
                    {
                        found = Span(kind: .hashtag, utf8Range: candidate..<end)
                    }
                case UInt8(ascii: "$"):
                    if let end = Self.cashtagEnd(in: text, sign: candidate) {
                        found = Span(kind: .cashtag, utf8Range: candidate..<end)
                    }
                default:
                    guard classes.contains(byte, Self.letter), candidate >= linkResume else { break }
                    let (isLink, alphanumericEnd) = Self.linkCandidate(in: text, at: candidate, classes: classes)
                    guard isLink else {
                        searchFrom = alphanumericEnd
                        break
                    }
                    let wordEnd = JavaScriptWhitespace.wordEnd(from: alphanumericEnd, in: text)
                    linkResume = wordEnd
                    if let end = Self.linkEnd(in: text, start: candidate, wordEnd: wordEnd) {
                        found = Span(kind: .url, utf8Range: candidate..<end)
                    }
                }
                if let span = found, span.utf8Range.lowerBound >= keptEnd {
                    spans.append(span)
                    keptEnd = span.utf8Range.upperBound
                }
            }
            guard let next = Self.nextCandidateStart(from: searchFrom, before: window.upperBound, in: text,
                classes: classes, afterParenthesis: &afterParenthesis)
            else { break }
            candidate = next
            isCandidate = true
        }
        return spans
    }

    /// Whether a match may start at `offset`: it is 0 or follows whitespace or `(`.
    private static func isCandidateStart(_ offset: Int, in text: UnsafeBufferPointer<UInt8>,
        afterParenthesis: inout Bool) -> Bool
    {
        guard offset > 0 else { return true }
        let before = text.scalarStart(before: offset)
        afterParenthesis = text[before] == UInt8(ascii: "(")
        return afterParenthesis || JavaScriptWhitespace.length(at: before, in: text) > 0
    }

    /// The first candidate start after `offset`: just past the first whitespace scalar or `(` at
    /// or after `offset` that starts before `limit`, or nil.
    @inline(__always)
    private static func nextCandidateStart(from offset: Int, before limit: Int, in text: UnsafeBufferPointer<UInt8>,
        classes: ByteClassTable, afterParenthesis: inout Bool) -> Int?
    {
        var position = offset
        while position < limit {
            let byte = text[position]
            guard classes.contains(byte, stopByte) else {
                position += 1
                continue
            }
            if byte == UInt8(ascii: "(") {
                afterParenthesis = true
                return position + 1
            }
            let length = byte < 0x80 ? 1 : JavaScriptWhitespace.length(at: position, in: text)
            if length > 0 {
                afterParenthesis = false
                return position + length
            }
            position += 1
        }
        return nil
    }

    /// ASCII letters.
    static let letter: UInt8 = 1
    /// ASCII letters and digits.
    static let alphanumeric: UInt8 = 2
    /// Handle characters, `[A-Za-z0-9.-]`.
    static let handleByte: UInt8 = 4
    /// JavaScript's ASCII word characters, `[A-Za-z0-9_]`.
    static let wordByte: UInt8 = 8
    /// Bytes the candidate search stops at: ASCII whitespace, `(`, and the lead bytes of the
    /// multi-byte whitespace scalars (`C2` U+00A0, `E1` U+1680, `E2` U+2000…, `E3` U+3000,
    /// `EF` U+FEFF).
    static let stopByte: UInt8 = 16

    static let byteClasses = ByteClassTable { byte in
        var flags: UInt8 = 0
        let isLetter = (byte | 0x20) &- UInt8(ascii: "a") < 26
        let isDigit = byte &- UInt8(ascii: "0") < 10
        if isLetter { flags |= letter }
        if isLetter || isDigit { flags |= alphanumeric | handleByte | wordByte }
        if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") { flags |= handleByte }
        if byte == UInt8(ascii: "_") { flags |= wordByte }
        switch byte {
        case 0x09...0x0D, 0x20, UInt8(ascii: "("), 0xC2, 0xE1, 0xE2, 0xE3, 0xEF: flags |= stopByte
        default: break
        }
        return flags
    }

    @inline(__always)
    static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        byteClasses.contains(byte, alphanumeric)
    }

    @inline(__always)
    static func isASCIILetter(_ byte: UInt8) -> Bool {
        byteClasses.contains(byte, letter)
    }

    /// Whether `bytes` starts with exactly `http` (the reference's case-sensitive `startsWith`).
    static func startsWithLowercaseHTTP(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        let start = bytes.startIndex
        return bytes.count >= 4 && bytes[start] == UInt8(ascii: "h") && bytes[start + 1] == UInt8(ascii: "t")
            && bytes[start + 2] == UInt8(ascii: "t") && bytes[start + 3] == UInt8(ascii: "p")
    }

    /// Whether `label` (ASCII) is a TLD of the list, compared case-sensitively.
    static func isTLD(_ label: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard !label.isEmpty, label.count <= BlueskyTLDs.maximumLength else { return false }
        return BlueskyTLDs.all.contains(String(decoding: label, as: UTF8.self))
    }

    /// The reference's `isValidDomain`: the text ends in `.` + a listed TLD, i.e. it has a dot and
    /// the label after its last dot is a TLD.
    package static func endsInListedTLD(_ name: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard let lastDot = name.lastIndex(of: UInt8(ascii: ".")) else { return false }
        return isTLD(name[(lastDot + 1)...])
    }
}
