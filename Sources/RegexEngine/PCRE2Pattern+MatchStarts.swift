#if PCRE2
internal import CPCRE2

extension PCRE2Pattern {
    /// The bytes a match of `code` can start with, from what `pcre2_compile` recorded for its own
    /// start-of-match optimization: the fixed first code unit (with its other cases: PCRE2 does
    /// not say whether it is caseless), or else the bitmap of possible first code units. `nil`
    /// when the optimization is off, when an empty match is possible (it starts with no byte), or
    /// when neither compile below recorded anything.
    ///
    /// In UCP mode PCRE2 records nothing for a pattern that may begin with `\d`, `\s`, `\w`, a
    /// POSIX class or a Unicode property (`\p{Lu}`): it does not list a property's first bytes.
    /// For such a pattern a stand-in (``startBytesStandIn(for:)``) is compiled without `PCRE2_UCP`,
    /// where `\d`, `\s`, `\w` and the POSIX classes are ASCII tables and every property is widened
    /// to a class; PCRE2 records start bytes for those. The stand-in's ASCII start bytes, with
    /// every UTF-8 lead byte of a multi-byte scalar (0xC0...0xFF) added, are the answer. The
    /// stand-in has the original's items in the original's places, and PCRE2 derives start bytes
    /// from the characters of a pattern's first items; each stand-in item takes at least the ASCII
    /// characters the original item takes, and every character outside ASCII is covered by its
    /// lead byte. Where there is no stand-in (a negative look-around, say), the bytes are those
    /// read from the expression's first items as for ICU (`read`, from ``ExpressionStartBytes``).
    ///
    /// Listing a byte that no match starts with costs a search; leaving out one that does would
    /// lose matches, so the set errs on the side of more.
    static func matchStartBytes(
        of code: OpaquePointer, expression: String, flags: UInt32, read: ExpressionStartBytes.Reading
    ) -> [UInt8]? {
        guard flags & PCRE2_NO_START_OPTIMIZE == 0 else { return nil }
        var matchesEmpty: UInt32 = 1
        guard pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_MATCHEMPTY), &matchesEmpty) == 0, matchesEmpty == 0 else {
            return nil
        }
        if let bytes = recordedStartBytes(of: code) { return bytes }
        guard flags & PCRE2_UCP != 0, flags & PCRE2_EXTENDED == 0 else { return nil }
        return standInStartBytes(for: expression, flags: flags) ?? read.starts
    }

    /// The ASCII start bytes a stand-in compiled without UCP records, with every lead byte added;
    /// `nil` when there is no stand-in or it records none.
    private static func standInStartBytes(for expression: String, flags: UInt32) -> [UInt8]? {
        guard let standIn = startBytesStandIn(for: expression),
              let asciiClasses = try? compile(standIn, flags: flags & ~PCRE2_UCP) else { return nil }
        defer { pcre2_code_free_8(asciiClasses) }
        guard let bytes = recordedStartBytes(of: asciiClasses) else { return nil }
        return bytes.filter { $0 < 0x80 } + ExpressionStartBytes.leadBytes.sorted()
    }

    /// The expression to compile without `PCRE2_UCP` for the start bytes of `expression` (see
    /// ``matchStartBytes(of:expression:flags:read:)``): `expression` with every Unicode property escape
    /// (`\p{…}`, `\P{…}`, `\pL`) replaced by a class of the ASCII characters the escape takes and
    /// every scalar outside ASCII. Never for matching.
    ///
    /// On ASCII characters `\d`, `\s`, `\w`, the POSIX classes and a widened property take what
    /// they take in UCP mode, with one exception: under `(?i)` the POSIX `[:upper:]` and
    /// `[:lower:]` without UCP, and a widened `\p{Lu}`, take both cases, where in UCP mode they take
    /// one. That is more, and harmless, except where it is negated: so the answer is `nil` when a
    /// negated class holds a POSIX class or a property, for a negated POSIX class (`[:^upper:]`),
    /// and for a negative look-around (`(?!`, `(?<!`, any alpha assertion such as `(*nla:`, or a
    /// conditional group, whose condition may be one).
    /// It is also `nil` for a callout, whose argument may hold any text, and for extended mode
    /// (`(?x)`), whose white space and comments the reading does not follow.
    static func startBytesStandIn(for expression: String) -> String? {
        var pieces = PCRE2ExpressionPieces(expression)
        var output: [UInt8] = []
        var inNegatedClass = false
        while let piece = pieces.next() {
            let bytes = pieces.bytes[piece.range]
            switch piece.kind {
            case .classStart(let negated):
                inNegatedClass = negated
            case .posixClass:
                guard !inNegatedClass, !bytes.contains(UInt8(ascii: "^")) else { return nil }
            case .groupStart(.lookAround(negative: true)), .groupStart(.other):
                return nil
            case .groupStart(.options) where bytes.contains(UInt8(ascii: "x")):
                return nil
            case .escape where bytes.count > 2 && (bytes[bytes.startIndex + 1] | 0x20) == UInt8(ascii: "p"):
                guard !(piece.inClass && inNegatedClass),
                      let members = asciiMembers(of: String(decoding: bytes, as: UTF8.self)) else { return nil }
                let widened = classMembers(members) + #"\x{80}-\x{10FFFF}"#
                output += (piece.inClass ? widened : "[" + widened + "]").utf8
                continue
            default:
                break
            }
            output += bytes
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The ASCII characters the property escape `escape` (`\p{Lu}`, `\P{L}`, `\pN`) takes, as PCRE2
    /// reads it on its own; `nil` when it does not compile so.
    static func asciiMembers(of escape: String) -> [UInt8]? {
        guard let code = try? compile(escape, flags: PCRE2_UTF) else { return nil }
        defer { pcre2_code_free_8(code) }
        guard let matchData = pcre2_match_data_create_from_pattern_8(code, nil) else { return nil }
        defer { pcre2_match_data_free_8(matchData) }
        return (UInt8(0)..<0x80).filter { byte in
            withUnsafePointer(to: byte) { subject in
                pcre2_match_8(code, subject, 1, 0, PCRE2_ANCHORED, matchData, nil) > 0
            }
        }
    }

    /// `bytes` (ASCII, sorted) as a class's members, runs as ranges: `\x{41}-\x{5a}\x{5f}`.
    private static func classMembers(_ bytes: [UInt8]) -> String {
        var members = ""
        var index = bytes.startIndex
        while index < bytes.endIndex {
            var last = index
            while last + 1 < bytes.endIndex, bytes[last + 1] == bytes[last] + 1 { last += 1 }
            members += "\\x{" + String(bytes[index], radix: 16) + "}"
            if last > index { members += "-\\x{" + String(bytes[last], radix: 16) + "}" }
            index = last + 1
        }
        return members
    }

    /// What `pcre2_compile` recorded in `code` as the bytes a match can start with, sorted, or
    /// `nil` when it recorded neither a first code unit nor a bitmap (see
    /// ``matchStartBytes(of:expression:flags:read:)``).
    ///
    /// A caseless first code unit stands for its ASCII other case (PCRE2's flip-case table, which
    /// leaves bytes above 127 alone, as its matcher does for UTF-8); `k`, `K`, `s` and `S` also
    /// stand for the lead bytes of U+212A KELVIN SIGN and U+017F LATIN SMALL LETTER LONG S, their
    /// other cases outside ASCII.
    private static func recordedStartBytes(of code: OpaquePointer) -> [UInt8]? {
        var type: UInt32 = 0
        guard pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_FIRSTCODETYPE), &type) == 0 else { return nil }
        var bytes: Set<UInt8>
        switch type {
        case 1:
            var unit: UInt32 = 0
            guard pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_FIRSTCODEUNIT), &unit) == 0, unit < 256 else { return nil }
            let byte = UInt8(unit)
            bytes = [byte]
            let lower = byte | 0x20
            if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lower) {
                bytes.formUnion([lower, lower & ~0x20])
                if lower == UInt8(ascii: "k") { bytes.insert(0xE2) }
                if lower == UInt8(ascii: "s") { bytes.insert(0xC5) }
            }
        case 0:
            var map: UnsafePointer<UInt8>? = nil
            guard pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_FIRSTBITMAP), &map) == 0, let map else { return nil }
            bytes = Set((0...255).filter { map[$0 >> 3] & (1 << ($0 & 7)) != 0 }.map(UInt8.init))
        default:
            return nil
        }
        guard !bytes.isEmpty, !bytes.contains(where: { (0x80...0xBF).contains($0) }) else { return nil }
        return bytes.sorted()
    }
}
#endif
