#if PCRE2
import Foundation
import PatternDetection
import RegexEngine
import Testing

/// The `mastodon` mention, hashtag and shortcode scanners against a model that runs Mastodon's own
/// expressions (`Account::MENTION_RE`, `Tag::HASHTAG_RE`, `CustomEmoji::SCAN_RE`) on PCRE2 the way
/// Ruby's `scan` walks them (every match, from the end of the previous one) with the extractor's
/// post-filters. Onigmo's POSIX classes are spelled as the Unicode properties they stand for,
/// because PCRE2 10.42's UCP classes are not Onigmo's (see ``MastodonClassDifferenceTests``). The
/// scanners exist because the hashtag expression backtracks quadratically on `#a・・・…`.
@Suite("Mastodon mention, hashtag and shortcode scanners agree with the expression model")
struct MastodonScannerModelTests {
    static let word = #"[\p{Alphabetic}\p{M}\p{Nd}\p{Pc}]"#
    static let wordOrSeparator = #"[\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\x{B7}\x{30FB}\x{200C}]"#
    static let alphaOrSeparator = #"[\p{Alphabetic}_\x{B7}\x{30FB}\x{200C}]"#
    static let mention = try! PCRE2Pattern(
        #"(?<![=/\p{Alphabetic}\p{M}\p{Nd}\p{Pc}])@((?i:[a-z0-9_]+(?:[.-]+[a-z0-9_]+)*)"#
            + "(?:@(\(word)+(?:[.-]+\(word)+)*))?)", useJIT: true)
    static let hashtag = try! PCRE2Pattern(
        #"(?m)(?<=^|[\p{White_Space}])[#\x{FF03}]"#
            + "(\(word)\(wordOrSeparator)*\(alphaOrSeparator)\(wordOrSeparator)*\(word)|\(word)*\\p{Alphabetic}\(word)*)",
        useJIT: true)
    static let shortcode = try! PCRE2Pattern(
        #"(?m)(?<=[^\p{Alphabetic}\p{Nd}:]|^):([a-zA-Z0-9_]{2,}):(?=[^\p{Alphabetic}\p{Nd}:]|$)"#, useJIT: true)

    static func model(in text: UnsafeBufferPointer<UInt8>) -> [Span] {
        var found: [Span] = []
        mention.forEachMatch(in: text) { match, scratch in
            guard let name = scratch.captureRange(1), !endsMention(text, at: match.upperBound) else { return }
            if let at = (name.lowerBound..<name.upperBound).first(where: { text[$0] == UInt8(ascii: "@") }),
                String(decoding: UnsafeBufferPointer(rebasing: text[at + 1..<name.upperBound]), as: UTF8.self)
                    .unicodeScalars.count > 253
            {
                return
            }
            found.append(Span(kind: .mention, utf8Range: name.lowerBound - 1..<name.upperBound))
        }
        hashtag.forEachMatch(in: text) { match, scratch in
            guard let name = scratch.captureRange(1) else { return }
            var end = name.upperBound
            let after = Array(UnsafeBufferPointer(rebasing: text[end...]).prefix(3))
            if after.elementsEqual("://".utf8) {
                let nameText = String(decoding: UnsafeBufferPointer(rebasing: text[name]), as: UTF8.self)
                let scalars = Array(nameText.unicodeScalars.map(\.value))
                let https = Array("https".unicodeScalars.map(\.value)), http = Array("http".unicodeScalars.map(\.value))
                if scalars.count > 5, scalars.suffix(5).elementsEqual(https) {
                    end -= 5
                } else if scalars.count > 4, scalars.suffix(4).elementsEqual(http) {
                    end -= 4
                }
            }
            found.append(Span(kind: .hashtag, utf8Range: match.lowerBound..<end))
        }
        shortcode.forEachMatch(in: text) { match, _ in found.append(Span(kind: .emoji, utf8Range: match)) }
        return found.sorted()
    }

    /// An at sign, `＠`, a Latin accented letter (or the Angstrom sign, which folds to one) or
    /// `://` right after the match.
    static func endsMention(_ text: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
        let rest = String(decoding: UnsafeBufferPointer(rebasing: text[position...]), as: UTF8.self)
        guard let first = rest.unicodeScalars.first else { return false }
        switch first.value {
        case 0x40, 0xFF20, 0x212B, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0xFF, 0x100...0x24F, 0x253...0x254, 0x256...0x257,
            0x259, 0x25B, 0x263, 0x268, 0x26F, 0x272, 0x289, 0x28B, 0x2BB, 0x300...0x36F, 0x1E00...0x1EFF:
            return true
        default:
            return rest.utf8.starts(with: "://".utf8)
        }
    }

    static func post(_ random: inout SplitMix64) -> String {
        let pieces = [
            "@", "@", "@", "＠", "#", "#", "＃", ":", ":", "a", "Z", "9", "_", "-", ".", "/", "=", "://", "http", "https",
            " ", " ", "\n", "\t", "\u{A0}", "\u{3000}", "\u{180E}", "\u{85}", "é", "ß", "ſ", "\u{212A}", "\u{212B}",
            "\u{301}", "²", "Ⅻ", "‿", "·", "・", "\u{200C}", "\u{200D}", "日本", "😀", "٣", "alice", "bob_1", "ok",
            "blobcat", "例え.テスト", "mastodon.social", "a.b", "a--b", "(", ")", "\"", "'", "x", " @alice", " #tag",
            " :ok:", "@u@例え.テスト", " #one·two", "\n#タグ", " @bob@mastodon.social", ":blobcat:",
        ]
        var text = ""
        for _ in 0..<(1 + Int(random.next() % 16)) { text += pieces[Int(random.next() % UInt64(pieces.count))] }
        return text
    }

    @Test("random statuses: the scanners equal the expressions")
    func randomStatuses() throws {
        let count = Int(ProcessInfo.processInfo.environment["MASTODON_MODEL_POSTS"] ?? "") ?? 20000
        var random = SplitMix64(seed: 25)
        var divergences: [String] = []
        var spanCount = 0
        for _ in 0..<count {
            let status = Self.post(&random)
            withUTF8Bytes(of: status) { text in
                let model = Self.model(in: text)
                let scanned = MastodonRules.shared.spans(in: text).filter { $0.kind != .url }
                // Links take part in overlap removal; compare where no link is involved.
                let hasLink = MastodonRules.shared.spans(in: text).contains { $0.kind == .url }
                spanCount += model.count
                if !hasLink, Self.withoutOverlaps(model) != scanned {
                    divergences.append("\(status.debugDescription): model \(model), scanned \(scanned)")
                }
            }
        }
        #expect(spanCount > count / 4)
        #expect(divergences.isEmpty, "\(divergences.count) divergences, first: \(divergences.prefix(5))")
    }

    /// Earliest start wins, as the rule set merges its kinds.
    static func withoutOverlaps(_ spans: [Span]) -> [Span] {
        var kept: [Span] = []
        for span in spans where kept.last.map({ span.utf8Range.lowerBound >= $0.utf8Range.upperBound }) ?? true {
            kept.append(span)
        }
        return kept
    }
}

/// Where PCRE2 10.42's UCP classes differ from Onigmo's, which Mastodon's expressions use: written
/// naively (`\w`, `[[:alpha:]]`, `\s`), the expressions would decide these statuses differently
/// from the server. The expected spans are what Mastodon's Ruby code gives.
@Suite("Mastodon: PCRE2's classes are not Onigmo's")
struct MastodonClassDifferenceTests {
    struct Difference: Sendable, CustomTestStringConvertible {
        var input: String
        var naive: String
        var server: [String]
        var why: String
        var testDescription: String { why }
    }

