import Testing
@testable import ComposerPosts

/// Every branch of social-app's `toShortUrl`, by hand (expected values checked against node 20).
@Suite("Bluesky link shortening")
struct LinkShorteningTests {
    private func short(_ text: String) -> String {
        BlueskyLinkShortening.shortText(ofLink: text[...])
    }

    @Test func textThatIsNotAnHTTPURLStaysAsTyped() {
        #expect(short("example.com/some/long/path/here") == "example.com/some/long/path/here")
        #expect(short("bsky.app") == "bsky.app")
        #expect(short("ftp://example.com/a/long/path/here") == "ftp://example.com/a/long/path/here")
        #expect(short("https://exa mple.com/") == "https://exa mple.com/")
        #expect(short("https://example.com:65536/") == "https://example.com:65536/")
    }

    @Test func aBarePathIsDropped() {
        #expect(short("https://example.com/") == "example.com")
        #expect(short("https://example.com") == "example.com")
        #expect(short("https://example.com/#") == "example.com")
        #expect(short("https://example.com/?") == "example.com")
    }

    @Test func queryAndFragmentFollowTheHost() {
        #expect(short("https://a.com/?q=1#f") == "a.com?q=1#f")
        #expect(short("https://a.com/p?q#f") == "a.com/p?q#f")
        #expect(short("https://a.com#top") == "a.com#top")
    }

    @Test func restOf15UnitsIsWholeAnd16IsCut() {
        #expect(short("https://a.com/abcdefghijklmn") == "a.com/abcdefghijklmn")
        #expect(short("https://a.com/abcdefghijklmno") == "a.com/abcdefghijkl...")
        #expect(short("https://a.com/abcdefghijkl?q=1") == "a.com/abcdefghijkl...")
        #expect(short("https://a.com/?abcdefghijklmn") == "a.com?abcdefghijklmn")
    }

    @Test func hostsAreLowerCasedAndIDNHostsArePunycode() {
        #expect(short("https://EXAMPLE.Com/Path") == "example.com/Path")
        #expect(short("https://MÜNCHEN.de/") == "xn--mnchen-3ya.de")
        #expect(short("https://例え。テスト/") == "xn--r8jz45g.xn--zckzah")
    }

    @Test func defaultPortsAreDroppedOthersKept() {
        #expect(short("https://a.com:443/x") == "a.com/x")
        #expect(short("http://a.com:80") == "a.com")
        #expect(short("http://a.com:0080/") == "a.com")
        #expect(short("https://a.com:80/x") == "a.com:80/x")
        #expect(short("http://a.com:443") == "a.com:443")
        #expect(short("http://a.com:0/") == "a.com:0")
    }

    /// The rest is measured after percent-encoding: one 😀 is 13 units (`/%F0%9F%98%80`), not 2.
    @Test func astralCharactersCountAsTheirEscapes() {
        #expect(short("https://a.com/😀") == "a.com/%F0%9F%98%80")
        #expect(short("https://a.com/😀😀") == "a.com/%F0%9F%98%80...")
        #expect(short("https://a.com/ab😀") == "a.com/ab%F0%9F%98%80")      // exactly 15
        #expect(short("https://a.com/abc😀") == "a.com/abc%F0%9F%98...")    // 16
    }

    @Test func spacesAndQuotesAreEncodedPerComponent() {
        let url = WebURL(parsing: "https://a.com/a b\"'?a b\"'#a b\"'`")
        #expect(url?.pathname == "/a%20b%22'")
        #expect(url?.search == "?a%20b%22%27")
        #expect(url?.hash == "#a%20b%22'%60")
        #expect(short("https://a.com/a b\"'") == "a.com/a%20b%22'")
    }

    @Test func everyResultOfAParsedLinkIsASCII() {
        for text in ["https://a.com/😀😀😀?é#ü", "https://bücher.example/ß", "http://[::1]/\u{7F}"] {
            #expect(short(text).utf8.allSatisfy { $0 < 0x80 }, "\(text)")
        }
    }
}
