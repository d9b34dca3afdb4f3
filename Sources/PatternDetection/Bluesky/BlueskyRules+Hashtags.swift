extension BlueskyRules {
    /// The longest tag, in grapheme clusters, not counting the sign. A longer one is dropped, not
    /// truncated.
    static let maximumTagGraphemes = 64

    /// Where the tag whose sign (`#` or `＃`, `signLength` bytes) is at `sign` ends, or nil.
    ///
    /// The sign must start a word (text start or after whitespace, not after `(`: the caller
    /// checks) and not be followed by U+FE0F (the keycap emoji). The candidate body runs to the
    /// next whitespace or tag terminator; it needs one scalar that is neither an ASCII digit nor
    /// punctuation (`\p{P}`); then all trailing punctuation goes (`#tag!!` → `#tag`) and a tag of
    /// more than 64 graphemes is dropped.
    static func hashtagEnd(in text: UnsafeBufferPointer<UInt8>, sign: Int, signLength: Int) -> Int? {
        let bodyStart = sign + signLength
        var bodyEnd = bodyStart
        while bodyEnd < text.count {
            let byte = text[bodyEnd]
            if byte < 0x80 {
                if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) { break }
                bodyEnd += 1
                continue
            }
            let (scalar, length) = text.decodeScalar(at: bodyEnd)
            if bodyEnd == bodyStart, scalar == "\u{FE0F}" { return nil }
            if JavaScriptWhitespace.contains(scalar) || isTagTerminator(scalar) { break }
            bodyEnd += length
        }
        return tagEnd(in: text, body: bodyStart..<bodyEnd)
    }

    /// The characters that end a tag body besides whitespace (the reference's "zero-width
    /// spaces"): soft hyphen, word joiner, hair space, zero-width space / non-joiner / joiner and
    /// the combining enclosing upward-pointing triangle U+20E2.
    @inline(__always)
    static func isTagTerminator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xAD, 0x2060, 0x200A, 0x200B, 0x200C, 0x200D, 0x20E2: return true
        default: return false
        }
    }

    /// Where the tag whose candidate body is `body` ends once trailing punctuation is removed, or
    /// `nil` when the reference rejects it.
    /// - Complexity: O(body length), one pass plus at most one grapheme count.
    package static func tagEnd(in text: UnsafeBufferPointer<UInt8>, body: Range<Int>) -> Int? {
        var position = body.lowerBound
        var hasTagCharacter = false
        var endOfLastNonPunctuation = body.lowerBound
        while position < body.upperBound {
            let (scalar, length) = text.decodeScalar(at: position)
            position += length
            if isPunctuation(scalar) { continue }
            endOfLastNonPunctuation = position
            if !(scalar.value >= 0x30 && scalar.value <= 0x39) { hasTagCharacter = true }
        }
        guard hasTagCharacter else { return nil }
        let tag = body.lowerBound..<endOfLastNonPunctuation
        // Bytes bound scalars, and scalars bound graphemes, from above: only a tag of more than
        // 64 scalars needs its graphemes counted.
        if tag.count > maximumTagGraphemes && scalarCount(in: text, tag) > maximumTagGraphemes {
            let string = String(decoding: UnsafeBufferPointer(rebasing: text[tag]), as: UTF8.self)
            var graphemes = 0
            for _ in string {
                graphemes += 1
                if graphemes > maximumTagGraphemes { return nil }
            }
        }
        return tag.upperBound
    }

    /// The scalars in `range` of well-formed `text`: its bytes that are not continuation bytes.
    /// - Complexity: O(range length).
    @inline(__always)
    static func scalarCount(in text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var count = 0
        for index in range where text[index] & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// JavaScript's `\p{P}` (``JavaScriptPunctuation``).
    @inline(__always)
    static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        JavaScriptPunctuation.contains(scalar)
    }
}
