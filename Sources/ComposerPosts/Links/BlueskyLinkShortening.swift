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
        guard let url = WebURL(parsing: linkText) else { return String(linkText) }
        var rest: [UInt8] = []
        rest.reserveCapacity(url.pathname.utf8.count + url.search.utf8.count + url.hash.utf8.count)
        if url.pathname != "/" { rest.append(contentsOf: url.pathname.utf8) }
        rest.append(contentsOf: url.search.utf8)
        rest.append(contentsOf: url.hash.utf8)
        // ASCII: one byte is one UTF-16 code unit.
        guard rest.count > longestWholeRest else { return url.host + String(decoding: rest, as: UTF8.self) }
        return url.host + String(decoding: rest.prefix(keptRest), as: UTF8.self) + "..."
    }
}
