/// The bytes a match of an expression (PCRE2 syntax, as a custom pattern is written) can start
/// with, read from the expression itself: for an engine that does not say (ICU), and for a PCRE2
/// expression that neither PCRE2 nor its stand-in records any for, so that a custom
/// pattern can pass over the words holding none of them. The same reading gives the bytes every
/// match holds (``Reading/required``), which both engines use.
///
/// The reading follows the expression's first items: literals, escaped punctuation, `\d`, `\s`,
/// Unicode properties (`\p{…}`, `\P{…}`, when the engine says which ASCII characters one takes),
/// positive classes of those, groups and alternatives, optional items (`?`, `*`, `{0,…}`) and the
/// items after them, and zero-width items (`\b`, `^`, look-arounds, option settings), which start
/// nothing. Anything else it does not follow (`.`, `\w`, a negated or POSIX class, a back
/// reference, a conditional, a verb, `\Q…\E`, extended mode, ICU's nested sets), where a first
/// item may be, gives `nil`; so does an expression that may match an empty string.
///
/// The set errs on the side of more. A character outside ASCII stands for its lead byte, `\d` and
/// `\s` for their ASCII characters and every lead byte. Under `(?i)` (anywhere in the expression,
/// or as an option) every ASCII letter stands for both cases, every lead byte is added (KELVIN
/// SIGN is a `k`), and a character outside ASCII for every ASCII letter too (ICU folds `ß` to `ss`
/// in a literal).
///
/// Each item of the expression's top-level sequence (when it has no top-level `|`) that a match
/// cannot leave out and that cannot match empty gives a required set: the bytes that item can start
/// with. A match attempt that succeeds consumes each such item, so the text from where the attempt
/// began to the match's end holds a byte of every required set (`\K` may report a start after
/// some of them). The sets follow the same rules as the start bytes, caseless expansion included.
struct ExpressionStartBytes {
    /// What the reading gives.
    struct Reading {
        /// The bytes a match can start with, sorted; `nil` when unknown.
        var starts: [UInt8]?
        /// Sets of bytes, each sorted, of which a match attempt that succeeds consumes at least one
        /// each (see the type's summary); empty when none is known.
        var required: [[UInt8]]

        static let none = Reading(starts: nil, required: [])
    }

    /// What a run of items can start with: `bytes` (`nil`: unknown), and whether it can match empty.
    private struct Starts {
        var bytes: Set<UInt8>?
        var canBeEmpty: Bool

        static let zeroWidth = Starts(bytes: [], canBeEmpty: true)
        static let unknown = Starts(bytes: nil, canBeEmpty: false)

        static func one(_ bytes: Set<UInt8>) -> Starts { Starts(bytes: bytes, canBeEmpty: false) }

        func or(_ other: Starts) -> Starts {
            Starts(bytes: bytes.flatMap { mine in other.bytes.map { mine.union($0) } }, canBeEmpty: canBeEmpty || other.canBeEmpty)
        }
    }

    /// An expression this reading does not follow.
    private struct Unread: Error {}

    /// Every lead byte of a multi-byte scalar (and the bytes no UTF-8 holds): what stands for any
    /// character outside ASCII.
    static let leadBytes = Set(UInt8(0xC0)...0xFF)
    private static let digits = Set(UInt8(ascii: "0")...UInt8(ascii: "9")).union(leadBytes)
    private static let spaces = Set([9, 10, 11, 12, 13, 32] as [UInt8]).union(leadBytes)
    /// The option letters of PCRE2 (`i`, `m`, `n`, `s`, `U`, `J`) and ICU (`w`) that change no
    /// reading here; `x` does, and is not among them.
    private static let optionLetters = Set("imnsUJw".utf8)

