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

    /// NUL, which HTML does not allow in text or attribute values (its parser reads U+FFFD), is
    /// written as U+FFFD: in text, inside a span, in an href and in an emoji's src, for a
    /// document and for a jsonl post. JSON escapes it as `\u0000`; ANSI passes it through.
    @Test func nulBecomesAReplacementCharacter() throws {
        let text = "a\0<b> #t\0ag @a.bsky.social\0 https://a.example/x\0y \0\0\0\0\0\0\0\0\0"
        let html = """
            a\u{FFFD}&lt;b&gt; <span class="hashtag">#t\u{FFFD}ag</span> <span class="mention">@a.bsky.social</span>\u{FFFD} \
            <a class="url" href="https://a.example/x\u{FFFD}y">https://a.example/x\u{FFFD}y</a> \
            \(String(repeating: "\u{FFFD}", count: 9))
            """
        let document = ChildProcess.highlight(["--format", "html"], input: .bytes(Array(text.utf8)))
        #expect(document.status == 0)
        #expect(document.stdoutText == html + "\n")
        let post = ChildProcess.highlight(
            ["--input", "jsonl", "--format", "html"],
            input: .bytes(Array(#""a\u0000<b> #t\u0000ag @a.bsky.social\u0000 https://a.example/x\u0000y \#(String(repeating: #"\u0000"#, count: 9))""#.utf8) + [0x0A]))
        #expect(post.status == 0)
        #expect(post.stdoutText == html + "\n")
        let illFormed = ChildProcess.highlight(["--format", "html"], input: .bytes([0x00, 0xFF, 0x00, 0x61]))
        #expect(illFormed.stdoutText == "\u{FFFD}\u{FFFD}\u{FFFD}a\n")

        let emoji = try temporaryFile(
            Array(#"[{"shortcode":"blob","url":"https://files.example/b\u0000.png","visible_in_picker":true}]"#.utf8),
            name: "html-nul-emoji.json")
        defer { unlink(emoji) }
        let image = ChildProcess.highlight(["--rules", "mastodon", "--emoji", emoji, "--format", "html"], input: "hi :blob:")
        #expect(image.stdoutText == #"hi <img class="emoji" src="https://files.example/b\#u{FFFD}.png" alt=":blob:" title=":blob:">"# + "\n")

        let json = ChildProcess.highlight(["--format", "json"], input: .bytes(Array("#t\0ag".utf8)))
        #expect(json.stdoutText.contains(##""text":"#t\u0000ag","value":"t\u0000ag""##), "\(json.stdoutText)")
        let ansi = ChildProcess.highlight(["--format", "ansi", "--color", "never"], input: .bytes(Array(text.utf8)))
        #expect(ansi.stdout == Array(text.utf8))
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
