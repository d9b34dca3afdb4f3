import Testing
@testable import ComposerPosts

/// The WHATWG URL parser for http/https, component by component (expected values as node 20's
/// `new URL` gives them).
@Suite("WebURL parsing")
struct WebURLParsingTests {
    private func parts(_ text: String) -> [String]? {
        WebURL(parsing: text).map { [$0.host, $0.pathname, $0.search, $0.hash] }
    }

    @Test func schemeIsCaseInsensitiveAndOnlyHTTPOrHTTPS() {
        #expect(WebURL(parsing: "HtTpS://a.com")?.scheme == .https)
        #expect(WebURL(parsing: "HTTP://a.com")?.scheme == .http)
        #expect(WebURL(parsing: "ftp://a.com") == nil)
        #expect(WebURL(parsing: "http+x://a.com") == nil)
        #expect(WebURL(parsing: "//a.com") == nil)
        #expect(WebURL(parsing: "a.com") == nil)
    }

    @Test func cleanUpStripsEdgesAndRemovesTabsAndNewlines() {
        #expect(parts("\u{0}  https://a.com/x \u{1F}") == ["a.com", "/x", "", ""])
        #expect(parts("ht\ttp://a.\ncom/b\rc") == ["a.com", "/bc", "", ""])
    }

    @Test func slashesAndBackslashesAfterTheScheme() {
        #expect(parts("https:a.com") == ["a.com", "/", "", ""])
        #expect(parts("https:\\\\a.com\\b\\c") == ["a.com", "/b/c", "", ""])
        #expect(parts("https:////a.com/") == ["a.com", "/", "", ""])
    }

    @Test func userInfoIsSkippedUpToTheLastAt() {
        #expect(parts("http://user:pa@ss@host.com/x@y") == ["host.com", "/x@y", "", ""])
        #expect(WebURL(parsing: "http://user@/x") == nil)
        #expect(WebURL(parsing: "http://user@") == nil)
    }

    @Test func ports() {
        #expect(WebURL(parsing: "http://a.com:65535")?.host == "a.com:65535")
        #expect(WebURL(parsing: "http://a.com:")?.host == "a.com")
        #expect(WebURL(parsing: "http://a.com:65536") == nil)
        #expect(WebURL(parsing: "http://a.com:99999999999999999999") == nil)
        #expect(WebURL(parsing: "http://a.com:8a") == nil)
        #expect(WebURL(parsing: "http://:80") == nil)
        #expect(WebURL(parsing: "http://[::1]:8080")?.host == "[::1]:8080")
    }

    @Test func dotSegments() {
        #expect(WebURL(parsing: "http://a/b/./c/../d")?.pathname == "/b/d")
        #expect(WebURL(parsing: "http://a/b/%2e%2E/c")?.pathname == "/c")
        #expect(WebURL(parsing: "http://a/b/.%2e")?.pathname == "/")
        #expect(WebURL(parsing: "http://a/..")?.pathname == "/")
        #expect(WebURL(parsing: "http://a/b/%2e/")?.pathname == "/b/")
        #expect(WebURL(parsing: "http://a/b/...")?.pathname == "/b/...")
        #expect(WebURL(parsing: "http://a/b/..?q")?.pathname == "/")
    }

    @Test func percentEncodeSets() {
        #expect(WebURL(parsing: "http://a/{x}`|^%zz\u{7F}")?.pathname == "/%7Bx%7D%60|^%zz%7F")
        #expect(WebURL(parsing: "http://a/?{x}`'<>%41")?.search == "?{x}`%27%3C%3E%41")
        #expect(WebURL(parsing: "http://a/#{x}`'<>#")?.hash == "#{x}%60'%3C%3E#")
        #expect(WebURL(parsing: "http://a/é?é#é") .map { [$0.pathname, $0.search, $0.hash] } == ["/%C3%A9", "?%C3%A9", "#%C3%A9"])
    }

    @Test func emptyQueryAndFragmentAreEmptyStrings() {
        #expect(parts("http://a/?#") == ["a", "/", "", ""])
        #expect(parts("http://a/??##") == ["a", "/", "??", "##"])
    }

    @Test func ipv4Forms() {
        #expect(WebURL(parsing: "http://0x7f.1/")?.host == "127.0.0.1")
        #expect(WebURL(parsing: "http://2130706433")?.host == "127.0.0.1")
        #expect(WebURL(parsing: "http://0177.0.0.1.")?.host == "127.0.0.1")
        #expect(WebURL(parsing: "http://１２７.０.０.１")?.host == "127.0.0.1")
        #expect(WebURL(parsing: "http://0x")?.host == "0.0.0.0")
        #expect(WebURL(parsing: "http://1.2.3.256") == nil)
        #expect(WebURL(parsing: "http://1.2.3.4.5") == nil)
        #expect(WebURL(parsing: "http://4294967296") == nil)
        #expect(WebURL(parsing: "http://a.1") == nil)
        #expect(WebURL(parsing: "http://1.a")?.host == "1.a")
        #expect(WebURL(parsing: "http://09.1") == nil)
    }

    @Test func ipv6Forms() {
        #expect(WebURL(parsing: "http://[1:0:0:2:0:0:0:1]")?.host == "[1:0:0:2::1]")
        #expect(WebURL(parsing: "http://[0:0:1:0:0:0:0:0]")?.host == "[0:0:1::]")
        #expect(WebURL(parsing: "http://[::ffff:1.2.3.4]")?.host == "[::ffff:102:304]")
        #expect(WebURL(parsing: "http://[FFFF::ABCD]")?.host == "[ffff::abcd]")
        #expect(WebURL(parsing: "http://[1:0:1:0:1:0:1:0]")?.host == "[1:0:1:0:1:0:1:0]")
        #expect(WebURL(parsing: "http://[::]")?.host == "[::]")
        for bad in ["[::1", "[1::2::3]", "[12345::]", "[::1.2.3]", "[::01.2.3.4]", "[1:2:3:4:5:6:7:8:9]", "[]", "[::1]x"] {
            #expect(WebURL(parsing: "http://\(bad)/") == nil, "\(bad)")
        }
    }

    @Test func percentEscapesAndForbiddenCodePointsInHosts() {
        #expect(WebURL(parsing: "http://ex%41mple.com")?.host == "example.com")
        #expect(WebURL(parsing: "http://%E2%98%83.com")?.host == "xn--n3h.com")
        for bad in ["a%2Fb.com", "a^b", "a|b", "a<b", "%zz.com", "%FF.com", "a%00b"] {
            #expect(WebURL(parsing: "http://\(bad)/") == nil, "\(bad)")
        }
    }
}
