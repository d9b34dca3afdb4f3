/// JavaScript's `\s`: the scalars ECMAScript calls WhiteSpace or LineTerminator.
///
/// That is tab, line feed, vertical tab, form feed, carriage return, every `Zs` space separator,
/// U+2028, U+2029 and U+FEFF (the byte-order mark). It differs from PCRE2's `\s` in UCP mode only by
/// U+FEFF, which PCRE2 leaves out; neither counts U+0085 (NEL) or U+180E (Mongolian vowel
/// separator, no longer `Zs`). Checked against node 20 (Unicode 17) over every code point.
///
/// Invariant: ``length(at:in:)`` accepts exactly the scalars ``contains(_:)`` accepts.
enum JavaScriptWhitespace {
    static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F,
            0x3000, 0xFEFF:
            return true
        default:
            return false
        }
    }

    /// The byte length of the whitespace scalar starting at `offset`, or 0 when the scalar there
    /// is not whitespace (or `offset` is the end).
    ///
    /// - Precondition: `offset` lies on a scalar boundary of valid UTF-8.
    @inline(__always)
    static func length(at offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        guard offset < text.count else { return 0 }
        let lead = text[offset]
        if lead < 0x80 {
            return (lead >= 0x09 && lead <= 0x0D) || lead == 0x20 ? 1 : 0
        }
        switch lead {
        case 0xC2:  // U+00A0
            return offset + 1 < text.count && text[offset + 1] == 0xA0 ? 2 : 0
        case 0xE1, 0xE2, 0xE3, 0xEF:
            guard offset + 2 < text.count else { return 0 }
            return contains(text.decodeScalar(at: offset).scalar) ? 3 : 0
        default:
            return 0
        }
    }

    /// Where the word that continues at `offset` ends: the offset of the next whitespace scalar,
    /// or `text.count`.
    /// - Complexity: O(length of the word).
    static func wordEnd(from offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        var position = offset
        while position < text.count {
            if length(at: position, in: text) > 0 { return position }
            position = text.scalarEnd(from: position)
        }
        return text.count
    }
}
