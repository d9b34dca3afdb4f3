/// twitter-text's hashtag expression and post-filter, scanned in Swift.
///
/// `validHashtag` (flags `gi`) is: a boundary (the text start, U+FE0E, U+FE0F, or any character
/// that is neither a hashtag character nor `&`, consumed), `#` or `＃` not followed by U+FE0F or
/// U+20E3, then `alnum* alpha alnum*`, which with greedy backtracking is the whole run of hashtag
/// characters after the sign when that run holds a letter. A match followed by a hash sign or
/// `://` is dropped but still consumes its text, so a later boundary must lie at or after its end.
/// - Complexity: O(n): every byte is read at most twice (once by the sign search, sixteen at a
///   time, once in a tag's run), and a run is never rescanned because the next sign lies beyond it.
extension TwitterRules {
    func hashtags(in text: UnsafeBufferPointer<UInt8>, scan: Range<Int>) -> [Span] {
        ResumableScan.collect(scan) { hashtags(in: text, scan: scan, resuming: &$0, atMost: $1, into: &$2) }
    }

    /// The hashtags of `scan` from where `extraction` stands, appended to `found` until it holds
    /// `count` (the extraction then stands after the last) or the scan is finished.
    func hashtags(
        in text: UnsafeBufferPointer<UInt8>, scan: Range<Int>, resuming extraction: inout ResumableScan,
        atMost count: Int, into found: inout [Span]
    ) {
        let letters = TwitterCharacterClasses.hashtagLetters
        let characters = TwitterCharacterClasses.hashtagLettersAndDigits
        let signs = Self.hashSigns
        var consumedEnd = extraction.position
        var position = extraction.position
        defer { extraction.position = position }
        while found.count < count {
            position = signs.firstIndex(in: text, from: position, before: scan.upperBound)
            guard position < scan.upperBound else { return extraction.isFinished = true }
            let signLength: Int
            if text[position] == UInt8(ascii: "#") {
                signLength = 1
            } else if position + 2 < text.count, text[position + 1] == 0xBC, text[position + 2] == 0x83 {
                signLength = 3
            } else {
                position += 1
                continue
            }
            let sign = position
            position += signLength
            guard sign == 0 || Self.isHashtagBoundary(text, before: sign, notBefore: consumedEnd, characters: characters)
            else { continue }
            if position < text.count {
                let (next, _) = text.scalarValue(at: position)
                if next == 0xFE0F || next == 0x20E3 { continue }
            }
            var end = position
            var hasLetter = false
            while end < text.count {
                let (scalar, length) = text.scalarValue(at: end)
                guard characters.contains(scalar) else { break }
                if !hasLetter, letters.contains(scalar) { hasLetter = true }
                end += length
            }
            guard hasLetter else { continue }
            consumedEnd = end
            position = end
            if !Self.endsHashtag(text, at: end) {
                found.append(Span(kind: .hashtag, utf8Range: sign..<end))
            }
        }
    }

    /// `#` and the lead byte of `＃` (EF BC 83).
    static let hashSigns = ByteSetSearch([UInt8(ascii: "#"), 0xEF])

    /// The boundary before the sign at `sign` (> 0): a character at or after `notBefore` that is
    /// U+FE0E, U+FE0F, or neither a hashtag character nor `&`.
    /// `characters` is ``TwitterCharacterClasses/hashtagLettersAndDigits``, read once by the caller.
    static func isHashtagBoundary(
        _ text: UnsafeBufferPointer<UInt8>, before sign: Int, notBefore: Int, characters: TwitterCharacterTable
    ) -> Bool {
        let start = text.scalarStart(before: sign)
        guard start >= notBefore else { return false }
        let (scalar, _) = text.scalarValue(at: start)
        if scalar == 0xFE0E || scalar == 0xFE0F { return true }
        return scalar != 0x26 && !characters.contains(scalar)
    }

    /// `endHashtagMatch`: a hash sign or `://` right after a hashtag.
    static func endsHashtag(_ text: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
        guard position < text.count else { return false }
        let (scalar, _) = text.scalarValue(at: position)
        return scalar == 0x23 || scalar == 0xFF03 || startsWithSchemeSeparator(text, at: position)
    }
}
