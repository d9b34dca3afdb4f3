/// The port, path and query of Mastodon's patched URL expression, after the domain.
///
/// - Port: `(?::[0-9]+)?`.
/// - Path: `/` then `(?:A|C)*` with A = `G* (?:P G*)* E` and C = `G+ /`, where G is any character
///   but White_Space and `< > ( ) ?`; P a balanced group `\((?:G+|G*\(G+\)G*)\)`; and E either an
///   ending character (any but White_Space and `( ) ? ! * " ' 「 」 < > ; : = , . $ % [ ] ~ & | @`)
///   or a balanced group of twitter-text's own path characters (Mastodon's initializer builds its
///   ending class before it redefines the group, so the ending group keeps the original class).
///   Ruby embeds each class as a group, so unlike the JavaScript expression the alternation stays
///   inside E. Read left to right, the text after `/` is a sequence of units (a G character or a P
///   group) up to the first character that is neither; greedy backtracking ends the path after the
///   last unit that can be an E, or right after `/` when there is none.
/// - Query: `\?` then the longest run of query characters (twitter-text's, plus `@`, `^`, `|` and
///   the non-ASCII ranges of `UCHARS`), cut back to its last query-ending character; no query when
///   there is none.
/// - Complexity: linear in the characters read; nothing is read twice except a group's content,
///   which is read once more to test the original class.
enum MastodonURLPath {
    /// The end of the port, path and query after a domain ending at `domainEnd`.
    static func end(in text: UnsafeBufferPointer<UInt8>, afterDomain domainEnd: Int) -> Int {
        var end = TwitterURLPath.portEnd(in: text, at: domainEnd)
        if end < text.count, text[end] == UInt8(ascii: "/") {
            end = pathEnd(in: text, after: end + 1)
        }
        if end < text.count, text[end] == UInt8(ascii: "?"), let queryEnd = queryEnd(in: text, after: end + 1) {
            end = queryEnd
        }
        return end
    }

    /// The end of the path whose `/` is just before `start`.
    static func pathEnd(in text: UnsafeBufferPointer<UInt8>, after start: Int) -> Int {
        var position = start
        var end = start
        while position < text.count {
            let (scalar, length) = text.scalarValue(at: position)
            if isPathCharacter(scalar) {
                position += length
                if isPathEnding(scalar) { end = position }
            } else if scalar == 0x28, let groupEnd = groupEnd(in: text, at: position) {
                if isOriginalGroup(in: text, position..<groupEnd) { end = groupEnd }
                position = groupEnd
            } else {
                break
            }
        }
        return end
    }

    /// The end of the query whose `?` is just before `start`, or nil without a query-ending character.
    static func queryEnd(in text: UnsafeBufferPointer<UInt8>, after start: Int) -> Int? {
        var position = start
        var end: Int?
        while position < text.count {
            let (scalar, length) = text.scalarValue(at: position)
            guard isQueryCharacter(scalar) else { break }
            position += length
            if isQueryEnding(scalar) { end = position }
        }
        return end
    }

