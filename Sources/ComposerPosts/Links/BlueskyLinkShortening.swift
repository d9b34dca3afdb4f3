/// How the Bluesky app shows a link in a post: social-app's `toShortUrl`.
///
/// The link's text is parsed as a WHATWG URL (``WebURL``). Text that does not parse, or whose
/// scheme is not http or https, stays as it is (a link typed without a scheme, `example.com/x`,
/// never parses). Otherwise the result is the host (with a non-default port) followed by `rest` =
/// the path (nothing when it is just `/`) + query + fragment, where a `rest` longer than 15 UTF-16
/// code units is cut to its first 13 and followed by `...`.
///
/// A parsed URL's components are ASCII (percent-encoded, punycode), so the cut counts bytes and can
/// never split a surrogate pair: the app's UTF-16 `slice` and this byte cut agree exactly.
package enum BlueskyLinkShortening {
    /// Longest `rest` shown whole, in UTF-16 code units.
    static let longestWholeRest = 15
    /// How much of a longer `rest` is kept before `...`, in UTF-16 code units.
    static let keptRest = 13

    /// The text the Bluesky app posts for a link whose text is `linkText`.
    /// - Complexity: O(n) for n bytes of link text (plus IDNA's cost for a non-ASCII host).
    package static func shortText(ofLink linkText: Substring) -> String {
        var text = linkText
        if let plain = text.withUTF8({ PlainLink($0).map { shortText(host: $0.host, rest: $0.rest) } }) { return plain }
        guard let url = WebURL(parsing: linkText) else { return String(linkText) }
        var rest: [UInt8] = []
        rest.reserveCapacity(url.pathname.utf8.count + url.search.utf8.count + url.hash.utf8.count)
        if url.pathname != "/" { rest.append(contentsOf: url.pathname.utf8) }
        rest.append(contentsOf: url.search.utf8)
        rest.append(contentsOf: url.hash.utf8)
        return shortText(host: url.host.utf8, rest: rest)
    }

    /// `host` + `rest`, a `rest` longer than 15 UTF-16 code units cut to 13 and `...`.
    /// - Precondition: `rest` is ASCII, so a byte is a code unit.
    private static func shortText(host: some Collection<UInt8>, rest: some Collection<UInt8>) -> String {
        var short: [UInt8] = []
        short.reserveCapacity(host.count + min(rest.count, longestWholeRest) + 3)
        short.append(contentsOf: host)
        if rest.count > longestWholeRest {
            short.append(contentsOf: rest.prefix(keptRest))
            short.append(contentsOf: "...".utf8)
        } else {
            short.append(contentsOf: rest)
        }
        return String(decoding: short, as: UTF8.self)
    }

    /// A link the WHATWG parser leaves as typed, its components read without parsing:
    /// `http://` or `https://`, a host of lower-case letters, digits and hyphens in non-empty
    /// labels, none starting with `xn--` and the last not with a digit (so no IPv4 address and no
    /// punycode to check), no port or user, then a path, query and fragment of characters no
    /// component encodes or rewrites (letters, digits and `-._~!$&()*+,;=:@/`, and `?` after the
    /// path, `#` in the fragment), with no `.` or `..` segment. Any other link is left to
    /// ``WebURL``; the tests hold the two to the same result.
    struct PlainLink {
        var host: UnsafeBufferPointer<UInt8>
        /// The path unless it is `/`, then the query and the fragment unless they are empty.
        var rest: [UInt8]

        init?(_ text: UnsafeBufferPointer<UInt8>) {
            var position: Int
            if text.starts(with: "https://".utf8) {
                position = 8
            } else if text.starts(with: "http://".utf8) {
                position = 7
            } else {
                return nil
            }
            let hostStart = position
            while position < text.count, !Self.endsHost(text[position]) { position += 1 }
            host = UnsafeBufferPointer(rebasing: text[hostStart..<position])
            guard Self.isPlainHost(host) else { return nil }
            let pathStart = position
            // A segment's length, and whether it is all dots so far.
            var segment = 0, dots = true
            while position < text.count, text[position] != UInt8(ascii: "?"), text[position] != UInt8(ascii: "#") {
                let byte = text[position]
                guard Self.isPlain(byte) else { return nil }
                if byte == UInt8(ascii: "/") {
                    if dots && (segment == 1 || segment == 2) && position > pathStart { return nil }
                    (segment, dots) = (0, true)
                } else {
                    segment += 1
                    dots = dots && byte == UInt8(ascii: ".")
                }
                position += 1
            }
            if dots && (segment == 1 || segment == 2) { return nil }
            let pathEnd = position
            // The query runs to the first `#`; after the path, `?` and `#` are plain too.
            var queryEnd = text.count
            while position < text.count {
                let byte = text[position]
                if byte == UInt8(ascii: "#") { queryEnd = min(queryEnd, position) }
                guard Self.isPlain(byte) || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") else { return nil }
                position += 1
            }
            rest = []
            // A path of just `/` shows as nothing, and an empty query or fragment reads as none.
            if pathEnd - pathStart > 1 { rest += text[pathStart..<pathEnd] }
            if queryEnd - pathEnd > 1 { rest += text[pathEnd..<queryEnd] }
            if text.count - queryEnd > 1 { rest += text[queryEnd...] }
        }

        private static func endsHost(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
        }

        private static func isPlainHost(_ host: UnsafeBufferPointer<UInt8>) -> Bool {
            var labelLength = 0
            var labelFirst: UInt8 = 0
            // The label's first four bytes, the first in the highest byte.
            var labelStart: UInt32 = 0
            for byte in host {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                    if labelLength == 0 { labelFirst = byte }
                    if labelLength < 4 { labelStart = labelStart << 8 | UInt32(byte) }
                    labelLength += 1
                    if labelLength == 4, labelStart == 0x786E_2D2D { return false }  // "xn--"
                case UInt8(ascii: "."):
                    guard labelLength > 0 else { return false }
                    labelLength = 0
                    labelStart = 0
                default:
                    return false
                }
            }
            return labelLength > 0 && !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(labelFirst)
        }

        private static func isPlain(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "!"), UInt8(ascii: "$"),
                UInt8(ascii: "&"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","),
                UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"):
                true
            default:
                false
            }
        }
    }
}
