/// The one pass behind ``BlueskyRules/spans(in:startingIn:)``: it skips every byte that
/// cannot belong to a facet's start and runs the per-kind checks only at the few that can.
///
/// Every one of the reference's four expressions starts with a context group (`^|\s|\(`, or `^|\s`
/// for tags) that it consumes, so a facet starts at the text start, right after JavaScript
/// whitespace, or right after `(`. Mentions, tags and cashtags start with their sign (`@`, `#`/`＃`,
/// `$`); a link starts with an ASCII letter, and its match needs a `.` (a bare domain) or a `:`
/// (`http://`) within its word. So the scan looks only for the trigger bytes `@ # $ . :` and `EF`
/// (the lead byte of `＃`), sixteen bytes at a time; at a sign it checks the scalar before it, at
/// a `.` or `:` that could be part of a link match (``mayEndLinkStart(at:in:classes:)``) it reads
/// the word around it once for a link.
///
/// The reference runs one global expression per kind, and a rejected match still moves that
/// expression's `lastIndex` past its text. For mentions, tags and cashtags that changes nothing:
/// their matches hold no whitespace and no `(` (a tag body may hold `(`, but a tag needs whitespace
/// before its sign), so no later start of the same kind lies inside one. A link candidate, accepted
/// or not, consumes the rest of its word: only the first candidate of a word counts
/// (`x.jpg(y.com` links nothing). Overlaps are removed as the Bluesky app renders facets: in start
/// order, a span that starts before the previous kept one ends is dropped.
extension BlueskyRules {
    /// - Complexity: O(n) in the bytes from `window.lowerBound` to the end of the last word that
    ///   starts in `window`: the trigger search reads each byte once, a word with a `.` or `:` is
    ///   read twice more (back to its start, then forward for its candidates), and each check reads
    ///   only its own candidate's text (a mention re-reads its handle run while cutting it back).
    func scan(_ text: UnsafeBufferPointer<UInt8>, window: Range<Int>) -> [Span] {
        let classes = Self.byteClasses
        let triggers = Self.triggers
        var links: [Span] = []
        var signed: [Span] = []
        var linkWordsEnd = window.lowerBound
        var position = window.lowerBound
        while true {
            position = triggers.firstIndex(in: text, from: position, before: window.upperBound)
            guard position < window.upperBound else { break }
            switch text[position] {
            case UInt8(ascii: "@"):
                if Self.isCandidateStart(position, in: text, allowingParenthesis: true),
                    let end = Self.mentionEnd(in: text, sign: position)
                {
                    signed.append(Span(kind: .mention, utf8Range: position..<end))
                }
            case UInt8(ascii: "#"):
                if Self.isCandidateStart(position, in: text, allowingParenthesis: false),
                    let end = Self.hashtagEnd(in: text, sign: position, signLength: 1)
                {
                    signed.append(Span(kind: .hashtag, utf8Range: position..<end))
                }
            case 0xEF:  // ＃ is EF BC 83
                if position + 2 < text.count, text[position + 1] == 0xBC, text[position + 2] == 0x83,
                    Self.isCandidateStart(position, in: text, allowingParenthesis: false),
                    let end = Self.hashtagEnd(in: text, sign: position, signLength: 3)
                {
                    signed.append(Span(kind: .hashtag, utf8Range: position..<end))
                }
            case UInt8(ascii: "$"):
                if Self.isCandidateStart(position, in: text, allowingParenthesis: true),
                    let end = Self.cashtagEnd(in: text, sign: position)
                {
                    signed.append(Span(kind: .cashtag, utf8Range: position..<end))
                }
            default:  // `.` or `:`
                if position >= linkWordsEnd, Self.mayEndLinkStart(at: position, in: text, classes: classes) {
                    linkWordsEnd = Self.appendLink(
                        inWordAround: position, in: text, window: window, classes: classes, to: &links)
                }
            }
            position += 1
        }
        return Self.mergedWithoutOverlaps(links, signed)
    }

    /// Whether the `.` or `:` at `trigger` can be the one a link candidate's match holds: a `.`
    /// between two ASCII letters or digits (`[A-Za-z][A-Za-z0-9]*\.[A-Za-z0-9]`), or a `:` after
    /// one and before `//` (`https?://`). A word whose triggers all fail this holds no candidate.
    @inline(__always)
    private static func mayEndLinkStart(at trigger: Int, in text: UnsafeBufferPointer<UInt8>, classes: ByteClassTable)
        -> Bool
    {
        guard trigger > 0, trigger + 1 < text.count, classes.contains(text[trigger - 1], alphanumeric) else { return false }
        if text[trigger] == UInt8(ascii: ".") { return classes.contains(text[trigger + 1], alphanumeric) }
        return trigger + 2 < text.count && text[trigger + 1] == UInt8(ascii: "/") && text[trigger + 2] == UInt8(ascii: "/")
    }

