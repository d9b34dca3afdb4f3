/// The character tests of Mastodon's expressions, on code points, with an ASCII fast path.
///
/// Each test names the Ruby class it stands for. Where Ruby's case-insensitive matching lets a
/// non-ASCII code point into an ASCII class (`[a-z]` with `/i` also matches U+212A KELVIN SIGN and
/// U+017F LATIN SMALL LETTER LONG S), the test says so.
enum MastodonCharacters {
    static let table = MastodonCharacterClass.shared

    /// `[[:word:]]`.
    @inline(__always)
    static func isWord(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return isASCIIWordByte(UInt8(truncatingIfNeeded: scalar)) }
        return table.has(scalar, MastodonCharacterClass.word)
    }

    /// `[[:alpha:]]`.
    @inline(__always)
    static func isAlpha(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return TwitterCharacterClasses.isASCIILetter(UInt8(truncatingIfNeeded: scalar)) }
        return table.has(scalar, MastodonCharacterClass.alpha)
    }

    /// `[[:alnum:]]`.
    @inline(__always)
    static func isAlnum(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return TwitterCharacterClasses.isASCIIAlphanumeric(UInt8(truncatingIfNeeded: scalar)) }
        return table.has(scalar, MastodonCharacterClass.alnum)
    }

    /// `[[:space:]]` and `\p{White_Space}`.
    @inline(__always)
    static func isSpace(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x09...0x0D, 0x20: return true
        case 0..<0x80: return false
        default: return table.has(scalar, MastodonCharacterClass.space)
        }
    }

    /// `[a-zA-Z0-9_]`.
    @inline(__always)
    static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        TwitterCharacterClasses.isASCIIAlphanumeric(byte) || byte == UInt8(ascii: "_")
    }

    /// `[a-z0-9_]` with `/i`: ASCII letters, digits, `_`, and the Kelvin sign and long s, which
    /// fold to `k` and `s`.
    @inline(__always)
    static func isUsernameCharacter(_ scalar: UInt32) -> Bool {
        scalar < 0x80 ? isASCIIWordByte(UInt8(truncatingIfNeeded: scalar)) : scalar == 0x212A || scalar == 0x17F
    }

    /// twitter-text's `valid_url_preceding_chars` under `/i`: anything but ASCII letters and digits
    /// (and the Kelvin sign and long s), `@ ＠ $ # ＃`, U+FFFE, U+FEFF and U+FFFF.
    @inline(__always)
    static func isURLPreceding(_ scalar: UInt32) -> Bool {
        TwitterCharacterClasses.isURLPreceding(scalar) && scalar != 0x212A && scalar != 0x17F
    }

    /// The end-of-mention rule (`end_mention_match`, `/i`): an at sign, a Latin accented letter
    /// (twitter-text's ranges, plus U+212B ANGSTROM SIGN, which folds to å) or `://` right after.
    static func endsMention(_ text: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
        guard position < text.count else { return false }
        let (scalar, _) = text.scalarValue(at: position)
        return scalar == 0x40 || scalar == 0xFF20 || scalar == 0x212B || TwitterCharacterClasses.isLatinAccent(scalar)
            || TwitterRules.startsWithSchemeSeparator(text, at: position)
    }

    /// Domain characters in twitter-text's Ruby expression (`DOMAIN_VALID_CHARS`): the same
    /// non-ASCII characters as the JavaScript one, but in ASCII only letters, digits and `\` (the
    /// Ruby source escapes `[`, `]` and `` ` `` in its punctuation list, so the backslash it writes
    /// is never in the class). Flags as in ``TwitterCharacterClasses/asciiClasses``.
    static let asciiDomainClasses = ByteClassTable { byte in
        if isASCIIDomainByte(byte) {
            return TwitterCharacterClasses.asciiDomainCharacter | TwitterCharacterClasses.asciiLabelCharacter
        }
        return byte == 0x2D || byte == 0x5F ? TwitterCharacterClasses.asciiLabelCharacter : 0
    }

    /// Whether the code point at `offset` is a domain character.
    @inline(__always)
    static func isDomainCharacter(at offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        let byte = text[offset]
        // ASCII computed, not read from ``asciiDomainClasses``: reading that table costs a `swift_once`.
        return byte < 0x80
            ? isASCIIDomainByte(byte) : TwitterCharacterClasses.isDomainCharacter(text.scalarValue(at: offset).value)
    }

    /// The ASCII domain characters: letters, digits and `\` (see ``asciiDomainClasses``).
    @inline(__always)
    static func isASCIIDomainByte(_ byte: UInt8) -> Bool {
        TwitterCharacterClasses.isASCIIAlphanumeric(byte) || byte == UInt8(ascii: "\\")
    }
}
