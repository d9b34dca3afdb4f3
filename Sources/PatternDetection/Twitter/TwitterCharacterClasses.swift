/// The character classes of twitter-text 3.1.0's expressions, as the reference's JavaScript engine
/// applies them (per UTF-16 unit, case-insensitive where the expression has the `i` flag).
enum TwitterCharacterClasses {
    /// `latinAccentChars`: Latin letters with diacritics, IPA letters the reference lists, the
    /// combining diacritics block and Latin Extended Additional.
    static let latinAccents =
        "00C0-00D6 00D8-00F6 00F8-00FF 0100-024F 0253-0254 0256-0257 0259 025B 0263 0268 026F 0272 0289 028B "
        + "02BB 0300-036F 1E00-1EFF"

    /// URL path characters (`validGeneralUrlPathChars`, case-closed): ASCII letters and digits,
    /// `! * ' ; : = + , . $ / % # [ ] - – _ ~ @ | &`, Cyrillic and `latinAccents`.
    static let pathCharacters = TwitterCharacterSet(
        ranges: "0021 0023-0027 002A-002F 0030-003B 003D 0040-005B 005D 005F 0061-007A 007C 007E 0400-04FF 2013 "
            + latinAccents
    ).closedUnderJavaScriptCase().frozen()

    /// The character half of `validUrlPathEndingChars` (case-closed): ASCII letters and digits,
    /// `+ - = _ # /`, Cyrillic and `latinAccents`. (Its other half, a balanced parenthesis group, is
    /// a token of its own in the reference's path expression: see ``TwitterURLPath``.)
    static let pathEndCharacters = TwitterCharacterSet(
        ranges: "0023 002B 002D 002F 0030-0039 003D 0041-005A 005F 0061-007A 0400-04FF " + latinAccents
    ).closedUnderJavaScriptCase().frozen()

    /// Label characters of the domains a scheme-less URL keeps (`validAsciiDomain`, case-closed):
    /// `-`, ASCII letters and digits, `latinAccents`.
    static let asciiLabelCharacters = TwitterCharacterSet(
        ranges: "002D 0030-0039 0041-005A 0061-007A " + latinAccents
    ).closedUnderJavaScriptCase().frozen()

    /// The reference's letters and marks as listed (parsed once for the two sets below).
    private static let listedLettersAndMarks = TwitterCharacterSet(ranges: TwitterLetterTables.lettersAndMarks)

    /// `hashtagAlpha`: letters and marks, case-closed.
    static let hashtagLetters = listedLettersAndMarks.closedUnderJavaScriptCase().frozen()

    /// `hashtagAlphaNumeric`: letters, marks, digits and the special joiners, case-closed.
    static let hashtagLettersAndDigits = listedLettersAndMarks
        .union(TwitterCharacterSet(ranges: TwitterLetterTables.numerals))
        .union(TwitterCharacterSet(ranges: TwitterLetterTables.specialCharacters))
        .closedUnderJavaScriptCase().frozen()

