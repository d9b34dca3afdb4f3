#if PCRE2
import Foundation
import PatternDetection
import RegexEngine
import Testing

/// The `twitter` mention and cashtag scanners against a model that runs twitter-text's own
/// expressions (`validMentionOrList`, `validCashtag`, transcribed to PCRE2 with JavaScript's
/// classes spelled out) the way its global `replace` walks them: every match, from the end of the
/// previous one, with the mention post-filter. Compared over whole posts and over every scan range
/// a rescan uses (from the separator before a word to the end).
@Suite("Twitter mention and cashtag scanners agree with the expression model")
struct TwitterScannerModelTests {
    static let mention = try! PCRE2Pattern(
        #"(?:^|[^a-zA-Z0-9_!#$%&*@\x{FF20}]|(?:^|[^a-zA-Z0-9_+~.\-])(?:rt|RT|rT|Rt):?)"#
            + #"([@\x{FF20}])([a-zA-Z0-9_]{1,20})(/[a-zA-Z][a-zA-Z0-9_\-]{0,24})?"#)
    static let cashtag = try! PCRE2Pattern(
        #"(?:^|[\t-\r \x{85}\x{A0}\x{1680}\x{180E}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}])"#
            + #"(\$[A-Za-z]{1,6}(?:[._][A-Za-z]{1,2})?)"#
            + #"(?=\z|[\t-\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}]"#
            + #"|[!'#%&()*+,\\\-./:;<=>?@\[\]^_{|}~$])"#)

    static func model(in text: UnsafeBufferPointer<UInt8>, scan: Range<Int>) throws -> [Span] {
        var found: [Span] = []
        mention.forEachMatch(in: text, startingIn: scan) { match, scratch in
            guard let sign = scratch.captureRange(1), !TwitterRules.endsMention(text, at: match.upperBound) else { return }
            found.append(Span(kind: .mention, utf8Range: sign.lowerBound..<match.upperBound))
        }
        cashtag.forEachMatch(in: text, startingIn: scan) { _, scratch in
            if let tag = scratch.captureRange(1) { found.append(Span(kind: .cashtag, utf8Range: tag)) }
        }
        return found
    }

    /// Posts glued from the pieces the two expressions distinguish.
    static func post(_ random: inout SplitMix64) -> String {
        let pieces = [
            "@", "@", "＠", "$", "$", "a", "Z", "9", "_", "-", "/", "/list", ".", ":", "://", "RT", "rt", "rT:", "Rt ",
            " ", " ", "\t", "\n", "\u{85}", "\u{A0}", "\u{180E}", "\u{2009}", "\u{3000}", "\u{FEFF}", "\u{200B}", "!", "#",
            "%", "&", "*", "+", "~", "\"", "`", "'", "(", ")", "é", "ß", "\u{301}", "東", "😀", "alice", "bob_1",
            "a_very_long_screen_name_here", "AAPL", "BRK.B", "ab_cd", "ABCDEFG", "x.yz", "ſ", "\u{212A}", " @alice",
            "@bob/list-1", " $AAPL", "$tsla.ab", " RT @carol", "RT:@dan", " ＠erin", " $X_y ",
        ]
        var text = ""
        for _ in 0..<(1 + Int(random.next() % 14)) { text += pieces[Int(random.next() % UInt64(pieces.count))] }
        return text
    }

    @Test("random posts, whole and from the separator before every word")
    func randomPosts() throws {
        let count = Int(ProcessInfo.processInfo.environment["TWITTER_MODEL_POSTS"] ?? "") ?? 20000
        var random = SplitMix64(seed: 15)
        let rules = TwitterRules.shared
        var divergences: [String] = []
        var spanCount = 0
        for _ in 0..<count {
            let post = Self.post(&random)
            try withUTF8Bytes(of: post) { text in
                var scanStarts = [0]
                var offset = 0
                while offset < text.count {
                    let (scalar, length) = text.decodeScalar(at: offset)
                    if rules.isSeparator(scalar), offset > 0 { scanStarts.append(offset) }
                    offset += length
                }
                for start in scanStarts {
                    let scan = start..<text.count
                    let expected = try Self.model(in: text, scan: scan)
                    let actual = rules.mentions(in: text, scan: scan) + rules.cashtags(in: text, scan: scan)
                    if start == 0 { spanCount += expected.count }
                    if actual != expected, divergences.count < 10 {
                        divergences.append("\(post.debugDescription) from \(start): model \(expected), scanner \(actual)")
                    }
                }
            }
        }
        #expect(spanCount > count / 4)
        #expect(divergences.isEmpty, "\(divergences)")
    }
}
#endif
