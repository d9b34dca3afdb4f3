import ComposerCore
import Testing

@testable import ComposerPosts

/// Links read without the WHATWG parser (``BlueskyLinkShortening/PlainLink``) shorten exactly as
/// parsed ones: random links around the edges of what is read that way (schemes, upper case,
/// `xn--`, numeric last labels, ports, users, dot segments, escapes, quotes, spaces, non-ASCII).
@Suite("Bluesky link shortening without the parser")
struct LinkShorteningPlainTests {
    /// social-app's `toShortUrl` on ``WebURL``'s components, written out on its own.
    static func parsedShortText(_ link: String) -> String {
        guard let url = WebURL(parsing: link[...]) else { return link }
        let rest = (url.pathname == "/" ? "" : url.pathname) + url.search + url.hash
        return url.host + (rest.utf8.count > 15 ? String(rest.prefix(13)) + "..." : rest)
    }

    static func isPlain(_ link: String) -> Bool {
        var link = link
        return link.withUTF8 { BlueskyLinkShortening.PlainLink($0) != nil }
    }

    @Test func randomLinksShortenAsParsed() {
        let schemes = ["https://", "http://", "https://", "http://", "https://", "HTTPS://", "https:/", "ftp://", ""]
        // What a plain link is made of, and what makes a link not plain.
        let plainHost = ["a", "b", "z", "0", "9", "-", "xn--", "x", "n", "com", "1", ".a", ".com", ".social", ".1a"]
        let plainRest = [
            "/", "/", "/", "a", "Z", "0", "-", ".", "..", "_", "~", "!", "$", "&", "(", ")", "*", "+", ",", ";", "=", ":", "@", "?",
            "#", "/.", "/..",
        ]
        let edgeHost = [".", "..", "A", ":", ":443", ":80", "@", "%41", "ü", ".0", ".0x"]
        let edgeRest = ["'", "%", "%2e", "%41", " ", "\"", "<", "`", "{", "|", "\\", "^", "\t", "é", "😀"]
        var random = SplitMix64(seed: 0x5_4042)
        var plain = 0
        let count = 100_000
        for _ in 0..<count {
            func pick(_ pieces: [String], _ most: UInt64) -> String {
                (0..<Int(random.next() % (most + 1))).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            }
            // A third plain, a third with one piece of the edges, a third with any.
            let mode = random.next() % 3
            let host = "a" + pick(mode == 2 ? plainHost + edgeHost : plainHost, 6)
            let rest = ["", "/", "/", "?", "#"][Int(random.next() % 5)] + pick(mode == 2 ? plainRest + edgeRest : plainRest, 12)
            var link = schemes[Int(random.next() % UInt64(schemes.count))] + host + rest
            if mode == 1 {
                let edge = (edgeHost + edgeRest)[Int(random.next() % UInt64(edgeHost.count + edgeRest.count))]
                let offset = Int(random.next() % UInt64(link.count + 1))
                link.insert(contentsOf: edge, at: link.index(link.startIndex, offsetBy: offset))
            }
            if Self.isPlain(link) { plain += 1 }
            let short = BlueskyLinkShortening.shortText(ofLink: link[...])
            let expected = Self.parsedShortText(link)
            if short != expected {
                Issue.record("\(link.debugDescription): \(short.debugDescription), parsed \(expected.debugDescription)")
                return
            }
        }
        // Enough of them read without the parser for the comparison to mean something.
        #expect(plain > count / 10, "\(plain) of \(count)")
    }

    @Test func plainLinksAreReadWithoutTheParser() {
        for link in ["https://example.com", "http://a.com/", "https://a-b.c0m/Path?q=1&r=(2)#top", "https://bsky.app/profile/a.bsky.social"] {
            #expect(Self.isPlain(link), "\(link)")
        }
        for link in [
            "https://Example.com", "https://xn--mnchen-3ya.de/", "https://1.2.3.4/", "https://a.0x1/", "https://a.com:443/",
            "https://u@a.com/", "https://a.com/%41", "https://a.com/./x", "https://a.com/x/..", "https://a.com/'", "https://a..com",
            "https://a.com./", "https://a.com/?'",
        ] {
            #expect(!Self.isPlain(link), "\(link)")
        }
    }
}