    /// Reads the word around `trigger` (a `.` or `:`) for its link candidate: the first position
    /// in it, in `window`, that is a candidate start holding an ASCII letter and where the link
    /// expression matches. Appends the link when the reference keeps it; returns the word's end.
    private static func appendLink(
        inWordAround trigger: Int, in text: UnsafeBufferPointer<UInt8>, window: Range<Int>, classes: ByteClassTable,
        to links: inout [Span]
    ) -> Int {
        var wordStart = trigger
        while wordStart > window.lowerBound {
            let byte = text[wordStart - 1]
            if byte < 0x80 {
                if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) { break }
                wordStart -= 1
                continue
            }
            let scalarStart = text.scalarStart(before: wordStart)
            if JavaScriptWhitespace.length(at: scalarStart, in: text) > 0 { break }
            wordStart = scalarStart
        }
        let wordEnd = JavaScriptWhitespace.wordEnd(from: trigger, in: text)
        var candidate = wordStart
        var isCandidate = isCandidateStart(wordStart, in: text, allowingParenthesis: true)
        while candidate < wordEnd, candidate < window.upperBound {
            if isCandidate, classes.contains(text[candidate], letter),
                linkCandidate(in: text, at: candidate, classes: classes).isCandidate
            {
                if let end = linkEnd(in: text, start: candidate, wordEnd: wordEnd) {
                    links.append(Span(kind: .url, utf8Range: candidate..<end))
                }
                break
            }
            guard let parenthesis = text[candidate..<wordEnd].firstIndex(of: UInt8(ascii: "(")) else { break }
            candidate = parenthesis + 1
            isCandidate = true
        }
        return wordEnd
    }

    /// Whether a match may start at `offset`: it is 0 or follows whitespace (or `(`, when allowed).
    @inline(__always)
    private static func isCandidateStart(_ offset: Int, in text: UnsafeBufferPointer<UInt8>, allowingParenthesis: Bool)
        -> Bool
    {
        guard offset > 0 else { return true }
        let byte = text[offset - 1]
        if byte < 0x80 {
            return byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) || (allowingParenthesis && byte == UInt8(ascii: "("))
        }
        return JavaScriptWhitespace.length(at: text.scalarStart(before: offset), in: text) > 0
    }

    /// Merges the links and the sign-started spans (each sorted by start) into one list, dropping
    /// every span that starts before the previous survivor ends, as the Bluesky app skips a facet
    /// that starts inside the one before it. Starts never tie (each kind starts with its own
    /// character).
    /// - Complexity: O(total spans).
    static func mergedWithoutOverlaps(_ links: [Span], _ signed: [Span]) -> [Span] {
        if links.isEmpty { return signed.isEmpty ? [] : withoutOverlaps(signed) }
        var kept: [Span] = []
        kept.reserveCapacity(links.count + signed.count)
        var linkIndex = 0, signedIndex = 0, cursor = 0
        while linkIndex < links.count || signedIndex < signed.count {
            let span: Span
            if signedIndex == signed.count
                || (linkIndex < links.count
                    && links[linkIndex].utf8Range.lowerBound < signed[signedIndex].utf8Range.lowerBound)
            {
                span = links[linkIndex]
                linkIndex += 1
            } else {
                span = signed[signedIndex]
                signedIndex += 1
            }
            if span.utf8Range.lowerBound >= cursor {
                kept.append(span)
                cursor = span.utf8Range.upperBound
            }
        }
        return kept
    }

    private static func withoutOverlaps(_ spans: [Span]) -> [Span] {
        var kept = spans
        var count = 0, cursor = 0
        for index in kept.indices where kept[index].utf8Range.lowerBound >= cursor {
            cursor = kept[index].utf8Range.upperBound
            kept[count] = kept[index]
            count += 1
        }
        kept.removeLast(kept.count - count)
        return kept
    }

    /// ASCII letters.
    static let letter: UInt8 = 1
    /// ASCII letters and digits.
    static let alphanumeric: UInt8 = 2
    /// Handle characters, `[A-Za-z0-9.-]`.
    static let handleByte: UInt8 = 4
    /// JavaScript's ASCII word characters, `[A-Za-z0-9_]`.
    static let wordByte: UInt8 = 8
    /// The bytes the scan stops at: the signs `@ # $`, `EF` (the lead byte of `＃`), and `.` and `:`,
    /// one of which every link candidate's word holds.
    static let triggers = ByteSetSearch([UInt8(ascii: "@"), UInt8(ascii: "#"), UInt8(ascii: "$"), 0xEF,
        UInt8(ascii: "."), UInt8(ascii: ":")])

    static let byteClasses = ByteClassTable { byte in
        var flags: UInt8 = 0
        if isASCIILetter(byte) { flags |= letter }
        if isASCIIAlphanumeric(byte) { flags |= alphanumeric | handleByte | wordByte }
        if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") { flags |= handleByte }
        if byte == UInt8(ascii: "_") { flags |= wordByte }
        return flags
    }

    @inline(__always)
    static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        isASCIILetter(byte) || byte &- UInt8(ascii: "0") < 10
    }

    @inline(__always)
    static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26
    }

    /// Whether `bytes` starts with exactly `http` (the reference's case-sensitive `startsWith`).
    static func startsWithLowercaseHTTP(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        let start = bytes.startIndex
        return bytes.count >= 4 && bytes[start] == UInt8(ascii: "h") && bytes[start + 1] == UInt8(ascii: "t")
            && bytes[start + 2] == UInt8(ascii: "t") && bytes[start + 3] == UInt8(ascii: "p")
    }

    /// Whether `label` (ASCII) is a TLD of the list, compared case-sensitively.
    static func isTLD(_ label: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        BlueskyTLDs.set.contains(label)
    }

    /// The reference's `isValidDomain`: the text ends in `.` + a listed TLD, i.e. it has a dot and
    /// the label after its last dot is a TLD.
    package static func endsInListedTLD(_ name: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard let lastDot = name.lastIndex(of: UInt8(ascii: ".")) else { return false }
        return isTLD(name[(lastDot + 1)...])
    }
}