    private let bytes: [UInt8]
    private let pieces: [PCRE2ExpressionPieces.Piece]
    private var index = 0
    private var caseless: Bool
    /// How many groups the reading is inside.
    private var depth = 0
    /// The first bytes of the top-level items a match cannot leave out, in order.
    private var required: [Set<UInt8>] = []
    /// Whether the expression has a `|` outside every group (then no item is required).
    private var hasTopLevelAlternatives = false
    private let propertyASCII: (String) -> [UInt8]?

    /// The bytes, sorted, or `nil` where the reading gives none (see the type's summary).
    /// - Parameter propertyASCII: the ASCII characters a property escape (`\p{Lu}`, `\PL`) takes,
    ///   as the engine reads it on its own; `nil` when it cannot say.
    static func of(
        _ expression: String, caseless: Bool, propertyASCII: @escaping (String) -> [UInt8]? = { _ in nil }
    ) -> [UInt8]? {
        read(expression, caseless: caseless, propertyASCII: propertyASCII).starts
    }

    /// The start bytes and the required sets (see the type's summary); ``Reading/none`` for an
    /// expression the reading does not follow to its end.
    static func read(
        _ expression: String, caseless: Bool, propertyASCII: @escaping (String) -> [UInt8]? = { _ in nil }
    ) -> Reading {
        var reader = PCRE2ExpressionPieces(expression)
        var pieces: [PCRE2ExpressionPieces.Piece] = []
        while let piece = reader.next() { pieces.append(piece) }
        var reading = ExpressionStartBytes(
            bytes: reader.bytes, pieces: pieces, caseless: caseless, propertyASCII: propertyASCII)
        guard let starts = try? reading.alternatives(), reading.index == pieces.count else { return .none }
        let caseless = reading.caseless
        var result = Reading.none
        if !starts.canBeEmpty, let bytes = starts.bytes, !bytes.isEmpty {
            result.starts = Self.expanded(bytes, caseless: caseless)
        }
        if !starts.canBeEmpty, !reading.hasTopLevelAlternatives {
            result.required = reading.required.map { Self.expanded($0, caseless: caseless) }
        }
        return result
    }

    /// `bytes` sorted, with what a caseless match may start with instead (see the type's summary).
    private static func expanded(_ bytes: Set<UInt8>, caseless: Bool) -> [UInt8] {
        guard caseless else { return bytes.sorted() }
        var bytes = bytes
        if bytes.contains(where: { $0 >= 0x80 }) {
            bytes.formUnion(UInt8(ascii: "A")...UInt8(ascii: "Z"))
            bytes.formUnion(UInt8(ascii: "a")...UInt8(ascii: "z"))
        }
        for byte in bytes where (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) {
            bytes.formUnion([byte | 0x20, byte & ~0x20])
        }
        bytes.formUnion(leadBytes)
        return bytes.sorted()
    }

    private init(
        bytes: [UInt8], pieces: [PCRE2ExpressionPieces.Piece], caseless: Bool, propertyASCII: @escaping (String) -> [UInt8]?
    ) {
        self.bytes = bytes
        self.pieces = pieces
        self.caseless = caseless
        self.propertyASCII = propertyASCII
    }

    /// The byte a `.byte` piece at `offset` holds, or `nil` for another piece or none.
    private func byte(at offset: Int) -> UInt8? {
        guard offset < pieces.count, pieces[offset].kind == .byte else { return nil }
        return bytes[pieces[offset].range.lowerBound]
    }

    /// Alternatives up to a `)` or the end.
    private mutating func alternatives() throws(Unread) -> Starts {
        var starts = try sequence()
        while byte(at: index) == UInt8(ascii: "|") {
            index += 1
            if depth == 0 { hasTopLevelAlternatives = true }
            starts = starts.or(try sequence())
        }
        return starts
    }