    static let naiveHashtag = try! PCRE2Pattern(#"(?m)(?<=^|\s)[#\x{FF03}]((?:\w[\w\x{B7}\x{30FB}\x{200C}]*[[:alpha:]_\x{B7}\x{30FB}\x{200C}][\w\x{B7}\x{30FB}\x{200C}]*\w)|\w*[[:alpha:]]\w*)"#, useJIT: true)
    static let naiveMention = try! PCRE2Pattern(#"(?<![=/\w])@((?i:[a-z0-9_]+(?:[.-]+[a-z0-9_]+)*))"#, useJIT: true)

    static let differences: [Difference] = [
        Difference(input: "#x²", naive: "#x²", server: ["#x"], why: "PCRE2's \\w holds other numbers (No); Onigmo's word class holds only decimal digits"),
        Difference(input: "#e\u{301}x", naive: "#e", server: ["#e\u{301}x"], why: "Onigmo's word class holds marks; PCRE2 10.42's \\w does not"),
        Difference(input: "#a‿b", naive: "#a", server: ["#a‿b"], why: "Onigmo's word class holds connector punctuation beyond _"),
        Difference(input: "#Ⅻ", naive: "", server: ["#Ⅻ"], why: "[[:alpha:]] is Alphabetic to Onigmo (letter numbers too), letters only to PCRE2"),
        Difference(input: "²@alice", naive: "", server: ["@alice"], why: "a mention may follow ², which PCRE2's \\w holds"),
        Difference(input: "\u{180E}#tag", naive: "#tag", server: [], why: "PCRE2's \\s holds U+180E; White_Space does not"),
    ]

    @Test("PCRE2's naive classes disagree with the server; the scanner agrees", arguments: differences)
    func difference(_ difference: Difference) {
        withUTF8Bytes(of: difference.input) { text in
            var naive = ""
            for pattern in [Self.naiveHashtag, Self.naiveMention] {
                // Both expressions' look-behinds are zero-width: a match starts at its sign.
                pattern.forEachMatch(in: text) { match, _ in
                    naive = String(decoding: UnsafeBufferPointer(rebasing: text[match]), as: UTF8.self)
                }
            }
            #expect(naive == difference.naive)
            #expect(naive != (difference.server.first ?? ""))
            let spans = MastodonRules.shared.spans(in: text).map { String(decoding: UnsafeBufferPointer(rebasing: text[$0.utf8Range]), as: UTF8.self) }
            #expect(spans == difference.server)
        }
    }
}
#endif
