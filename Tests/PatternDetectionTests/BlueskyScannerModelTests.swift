#if PCRE2
import Foundation
import PatternDetection
import RegexEngine
import Testing

/// The `bluesky` byte scanner against a model built the way the reference works: one PCRE2
/// expression per kind, transcribed from atproto's four regular expressions, each walked like a
/// JavaScript global regex (a rejected candidate still moves `lastIndex` past its text), the
/// reference's decisions in code (the rule set's own post-filters), and the four lists merged
/// with the earliest start winning. The scanner must find exactly the model's spans, in every
/// window a rescan can ask for.
@Suite("Bluesky byte scanner agrees with the expression model")
struct BlueskyScannerModelTests {
    /// JavaScript's `\s`, as a PCRE2 class body.
    static let whitespace = #"\t-\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}"#
    /// `(^|\s|\()@([a-zA-Z0-9.-]+)(\b)`; JavaScript's `\b` knows only ASCII word characters.
    static let mention = try! PCRE2Pattern(
        #"(?<![^"# + whitespace + #"(])@[A-Za-z0-9.-]+"#
            + #"(?:(?<=[A-Za-z0-9])(?![A-Za-z0-9_])|(?<=[.-])(?=[A-Za-z0-9_]))"#)
    /// The start of `(^|\s|\()((https?:\/\/[\S]+)|((?<domain>[a-z][a-z0-9]*(\.[a-z0-9]+)+)[\S]*))`
    /// (flag `i`): the rest of the word is read by the post-filter.
    static let link = try! PCRE2Pattern(
        #"(?<![^"# + whitespace + #"(])"#
            + #"(?:[hH][tT][tT][pP][sS]?://[^"# + whitespace + #"]|[A-Za-z][A-Za-z0-9]*+\.[A-Za-z0-9])"#)
    /// `(?:^|\s)([#＃])(?!\ufe0f)([^\s\u00AD\u2060\u200A\u200B\u200C\u200D\u20e2]*[^\d\s\p{P}…]+…)?`,
    /// the body up to whitespace or a terminator; the post-filter decides the rest.
    static let hashtag = try! PCRE2Pattern(
        #"(?<![^"# + whitespace + #"])[#\x{FF03}](?!\x{FE0F})"#
            + #"[^"# + whitespace + #"\x{AD}\x{2060}\x{200A}\x{200B}\x{200C}\x{200D}\x{20E2}]*+"#)
    /// `/(^|\s|\()\$([A-Za-z][A-Za-z\d]{0,4})(?=\s|$|[.,;:!?)"'’])/`
    static let cashtag = try! PCRE2Pattern(
        #"(?<![^"# + whitespace + #"(])\$[A-Za-z][A-Za-z0-9]{0,4}(?=["# + whitespace + #".,;:!?)"'\x{2019}]|\z)"#)

    /// Walks `pattern` over `window` like a global regex: `body` returns where the next search
    /// starts.
    static func walk(
        _ pattern: PCRE2Pattern, in text: UnsafeBufferPointer<UInt8>, window: Range<Int>,
        _ body: (Range<Int>) -> Int
    ) throws {
        let scratch = MatchScratch()
        var position = window.lowerBound
        while position < window.upperBound,
            let match = try scratch.firstMatch(of: pattern, in: text, from: position, startLimit: window.upperBound),
            match.lowerBound < window.upperBound
        {
            position = max(body(match), match.upperBound, match.lowerBound + 1)
            while position < text.count, text[position] & 0xC0 == 0x80 { position += 1 }
        }
    }

    static func modelSpans(in text: UnsafeBufferPointer<UInt8>, window: Range<Int>) throws -> [Span] {
        var found: [Span] = []
        try walk(mention, in: text, window: window) { match in
            let handle = text[(match.lowerBound + 1)..<match.upperBound]
            if BlueskyRules.endsInListedTLD(handle) || String(decoding: handle, as: UTF8.self).hasSuffix(".test") {
                found.append(Span(kind: .mention, utf8Range: match))
            }
            return match.upperBound
        }
        try walk(link, in: text, window: window) { match in
            var wordEnd = match.upperBound
            while wordEnd < text.count, !BlueskyRules.shared.isSeparator(text.decodeScalar(at: wordEnd).scalar) {
                wordEnd += text.decodeScalar(at: wordEnd).length
            }
            if let end = BlueskyRules.linkEnd(in: text, start: match.lowerBound, wordEnd: wordEnd) {
                found.append(Span(kind: .url, utf8Range: match.lowerBound..<end))
            }
            return wordEnd
        }
        try walk(hashtag, in: text, window: window) { match in
            let bodyStart = match.lowerBound + text.decodeScalar(at: match.lowerBound).length
            if let end = BlueskyRules.tagEnd(in: text, body: bodyStart..<match.upperBound) {
                found.append(Span(kind: .hashtag, utf8Range: match.lowerBound..<end))
            }
            return match.upperBound
        }
        try walk(cashtag, in: text, window: window) { match in
            found.append(Span(kind: .cashtag, utf8Range: match))
            return match.upperBound
        }
        var kept: [Span] = []
        for span in found.sorted(by: { $0.utf8Range.lowerBound < $1.utf8Range.lowerBound })
        where span.utf8Range.lowerBound >= (kept.last?.utf8Range.upperBound ?? 0) {
            kept.append(span)
        }
        return kept
    }

    @Test("random posts, whole and from every word start")
    func randomPosts() throws {
        let count = Int(ProcessInfo.processInfo.environment["BLUESKY_MODEL_POSTS"] ?? "") ?? 3000
        var posts = BlueskyRandomPosts(seed: 15)
        var divergences: [String] = []
        var spanCount = 0
        for _ in 0..<count {
            let post = posts.post()
            try withUTF8Bytes(of: post) { text in
                var windowStarts = [0]
                var offset = 0
                while offset < text.count {
                    let (scalar, length) = text.decodeScalar(at: offset)
                    offset += length
                    if BlueskyRules.shared.isSeparator(scalar), offset < text.count { windowStarts.append(offset) }
                }
                for start in windowStarts {
                    let window = start..<text.count
                    let expected = try Self.modelSpans(in: text, window: window)
                    let actual = BlueskyRules.shared.spans(in: text, startingIn: window)
                    if start == 0 { spanCount += expected.count }
                    if actual != expected, divergences.count < 10 {
                        divergences.append("\(post.debugDescription) from \(start): model \(expected), scanner \(actual)")
                    }
                }
            }
        }
        #expect(spanCount > count / 2)
        #expect(divergences.isEmpty, "\(divergences)")
    }
}
#endif
