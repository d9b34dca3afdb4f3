extension BlueskyRules {
    /// Where the cashtag whose `$` is at `sign` (a candidate start) ends, or nil.
    ///
    /// `$` + an ASCII letter + up to four ASCII letters or digits, followed by the end, JavaScript
    /// whitespace or one of `. , ; : ! ? ) " ' ’`. The longest run is the only one that can be
    /// followed by such a character, so `$TOOLONG` and `$AB_` are not shortened into a match.
    static func cashtagEnd(in text: UnsafeBufferPointer<UInt8>, sign: Int) -> Int? {
        var end = sign + 1
        guard end < text.count, isASCIILetter(text[end]) else { return nil }
        end += 1
        while end < text.count, end - sign < 6, isASCIIAlphanumeric(text[end]) { end += 1 }
        guard end < text.count else { return end }
        switch text[end] {
        case UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "!"),
            UInt8(ascii: "?"), UInt8(ascii: ")"), UInt8(ascii: "\""), UInt8(ascii: "'"):
            return end
        case 0xE2 where end + 2 < text.count && text[end + 1] == 0x80 && text[end + 2] == 0x99:  // ’
            return end
        default:
            return JavaScriptWhitespace.length(at: end, in: text) > 0 ? end : nil
        }
    }
}
