/// `xmpp:` and `magnet:?` URIs, as Mastodon's extractor adds them (`valid_extended_uri`, matched
/// case-insensitively after the same preceding character as other links):
/// - `xmpp:` `(//NODE+@DOMAIN/)?` `(NODE+@)?` `DOMAIN` `(/RES+)?` `(\?query)?`, where NODE and RES
///   are RFC 3986 unreserved characters (with Cyrillic and dashes, as twitter-text writes them),
///   percent escapes, and the sub-delimiters (NODE: `! $ ( ) * + , ; =`, RES: also `& '`); DOMAIN is
///   the link domain expression; the query is the link query.
/// - `magnet:` `\?query` (a query is required).
/// The extractor applies no further check to these. A match consumes its text: a URI inside
/// another's query is not found again.
/// - Complexity: O(n): the colon search reads each byte once; a match reads its own text, and its
///   domain search walks each label at most twice while the queries move forward (see
///   ``TwitterDomainSearch``).
struct MastodonExtendedURIs {
    let text: UnsafeBufferPointer<UInt8>
    private var domains: MastodonURLScanner

    init(text: UnsafeBufferPointer<UInt8>, tlds: TwitterTLDMatcher) {
        self.text = text
        self.domains = MastodonURLScanner(text: text, tlds: tlds)
    }

    /// The URIs whose preceding character (or line start) lies in `start..<limit`.
    mutating func uris(from start: Int, before limit: Int) -> [Range<Int>] {
        ResumableScan.collect(start..<limit) { uris(from: start, before: limit, resuming: &$0, atMost: $1, into: &$2) }
    }

    /// The URIs of ``uris(from:before:)`` from where `resumption` stands, appended to `found` until
    /// it holds `count` or the scan is finished.
    mutating func uris(
        from start: Int, before limit: Int, resuming resumption: inout ResumableScan, atMost count: Int,
        into found: inout [Range<Int>]
    ) {
        var consumedEnd = resumption.position
        var position = resumption.position
        defer { resumption.position = position }
        while found.count < count {
            // A URI's colon lies at most six letters and one preceding scalar after its start.
            let searchEnd = min(text.count, limit + 11)
            position = MastodonRules.colons.firstIndex(in: text, from: position, before: searchEnd)
            guard position < searchEnd else { return resumption.isFinished = true }
            let colon = position
            position += 1
            let nameLength: Int
            if Self.endsName("xmpp", at: colon, in: text) {
                nameLength = 4
            } else if Self.endsName("magnet", at: colon, in: text) {
                nameLength = 6
            } else {
                continue
            }
            let uriStart = colon - nameLength
            if uriStart > 0 {
                let preceding = text.scalarStart(before: uriStart)
                guard preceding >= consumedEnd, preceding < limit,
                    MastodonCharacters.isURLPreceding(text.scalarValue(at: preceding).value)
                else { continue }
            } else if start > 0 || limit == 0 {
                continue
            }
            guard let end = nameLength == 4 ? xmppEnd(from: colon + 1) : magnetEnd(from: colon + 1) else { continue }
            found.append(uriStart..<end)
            consumedEnd = end
            position = end
        }
    }

    /// Whether the ASCII letters of `name` (lower case) end just before `colon`, in any case.
    private static func endsName(_ name: StaticString, at colon: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = name.utf8CodeUnitCount
        guard colon >= count else { return false }
        for index in 0..<count where text[colon - count + index] | 0x20 != name.utf8Start[index] { return false }
        return true
    }

    private mutating func xmppEnd(from start: Int) -> Int? {
        if start + 1 < text.count, text[start] == UInt8(ascii: "/"), text[start + 1] == UInt8(ascii: "/") {
            // With `//` the authority is the only way on.
            let node = Self.runEnd(in: text, from: start + 2, resource: false)
            guard node > start + 2, node < text.count, text[node] == UInt8(ascii: "@"),
                let domainEnd = domain(at: node + 1), domainEnd < text.count, text[domainEnd] == UInt8(ascii: "/")
            else { return nil }
            return xmppPath(from: domainEnd + 1)
        }
        return xmppPath(from: start)
    }

    /// `(NODE+@)?DOMAIN(/RES+)?(\?query)?` at `start`.
    private mutating func xmppPath(from start: Int) -> Int? {
        var domainEnd: Int?
        let node = Self.runEnd(in: text, from: start, resource: false)
        if node > start, node < text.count, text[node] == UInt8(ascii: "@") { domainEnd = domain(at: node + 1) }
        if domainEnd == nil { domainEnd = domain(at: start) }
        guard var end = domainEnd else { return nil }
        if end < text.count, text[end] == UInt8(ascii: "/") {
            let resource = Self.runEnd(in: text, from: end + 1, resource: true)
            if resource > end + 1 { end = resource }
        }
        if end < text.count, text[end] == UInt8(ascii: "?"), let queryEnd = MastodonURLPath.queryEnd(in: text, after: end + 1) {
            end = queryEnd
        }
        return end
    }

    /// `\?query` at `start` (required).
    private func magnetEnd(from start: Int) -> Int? {
        guard start < text.count, text[start] == UInt8(ascii: "?") else { return nil }
        return MastodonURLPath.queryEnd(in: text, after: start + 1)
    }

    private mutating func domain(at start: Int) -> Int? {
        guard start < text.count, MastodonCharacters.isDomainCharacter(at: start, in: text) else { return nil }
        return domains.domainEnd(labelStart: start)
    }

    /// The end of the run of NODE (or RES) units at `start`: unreserved characters, percent escapes
    /// and the sub-delimiters.
    private static func runEnd(in text: UnsafeBufferPointer<UInt8>, from start: Int, resource: Bool) -> Int {
        var position = start
        while position < text.count {
            let (scalar, length) = text.scalarValue(at: position)
            if scalar == 0x25 {
                guard position + 2 < text.count, isHexDigit(text[position + 1]), isHexDigit(text[position + 2]) else { break }
                position += 3
                continue
            }
            guard isUnreserved(scalar) || isSubDelimiter(scalar, resource: resource) else { break }
            position += length
        }
        return position
    }

    /// `[a-z\p{Cyrillic}0-9\p{Pd}._~]` with `/i`.
    private static func isUnreserved(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 {
            let byte = UInt8(truncatingIfNeeded: scalar)
            return TwitterCharacterClasses.isASCIIAlphanumeric(byte) || byte == 0x2E || byte == 0x5F || byte == 0x7E
                || byte == 0x2D
        }
        return scalar == 0x212A || scalar == 0x17F
            || MastodonCharacters.table.has(scalar, MastodonCharacterClass.cyrillic | MastodonCharacterClass.dash)
    }

    /// NODE: `! $ ( ) * + , ; =`; RES: also `& '`.
    private static func isSubDelimiter(_ scalar: UInt32, resource: Bool) -> Bool {
        switch scalar {
        case 0x21, 0x24, 0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x3B, 0x3D: return true
        case 0x26, 0x27: return resource
        default: return false
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte | 0x20)
    }
}
