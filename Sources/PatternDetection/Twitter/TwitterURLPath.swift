/// The port, path and query parts of twitter-text's URL expression, after the domain.
///
/// - Path: `/` then `(?:A|P|C)*` with A = `G* (?:P G*)* E`, where G are the path characters, P a
///   balanced parenthesis group (`(G+)` or `(G*(G+)G*)`), E one path-ending character and C =
///   `@G+/`. (The reference writes its ending class as "character or P" and splices it into the
///   token unparenthesised, so its `|` splits the token: a P group is an alternative of its own,
///   never the end of an A token.) Read left to right, the text after `/` is a sequence of units (a
///   G character, or a P group, which is unique where it exists) until the first character that is
///   neither. Greedy backtracking makes the first A token run to the last ending character of that
///   sequence; after it only P groups that follow one another directly can be added (a G character
///   that is not an ending one starts no token: A would need an ending character after it, and C's
///   `/` is one). So the path ends after the last ending character plus the P groups right after
///   it (or right after `/`): `/a_(b)'(c)` keeps `/a_(b)`, `/a(b)x(c)` keeps it all.
/// - Query: `\?` then `Q* E'`: the longest run of query characters, cut back to its last
///   query-ending character; no query if there is none.
/// - Complexity: linear in the characters read; nothing is read twice.
enum TwitterURLPath {
    /// The end of `(?::[0-9]+)?` at `position`.
    static func portEnd(in text: UnsafeBufferPointer<UInt8>, at position: Int) -> Int {
        guard text.twitterByte(at: position) == UInt8(ascii: ":"), isDigit(text.twitterByte(at: position + 1)) else {
            return position
        }
        var end = position + 2
        while isDigit(text.twitterByte(at: end)) { end += 1 }
        return end
    }

    /// The end of the path whose `/` is just before `start`.
    static func pathEnd(in text: UnsafeBufferPointer<UInt8>, after start: Int) -> Int {
        let pathCharacters = TwitterCharacterClasses.pathCharacters
        let pathEndCharacters = TwitterCharacterClasses.pathEndCharacters
        var position = start
        var end = start
        while position < text.count {
            let (scalar, length) = text.scalarValue(at: position)
            if pathCharacters.contains(scalar) {
                position += length
                if pathEndCharacters.contains(scalar) { end = position }
            } else if scalar == 0x28, let groupEnd = balancedGroupEnd(in: text, at: position) {
                // A group extends the path only when it directly follows the path's end so far.
                if position == end { end = groupEnd }
                position = groupEnd
            } else {
                break
            }
        }
        return end
    }

    /// The end of the query whose `?` is just before `start` (reading no further than `bound`), or
    /// nil when it has no query-ending character.
    static func queryEnd(in text: UnsafeBufferPointer<UInt8>, after start: Int, bound: Int) -> Int? {
        var position = start
        var end: Int?
        while position < bound, TwitterCharacterClasses.isQueryCharacter(text[position]) {
            if TwitterCharacterClasses.isQueryEnd(text[position]) { end = position + 1 }
            position += 1
        }
        return end
    }

    /// `\((?:G+|G*\(G+\)G*)\)` at the `(` at `position`.
    private static func balancedGroupEnd(in text: UnsafeBufferPointer<UInt8>, at position: Int) -> Int? {
        let innerStart = position + 1
        let firstRunEnd = pathCharactersEnd(in: text, from: innerStart)
        let next = text.twitterByte(at: firstRunEnd)
        if next == UInt8(ascii: ")") {
            return firstRunEnd > innerStart ? firstRunEnd + 1 : nil
        }
        guard next == UInt8(ascii: "("), firstRunEnd < text.count else { return nil }
        let nestedEnd = pathCharactersEnd(in: text, from: firstRunEnd + 1)
        guard nestedEnd > firstRunEnd + 1, text.twitterByte(at: nestedEnd) == UInt8(ascii: ")") else { return nil }
        let lastRunEnd = pathCharactersEnd(in: text, from: nestedEnd + 1)
        guard text.twitterByte(at: lastRunEnd) == UInt8(ascii: ")"), lastRunEnd < text.count else { return nil }
        return lastRunEnd + 1
    }

    private static func pathCharactersEnd(in text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let pathCharacters = TwitterCharacterClasses.pathCharacters
        var position = start
        while position < text.count {
            let (scalar, length) = text.scalarValue(at: position)
            guard pathCharacters.contains(scalar) else { break }
            position += length
        }
        return position
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
}
