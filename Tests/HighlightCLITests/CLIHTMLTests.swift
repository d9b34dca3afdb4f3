import Foundation
import PatternDetection
import Testing

/// `--format html`: an escaped fragment; the only markup is ours.
@Suite("CLI HTML output")
struct CLIHTMLTests {
    static let hostile = [
        #"<script>alert(1)</script> @a.b #x"#,
        #"https://x.com/"><script>alert(1)</script>"#,
        #"https://x.com/'onmouseover='alert(1)' #t"<b>"#,
        #"javascript:alert(1) http://a.b/&amp;<i> @x"onclick="y"#,
        "a & b < c > d \" e ' f",
        "https://ok.example/a?b=1&c=2",
    ]

    /// Every `<` in `html` opens one of our tags, every `>` closes one, and attribute values hold
    /// no `"`, `'`, `<` or `>`; hrefs are http or https.
    static func markupViolation(_ html: String) -> String? {
        let bytes = Array(html.utf8)
        // ASCII-lowered copy: schemes are accepted in any case (`HTTPS://`).
        let lowered = bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        func attribute(after prefix: String, at index: Int) -> Int? {
            let start = index + prefix.utf8.count
            guard lowered[index...].starts(with: prefix.utf8) else { return nil }
            var end = start
            while end < bytes.count, !"\"'<>".utf8.contains(bytes[end]) { end += 1 }
            guard end + 1 < bytes.count, bytes[end] == UInt8(ascii: "\""), bytes[end + 1] == UInt8(ascii: ">") else { return nil }
            return end + 2
        }
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: ">"):
                return "a '>' outside a tag at byte \(index)"
            case UInt8(ascii: "<"):
                if bytes[index...].starts(with: "</span>".utf8) { index += 7; continue }
                if bytes[index...].starts(with: "</a>".utf8) { index += 4; continue }
                if let end = attribute(after: "<span class=\"", at: index) { index = end; continue }
                for scheme in ["http://", "https://"] {
                    if let end = attribute(after: "<a class=\"url\" href=\"" + scheme, at: index) { index = end; break }
                }
                if bytes[index] == UInt8(ascii: "<") {
                    return "unexpected markup at: \(String(decoding: bytes[index..<min(index + 40, bytes.count)], as: UTF8.self))"
                }
            default:
                index += 1
            }
        }
        return nil
    }

    @Test("No tag or attribute injection", arguments: BuiltInRules.allCases)
    func noInjection(_ rules: BuiltInRules) throws {
        for text in Self.hostile {
            let result = ChildProcess.highlight(
                ["--rules", rules.rawValue, "--format", "html"] + CLICases.patternArguments,
                input: .bytes(Array(text.utf8)))
            #expect(result.status == 0)
            let html = result.stdoutText
            #expect(Self.markupViolation(html) == nil, "\(text) → \(html)")
            #expect(!html.contains("href=\"javascript"), "\(html)")
            let unescaped = html.replacingOccurrences(of: #"<[^<>]*>"#, with: "", options: .regularExpression)
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
                .replacingOccurrences(of: "&amp;", with: "&")
            #expect(unescaped == text + "\n", "the text survives escaping")
        }
    }

    @Test func linksAndSpansForIcysky() {
        let result = ChildProcess.highlight(
            ["--rules", "icysky", "--format", "html", "--pattern", "ticket=[A-Z]+-\\d+"],
            input: .bytes(Array("see https://a.example/x?y=1&z=2 @bob #tag AB-1 <i>".utf8)))
        #expect(result.stdoutText == """
            see <a class="url" href="https://a.example/x?y=1&amp;z=2">https://a.example/x?y=1&amp;z=2</a> \
            <span class="mention">@bob</span> <span class="hashtag">#tag</span> <span class="ticket">AB-1</span> \
            &lt;i&gt;

            """)
    }

    @Test func illFormedBytesBecomeReplacementCharacters() {
        let result = ChildProcess.highlight(
            ["--rules", "icysky", "--format", "html"], input: .bytes(Array("a ".utf8) + [0xFF, 0xC3] + Array(" #b".utf8)))
        #expect(result.stdoutText == "a \u{FFFD}\u{FFFD} <span class=\"hashtag\">#b</span>\n")
    }

    @Test("A streamed document renders as one fragment", arguments: BuiltInRules.allCases)
    func streamedDocument(_ rules: BuiltInRules) throws {
        let posts = PostCorpus.posts(byteCount: 300_000, seed: 9)
        let result = ChildProcess.highlight(["--rules", rules.rawValue, "--format", "html"], input: .bytes(posts))
        #expect(result.status == 0)
        #expect(result.stdout.last == UInt8(ascii: "\n"))
        #expect(result.stdout.filter { $0 == UInt8(ascii: "\n") }.count == posts.filter { $0 == UInt8(ascii: "\n") }.count + 1)
        #expect(Self.markupViolation(result.stdoutText) == nil)
    }
}