    /// Items up to a `|`, a `)` or the end.
    private mutating func sequence() throws(Unread) -> Starts {
        var starts = Starts.zeroWidth
        while index < pieces.count, byte(at: index) != UInt8(ascii: "|"), byte(at: index) != UInt8(ascii: ")") {
            let item = try item()
            let optional = try quantifier()
            if depth == 0, !optional, !item.canBeEmpty, let first = item.bytes, !first.isEmpty {
                required.append(first)
            }
            guard starts.canBeEmpty else { continue }
            starts = Starts(bytes: starts.bytes.flatMap { mine in item.bytes.map { mine.union($0) } }, canBeEmpty: true)
            if !optional && !item.canBeEmpty { starts.canBeEmpty = false }
        }
        return starts
    }

    private mutating func item() throws(Unread) -> Starts {
        let piece = pieces[index]
        index += 1
        switch piece.kind {
        case .escape:
            return escape(piece)
        case .classStart(let negated):
            let members = try classMembers(piece)
            return negated ? .unknown : Starts(bytes: members, canBeEmpty: false)
        case .comment:
            return .zeroWidth
        case .groupStart(let kind):
            return try group(kind, opening: piece.range)
        case .byte:
            let byte = bytes[piece.range.lowerBound]
            switch byte {
            case UInt8(ascii: "."): return .unknown
            case UInt8(ascii: "^"), UInt8(ascii: "$"): return .zeroWidth
            case UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"), UInt8(ascii: "{"), UInt8(ascii: "("), 0x80...0xBF:
                throw Unread()
            case 0xC0...: skipContinuationBytes(); return .one([byte])
            default: return .one([byte])
            }
        case .classEnd, .posixClass, .quoted, .verb:
            throw Unread()
        }
    }

    private mutating func skipContinuationBytes() {
        while let next = byte(at: index), (0x80...0xBF).contains(next) { index += 1 }
    }

    /// An escape outside or inside a class: a literal's byte, `\d`, `\s` or a property, nothing
    /// for an assertion (outside a class), or unknown (`\w`, a back reference, `\x`).
    private func escape(_ piece: PCRE2ExpressionPieces.Piece, inClass: Bool = false) -> Starts {
        let escape = bytes[piece.range]
        if escape.count > 2, (escape[escape.startIndex + 1] | 0x20) == UInt8(ascii: "p") {
            guard let ascii = propertyASCII(String(decoding: escape, as: UTF8.self)) else { return .unknown }
            return .one(Set(ascii).union(Self.leadBytes))
        }
        guard piece.range.count == 2 else { return .unknown }
        let escaped = bytes[piece.range.lowerBound + 1]
        switch escaped {
        case UInt8(ascii: "d"): return .one(Self.digits)
        case UInt8(ascii: "s"): return .one(Self.spaces)
        case UInt8(ascii: "t"): return .one([9])
        case UInt8(ascii: "n"): return .one([10])
        case UInt8(ascii: "f"): return .one([12])
        case UInt8(ascii: "r"): return .one([13])
        case UInt8(ascii: "e"): return .one([27])
        case UInt8(ascii: "b"), UInt8(ascii: "B"), UInt8(ascii: "A"), UInt8(ascii: "z"), UInt8(ascii: "Z"), UInt8(ascii: "G"):
            return inClass ? .unknown : .zeroWidth
        case 0x21...0x7E where !Self.isAlphanumeric(escaped):
            return .one([escaped])
        default:
            return .unknown
        }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    /// The members of the class whose start is `start` (read as if positive): literals, ranges of them, escaped
    /// punctuation, `\d` and `\s`; `nil` when another member is in it.
    private mutating func classMembers(_ start: PCRE2ExpressionPieces.Piece) throws(Unread) -> Set<UInt8>? {
        var members: Set<UInt8>? = []
        // A `]` right after `[` is a member.
        if bytes[start.range.upperBound - 1] == UInt8(ascii: "]") { members?.insert(UInt8(ascii: "]")) }
        var previous: UInt8?
        while index < pieces.count {
            let piece = pieces[index]
            index += 1
            switch piece.kind {
            case .classEnd:
                return members
            case .posixClass:
                members = nil
                previous = nil
            case .escape:
                let escaped = escape(piece, inClass: true).bytes
                if let escaped { members?.formUnion(escaped) } else { members = nil }
                previous = escaped?.count == 1 ? escaped?.first : nil
            case .byte:
                let member = bytes[piece.range.lowerBound]
                let next = byte(at: index)
                // ICU's nested sets and set operations (`[[a]]`, `&&`, `--`) are not PCRE2's.
                if member == UInt8(ascii: "[") || (member == UInt8(ascii: "&") && next == member) { throw Unread() }
                if member == UInt8(ascii: "-"), let low = previous, index < pieces.count, pieces[index].kind != .classEnd {
                    guard next != UInt8(ascii: "-") else { throw Unread() }
                    let high = try rangeEnd()
                    guard low <= high else { throw Unread() }
                    if low < 0x80 { members?.formUnion(low...min(high, 0x7F)) }
                    if high >= 0x80 { members?.formUnion(Self.leadBytes) }
                    previous = nil
                    continue
                }
                if (0x80...0xBF).contains(member) { throw Unread() }
                if member >= 0xC0 { skipContinuationBytes() }
                members?.insert(member)
                previous = member
            default:
                throw Unread()
            }
        }
        throw Unread()
    }

    /// The upper end of a range in a class: a literal's byte (a lead byte for one outside ASCII).
    private mutating func rangeEnd() throws(Unread) -> UInt8 {
        let piece = pieces[index]
        index += 1
        switch piece.kind {
        case .byte:
            let high = bytes[piece.range.lowerBound]
            if (0x80...0xBF).contains(high) { throw Unread() }
            if high >= 0xC0 { skipContinuationBytes() }
            return high
        case .escape:
            guard let escaped = escape(piece, inClass: true).bytes, escaped.count == 1, let high = escaped.first else {
                throw Unread()
            }
            return high
        default:
            throw Unread()
        }
    }

    /// A group whose opening was just read, through its `)`.
    private mutating func group(_ group: PCRE2ExpressionPieces.Group, opening: Range<Int>) throws(Unread) -> Starts {
        switch group {
        case .plain, .lookAround:
            break
        case .options(let closed):
            // The letters between `(?` and `)` or `:`; `x` changes the reading.
            for option in bytes[opening.dropFirst(2).dropLast()] {
                guard Self.optionLetters.contains(option) || option == UInt8(ascii: "-") || option == UInt8(ascii: "^") else {
                    throw Unread()
                }
                if option == UInt8(ascii: "i") { caseless = true }
            }
            if closed { return .zeroWidth }
        case .reference, .other:
            throw Unread()
        }
        depth += 1
        let inside = try alternatives()
        depth -= 1
        guard byte(at: index) == UInt8(ascii: ")") else { throw Unread() }
        index += 1
        if case .lookAround = group { return .zeroWidth }
        return inside
    }

    /// A quantifier after an item, if any: whether it lets the item be left out.
    private mutating func quantifier() throws(Unread) -> Bool {
        guard let first = byte(at: index) else { return false }
        let optional: Bool
        switch first {
        case UInt8(ascii: "?"), UInt8(ascii: "*"):
            index += 1
            optional = true
        case UInt8(ascii: "+"):
            index += 1
            optional = false
        case UInt8(ascii: "{"):
            index += 1
            var lowest = ""
            while let digit = byte(at: index), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) {
                lowest.append(Character(Unicode.Scalar(digit)))
                index += 1
            }
            while let byte = byte(at: index), byte == UInt8(ascii: ",") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                index += 1
            }
            guard byte(at: index) == UInt8(ascii: "}") else { throw Unread() }
            index += 1
            optional = (Int(lowest) ?? 0) == 0
        default:
            return false
        }
        if let suffix = byte(at: index), suffix == UInt8(ascii: "?") || suffix == UInt8(ascii: "+") { index += 1 }
        return optional
    }
}
