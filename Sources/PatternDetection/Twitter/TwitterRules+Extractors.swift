/// twitter-text's single extractors, each run alone over a whole text.
extension TwitterRules {
    /// `extractUrlsWithIndices` (scheme-less URLs included).
    public func urlSpans(in text: UnsafeBufferPointer<UInt8>) -> [Span] {
        urls(in: text, scan: 0..<text.count)
    }

    /// `extractMentionsOrListsWithIndices`: mentions and list mentions (`@user/list` is one span).
    public func mentionSpans(in text: UnsafeBufferPointer<UInt8>) -> [Span] {
        mentions(in: text, scan: 0..<text.count)
    }

    /// `extractHashtagsWithIndices`; with `checkingURLOverlap` (the reference's default) hashtags
    /// that overlap a URL are dropped.
    public func hashtagSpans(
        in text: UnsafeBufferPointer<UInt8>, checkingURLOverlap: Bool = true
    ) -> [Span] {
        let scan = 0..<text.count
        guard checkingURLOverlap else { return hashtags(in: text, scan: scan) }
        var tags: [Span] = []
        withTemporaryLists((TwitterEntityList.Source.urls, .hashtags, nil, nil), { TwitterEntityList($0, scan: scan) }) { lists in
            forEachKeptEntity(of: lists, in: text, scan: scan, startingIn: scan) { if $0.kind == .hashtag { tags.append($0) } }
        }
        return tags
    }

    /// `extractCashtagsWithIndices`.
    public func cashtagSpans(in text: UnsafeBufferPointer<UInt8>) -> [Span] {
        cashtags(in: text, scan: 0..<text.count)
    }

    /// `extractReplies`: the mention a reply starts with. A post is a reply when it begins, after
    /// nothing but twitter-text whitespace, with `@`/`＠` and a screen name (up to 20 of
    /// `[A-Za-z0-9_]`) that is not followed by an at sign, a Latin accented letter or `://`. The
    /// span covers the at sign and the screen name (a list slug after it is ignored).
    public func replySpan(in text: UnsafeBufferPointer<UInt8>) -> Span? {
        var position = 0
        while position < text.count {
            let (scalar, length) = text.scalarValue(at: position)
            guard TwitterCharacterClasses.isSpace(scalar) else { break }
            position += length
        }
        guard position < text.count else { return nil }
        let (sign, signLength) = text.scalarValue(at: position)
        guard sign == 0x40 || sign == 0xFF20 else { return nil }
        var end = position + signLength
        while end < text.count, end - position - signLength < 20, Self.isScreenNameByte(text[end]) { end += 1 }
        guard end > position + signLength, !Self.endsMention(text, at: end) else { return nil }
        return Span(kind: .mention, utf8Range: position..<end)
    }

    func urls(in text: UnsafeBufferPointer<UInt8>, scan: Range<Int>) -> [Span] {
        var scanner = TwitterURLScanner(text: text, tlds: tlds)
        return scanner.urls(from: scan.lowerBound, before: scan.upperBound).map { Span(kind: .url, utf8Range: $0) }
    }

    @inline(__always)
    static func isScreenNameByte(_ byte: UInt8) -> Bool {
        TwitterCharacterClasses.isASCIIAlphanumeric(byte) || byte == UInt8(ascii: "_")
    }

    /// `endMentionMatch`: an at sign, a Latin accented letter or `://` right after a mention.
    package static func endsMention(_ text: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
        guard position < text.count else { return false }
        let (scalar, _) = text.scalarValue(at: position)
        return scalar == 0x40 || scalar == 0xFF20 || TwitterCharacterClasses.isLatinAccent(scalar)
            || startsWithSchemeSeparator(text, at: position)
    }

    static func startsWithSchemeSeparator(_ text: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
        text.count - position >= 3 && text[position] == UInt8(ascii: ":") && text[position + 1] == UInt8(ascii: "/")
            && text[position + 2] == UInt8(ascii: "/")
    }
}