    /// twitter-text's whitespace (`spacesGroup`): tab to carriage return, space, NEL, no-break
    /// space, Ogham space, Mongolian vowel separator, the U+2000 spaces, line and paragraph
    /// separators, narrow no-break space, medium mathematical space, ideographic space.
    @inline(__always)
    static func isSpace(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x180E, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F,
            0x3000:
            return true
        default:
            return false
        }
    }

    /// A domain-label character (`validDomainChars`): anything but ASCII punctuation other than
    /// `"` and `` ` ``, twitter-text's whitespace, U+FFFE, U+FEFF, U+FFFF and the directional
    /// formatting characters. `-` and `_` are handled by the label rules, `.` separates labels.
    @inline(__always)
    static func isDomainCharacter(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 {
            switch scalar {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x22, 0x60: return true
            case 0x00...0x08, 0x0E...0x1F, 0x7F: return true
            default: return false
            }
        }
        switch scalar {
        case 0x85, 0xA0, 0x061C, 0x1680, 0x180E, 0x2000...0x200A, 0x200E, 0x200F, 0x2028...0x202F, 0x205F,
            0x2066...0x2069, 0x3000, 0xFEFF, 0xFFFE, 0xFFFF:
            return false
        default:
            return true
        }
    }

    /// ASCII flag: a domain-label character (``isDomainCharacter(_:)``).
    static let asciiDomainCharacter: UInt8 = 1
    /// ASCII flag: a domain character, `-` or `_` (what a label run holds besides dots).
    static let asciiLabelCharacter: UInt8 = 2
    /// The two flags for every ASCII byte; bytes from 0x80 up have none (their scalars must be
    /// decoded), so the byte loops test `byte < 0x80` first.
    static let asciiClasses = ByteClassTable { byte in
        guard byte < 0x80 else { return 0 }
        if isDomainCharacter(UInt32(byte)) { return asciiDomainCharacter | asciiLabelCharacter }
        return byte == 0x2D || byte == 0x5F ? asciiLabelCharacter : 0
    }

    /// Whether the scalar that starts at `offset` is a domain character, decoding it only when it
    /// is not ASCII.
    @inline(__always)
    static func isDomainCharacter(at offset: Int, in text: UnsafeBufferPointer<UInt8>, classes: ByteClassTable) -> Bool {
        let byte = text[offset]
        return byte < 0x80 ? classes.contains(byte, asciiDomainCharacter) : isDomainCharacter(text.scalarValue(at: offset).value)
    }

    /// The start of the run of label characters (domain characters, `-`, `_`) that ends at `end`,
    /// not before `notBefore`.
    @inline(__always)
    static func labelRunStart(
        before end: Int, notBefore: Int, in text: UnsafeBufferPointer<UInt8>, classes: ByteClassTable
    ) -> Int {
        var position = end
        while position > notBefore {
            let byte = text[position - 1]
            if byte < 0x80 {
                guard classes.contains(byte, asciiLabelCharacter) else { break }
                position -= 1
            } else {
                let previous = text.scalarStart(before: position)
                guard isDomainCharacter(text.scalarValue(at: previous).value) else { break }
                position = previous
            }
        }
        return position
    }

    /// A character that may precede a URL (`validUrlPrecedingChars`): anything but ASCII letters and
    /// digits, `@ ＠ $ # ＃`, U+FFFE, U+FEFF and U+FFFF.
    @inline(__always)
    static func isURLPreceding(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x40, 0x24, 0x23, 0xFF20, 0xFF03, 0xFEFF, 0xFFFE, 0xFFFF:
            return false
        default:
            return true
        }
    }

    /// `validUrlQueryChars`: ASCII letters and digits and `! ? * ' @ ( ) ; : & = + $ / % # [ ] - _ . , ~ |`.
    @inline(__always)
    static func isQueryCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        case UInt8(ascii: "!"), UInt8(ascii: "?"), UInt8(ascii: "*"), UInt8(ascii: "'"), UInt8(ascii: "@"),
            UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "&"),
            UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: "%"),
            UInt8(ascii: "#"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "-"), UInt8(ascii: "_"),
            UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: "~"), UInt8(ascii: "|"):
            return true
        default: return false
        }
    }

    /// `validUrlQueryEndingChars`: ASCII letters and digits and `- _ & = # /`.
    @inline(__always)
    static func isQueryEnd(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "&"), UInt8(ascii: "="), UInt8(ascii: "#"),
            UInt8(ascii: "/"):
            return true
        default: return false
        }
    }

    @inline(__always)
    static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26
    }

    @inline(__always)
    static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        default: return false
        }
    }

    /// A unit in `latinAccentChars` exactly (no case closure: the mention rule that uses it has no
    /// `i` flag).
    @inline(__always)
    static func isLatinAccent(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F, 0x253, 0x254, 0x256, 0x257, 0x259, 0x25B, 0x263, 0x268,
            0x26F, 0x272, 0x289, 0x28B, 0x2BB, 0x300...0x36F, 0x1E00...0x1EFF:
            return true
        default:
            return false
        }
    }
}
