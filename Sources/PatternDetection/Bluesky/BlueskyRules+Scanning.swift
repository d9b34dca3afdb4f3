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
    func scan(_ text: UnsafeBufferPointer<UInt8>, window: Range<Int>, _ body: (Span) -> Void) {
        let classes = Self.byteClasses
        let triggers = Self.triggers
        var merge = OverlapMerge()
        var linkWordsEnd = window.lowerBound
        var position = window.lowerBound
        var hits = ByteSetHits(triggers, in: text, before: window.upperBound)
        while true {
            position = hits.first(from: position)
            guard position < window.upperBound else { break }
            switch text[position] {
            case UInt8(ascii: "@"):
                if Self.isCandidateStart(position, in: text, allowingParenthesis: true),
                    let end = Self.mentionEnd(in: text, sign: position)
                {
                    merge.offer(signed: Span(kind: .mention, utf8Range: position..<end), body)
                }
            case UInt8(ascii: "#"):
                if Self.isCandidateStart(position, in: text, allowingParenthesis: false),
                    let end = Self.hashtagEnd(in: text, sign: position, signLength: 1)
                {
                    merge.offer(signed: Span(kind: .hashtag, utf8Range: position..<end), body)
                }
            case 0xEF:  // ＃ is EF BC 83
                if position + 2 < text.count, text[position + 1] == 0xBC, text[position + 2] == 0x83,
                    Self.isCandidateStart(position, in: text, allowingParenthesis: false),
                    let end = Self.hashtagEnd(in: text, sign: position, signLength: 3)
                {
                    merge.offer(signed: Span(kind: .hashtag, utf8Range: position..<end), body)
                }
            case UInt8(ascii: "$"):
                if Self.isCandidateStart(position, in: text, allowingParenthesis: true),
                    let end = Self.cashtagEnd(in: text, sign: position)
                {
                    merge.offer(signed: Span(kind: .cashtag, utf8Range: position..<end), body)
                }
            default:  // `.` or `:`
                if position >= linkWordsEnd, Self.mayEndLinkStart(at: position, in: text, classes: classes) {
                    let (link, wordEnd) = Self.link(inWordAround: position, in: text, window: window, classes: classes)
                    if let link { merge.offer(link: link, body) }
                    linkWordsEnd = wordEnd
                }
            }
            position += 1
        }
        merge.finish(body)
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
    /// expression matches. Returns the link when the reference keeps it, and the word's end.
    private static func link(
        inWordAround trigger: Int, in text: UnsafeBufferPointer<UInt8>, window: Range<Int>, classes: ByteClassTable
    ) -> (link: Span?, wordEnd: Int) {
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
                guard let end = linkEnd(in: text, start: candidate, wordEnd: wordEnd) else { break }
                return (Span(kind: .url, utf8Range: candidate..<end), wordEnd)
            }
            guard let parenthesis = text[candidate..<wordEnd].firstIndex(of: UInt8(ascii: "(")) else { break }
            candidate = parenthesis + 1
            isCandidate = true
        }
        return (nil, wordEnd)
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

    /// Overlap removal as the Bluesky app renders facets, done as the scan finds spans: in start
    /// order, a span that starts before the previous kept one ends is dropped. Starts never tie
    /// (each kind starts with its own character).
    ///
    /// The scan finds sign-started spans in start order, and at most one link per word, when it
    /// reaches the word's first `.` or `:` that can end a link's start. Every span found before that
    /// trigger starts before it, and so before the link unless the link starts after the trigger
    /// (its candidate follows a `(` later in the word; the run from a link's start to its first
    /// `.` or `:` holds no sign). So the link waits until a span starting after it is offered, or
    /// the next link, or the end: spans then go out in start order, with one link held at most.
    struct OverlapMerge {
        private var pendingLink: Span?
        private var cursor = 0

        /// A mention, tag or cashtag; offered in start order.
        @inline(__always)
        mutating func offer(signed span: Span, _ body: (Span) -> Void) {
            if let link = pendingLink, link.utf8Range.lowerBound < span.utf8Range.lowerBound {
                pendingLink = nil
                keep(link, body)
            }
            keep(span, body)
        }

        /// A word's link; words are offered in order.
        mutating func offer(link: Span, _ body: (Span) -> Void) {
            if let previous = pendingLink { keep(previous, body) }
            pendingLink = link
        }

        /// Hands out the link still held.
        mutating func finish(_ body: (Span) -> Void) {
            if let link = pendingLink {
                pendingLink = nil
                keep(link, body)
            }
        }

        @inline(__always)
        private mutating func keep(_ span: Span, _ body: (Span) -> Void) {
            guard span.utf8Range.lowerBound >= cursor else { return }
            body(span)
            cursor = span.utf8Range.upperBound
        }
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