    /// G: anything but White_Space and `< > ( ) ?`.
    @inline(__always)
    static func isPathCharacter(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x3C, 0x3E, 0x28, 0x29, 0x3F: return false
        default: return !MastodonCharacters.isSpace(scalar)
        }
    }

    /// An ending character: anything but White_Space and `( ) ? ! * " ' 「 」 < > ; : = , . $ % [ ] ~ & | @`.
    @inline(__always)
    static func isPathEnding(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x28, 0x29, 0x3F, 0x21, 0x2A, 0x22, 0x27, 0x300C, 0x300D, 0x3C, 0x3E, 0x3B, 0x3A, 0x3D, 0x2C, 0x2E,
            0x24, 0x25, 0x5B, 0x5D, 0x7E, 0x26, 0x7C, 0x40:
            return false
        default:
            return !MastodonCharacters.isSpace(scalar)
        }
    }

    /// twitter-text's path character (`valid_general_url_path_chars`, `/i`): ASCII letters and
    /// digits, `! * ' ; : = + , . $ / % # [ ] _ ~ & | @`, dashes (`\p{Pd}`), Cyrillic, the Latin
    /// accented letters, and the Kelvin sign (which folds to `k`).
    static func isOriginalPathCharacter(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 {
            let byte = UInt8(truncatingIfNeeded: scalar)
            if TwitterCharacterClasses.isASCIIAlphanumeric(byte) { return true }
            switch byte {
            case 0x21, 0x2A, 0x27, 0x3B, 0x3A, 0x3D, 0x2B, 0x2C, 0x2E, 0x24, 0x2F, 0x25, 0x23, 0x5B, 0x5D, 0x5F,
                0x7E, 0x26, 0x7C, 0x40, 0x2D:
                return true
            default:
                return false
            }
        }
        return scalar == 0x212A || TwitterCharacterClasses.isLatinAccent(scalar)
            || MastodonCharacters.table.has(scalar, MastodonCharacterClass.cyrillic | MastodonCharacterClass.dash)
    }

    /// `\((?:G+|G*\(G+\)G*)\)` at the `(` at `position`: its end, or nil.
    private static func groupEnd(in text: UnsafeBufferPointer<UInt8>, at position: Int) -> Int? {
        let innerStart = position + 1
        let firstRunEnd = pathCharactersEnd(in: text, from: innerStart)
        guard firstRunEnd < text.count else { return nil }
        if text[firstRunEnd] == UInt8(ascii: ")") {
            return firstRunEnd > innerStart ? firstRunEnd + 1 : nil
        }
        guard text[firstRunEnd] == UInt8(ascii: "(") else { return nil }
        let nestedEnd = pathCharactersEnd(in: text, from: firstRunEnd + 1)
        guard nestedEnd > firstRunEnd + 1, nestedEnd < text.count, text[nestedEnd] == UInt8(ascii: ")") else { return nil }
        let lastRunEnd = pathCharactersEnd(in: text, from: nestedEnd + 1)
        guard lastRunEnd < text.count, text[lastRunEnd] == UInt8(ascii: ")") else { return nil }
        return lastRunEnd + 1
    }

    /// Whether every character of the group `range` other than its parentheses is one of
    /// twitter-text's own path characters (then the group is also an ending unit).
    private static func isOriginalGroup(in text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var position = range.lowerBound
        while position < range.upperBound {
            let (scalar, length) = text.scalarValue(at: position)
            if scalar != 0x28, scalar != 0x29, !isOriginalPathCharacter(scalar) { return false }
            position += length
        }
        return true
    }

    private static func pathCharactersEnd(in text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var position = start
        while position < text.count {
            let (scalar, length) = text.scalarValue(at: position)
            guard isPathCharacter(scalar) else { break }
            position += length
        }
        return position
    }

    /// `valid_url_query_chars`: ASCII letters and digits, `! ? * ' ( ) ; : & = + $ / % # [ ] - _ . , ~ | @ ^`,
    /// and `UCHARS`.
    @inline(__always)
    static func isQueryCharacter(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 {
            let byte = UInt8(truncatingIfNeeded: scalar)
            if TwitterCharacterClasses.isASCIIAlphanumeric(byte) { return true }
            switch byte {
            case 0x21, 0x3F, 0x2A, 0x27, 0x28, 0x29, 0x3B, 0x3A, 0x26, 0x3D, 0x2B, 0x24, 0x2F, 0x25, 0x23, 0x5B, 0x5D,
                0x2D, 0x5F, 0x2E, 0x2C, 0x7E, 0x7C, 0x40, 0x5E:
                return true
            default:
                return false
            }
        }
        return isUChar(scalar)
    }

    /// `valid_url_query_ending_chars`: ASCII letters and digits, `_ & = # / -`, and `UCHARS`.
    @inline(__always)
    static func isQueryEnding(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 {
            let byte = UInt8(truncatingIfNeeded: scalar)
            if TwitterCharacterClasses.isASCIIAlphanumeric(byte) { return true }
            switch byte {
            case 0x5F, 0x26, 0x3D, 0x23, 0x2F, 0x2D: return true
            default: return false
            }
        }
        return isUChar(scalar)
    }

    /// Mastodon's `UCHARS` (RFC 3987's `ucschar` plus the private-use ranges).
    @inline(__always)
    static func isUChar(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0xA0...0xD7FF, 0xE000...0xF8FF, 0xF900...0xFDCF, 0xFDF0...0xFFEF: return true
        case 0x10000...0x10FFFF:
            let low = scalar & 0xFFFF
            if scalar >> 16 == 0xE { return scalar >= 0xE1000 && low <= 0xFFFD }
            return low <= 0xFFFD
        default:
            return false
        }
    }
}
