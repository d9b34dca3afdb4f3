/// twitter-text's `validMentionOrList` and its post-filter, scanned in Swift.
///
/// The expression (flag `g`) is a preceding context, an at sign (`@` or `＠`), 1–20 screen-name
/// characters `[A-Za-z0-9_]` and an optional list slug `/[A-Za-z][A-Za-z0-9_-]{0,24}`. The context
/// is one of: the text start; a character that is not `[A-Za-z0-9_!#$%&*@＠]`; or `RT`, `rt`, `Rt`
/// or `rT` with an optional `:`, itself after the text start or a character that is not
/// `[A-Za-z0-9_+~.-]`. The context is part of the match, so it must lie at or after the end of the
/// previous match (the reference's `lastIndex`): after a rejected `@a/b-`, a glued `@c` has no
/// context left. The name and slug are greedy and nothing follows them, so each sign has at most
/// one match, and signs meet their matches in text order. A match followed by an at sign, a Latin
/// accented letter or `://` is dropped (`endMentionMatch`) but still consumes its text.
/// - Complexity: O(n): the sign search reads each byte once (sixteen at a time), each match reads
///   at most four scalars of context and its own name and slug.
extension TwitterRules {
    package func mentions(in text: UnsafeBufferPointer<UInt8>, scan: Range<Int>) -> [Span] {
        ResumableScan.collect(scan) { mentions(in: text, scan: scan, resuming: &$0, atMost: $1, into: &$2) }
    }

    /// The mentions of `scan` from where `extraction` stands, appended to `found` until it holds
    /// `count` (the extraction then stands after the last) or the scan is finished.
    func mentions(
        in text: UnsafeBufferPointer<UInt8>, scan: Range<Int>, resuming extraction: inout ResumableScan,
        atMost count: Int, into found: inout [Span]
    ) {
        let signs = Self.mentionSigns
        var lastIndex = extraction.position
        var position = extraction.position
        defer { extraction.position = position }
        while found.count < count {
            position = signs.firstIndex(in: text, from: position, before: scan.upperBound)
            guard position < scan.upperBound else { return extraction.isFinished = true }
            let sign = position
            position += 1
            let signLength: Int
            if text[sign] == UInt8(ascii: "@") {
                signLength = 1
            } else if sign + 2 < text.count, text[sign + 1] == 0xBC, text[sign + 2] == 0xA0 {  // ＠
                signLength = 3
            } else {
                continue
            }
            guard Self.hasMentionContext(before: sign, in: text, notBefore: lastIndex) else { continue }
            var end = sign + signLength
            while end < text.count, end - sign - signLength < 20, Self.isScreenNameByte(text[end]) { end += 1 }
            guard end > sign + signLength else { continue }
            if end + 1 < text.count, text[end] == UInt8(ascii: "/"), TwitterCharacterClasses.isASCIILetter(text[end + 1]) {
                let slugStart = end
                end += 2
                while end < text.count, end - slugStart < 26, Self.isListSlugByte(text[end]) { end += 1 }
            }
            lastIndex = end
            position = end
            if !Self.endsMention(text, at: end) {
                found.append(Span(kind: .mention, utf8Range: sign..<end))
            }
        }
    }

    /// `@` and the lead byte of `＠` (EF BC A0).
    static let mentionSigns = ByteSetSearch([UInt8(ascii: "@"), 0xEF])

    /// Whether the reference's context group can match just before the sign at `sign`, starting
    /// at or after `notBefore` (and at 0 only for the text start).
    static func hasMentionContext(before sign: Int, in text: UnsafeBufferPointer<UInt8>, notBefore: Int) -> Bool {
        guard sign > 0 else { return notBefore == 0 }
        let previous = text.scalarStart(before: sign)
        guard previous >= notBefore else { return false }
        let (scalar, _) = text.scalarValue(at: previous)
        if !Self.isMentionExcludedPreceding(scalar) { return true }
        // `RT` / `RT:` (any case) after the text start or an allowed character.
        var retweetStart = sign - 2
        if text[sign - 1] == UInt8(ascii: ":") { retweetStart -= 1 }
        guard retweetStart >= notBefore, text[retweetStart] | 0x20 == UInt8(ascii: "r"),
            text[retweetStart + 1] | 0x20 == UInt8(ascii: "t")
        else { return false }
        guard retweetStart > 0 else { return true }
        let before = text.scalarStart(before: retweetStart)
        guard before >= notBefore else { return false }
        let (beforeScalar, _) = text.scalarValue(at: before)
        switch beforeScalar {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F, 0x2B, 0x7E, 0x2E, 0x2D: return false
        default: return true
        }
    }

    /// `[A-Za-z0-9_!#$%&*@＠]`: the characters that cannot precede an at sign.
    @inline(__always)
    static func isMentionExcludedPreceding(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F, 0x21, 0x23, 0x24, 0x25, 0x26, 0x2A, 0x40, 0xFF20: return true
        default: return false
        }
    }

    @inline(__always)
    static func isListSlugByte(_ byte: UInt8) -> Bool {
        isScreenNameByte(byte) || byte == UInt8(ascii: "-")
    }
}
