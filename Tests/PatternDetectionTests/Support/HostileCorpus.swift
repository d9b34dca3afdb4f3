// Shared by the test targets and the fuzz driver (Fuzz/), which compiles the library sources into
// the same module and so must not import it. Randomness: the package's SplitMix64, from a seed.
#if !FUZZING
import PatternDetection
#endif

/// Inputs shaped to make pattern matchers backtrack, rescan or split sequences.
enum HostileCorpus {}

extension HostileCorpus {
    /// Long runs of signs, glued schemes, one enormous URL, joiner chains, combining marks,
    /// full-width signs, Mastodon's remote mentions, shortcodes, tag separators and extra URIs,
    /// links glued by commas (one word holding thousands of twitter links), mentions after
    /// parentheses (as many bluesky, twitter and mastodon mentions in one word), and a few mixtures.
    enum Shape: String, CaseIterable, Sendable {
        case atSigns, hashSigns, dollarSigns, openParens, dots, hyphens, dotHyphenChain, gluedSchemes,
            gluedSchemesWithDots, enormousURL, enormousDomain, mentionChain, hashtagChain, zwjChain,
            combiningMarks, fullWidthSigns, keycaps, wwwChain, emailChain, mixedPunctuation,
            longWordsNoSpace, manyShortWords, remoteMentionChain, shortcodeChain, tagSeparators,
            longMentionDomain, xmppChain, magnetQuery, parenthesizedPath, commaGluedLinks, parenthesizedMentions

        /// The repeating unit (or, for `enormousURL`/`enormousDomain`, the prefix plus unit).
        var unit: String {
            switch self {
            case .atSigns: return "@"
            case .hashSigns: return "#"
            case .dollarSigns: return "$"
            case .openParens: return "("
            case .dots: return "."
            case .hyphens: return "-"
            case .dotHyphenChain: return "a.b-"
            case .gluedSchemes: return "http://"
            case .gluedSchemesWithDots: return "https://a."
            case .enormousURL: return "a/b?c=d&"
            case .enormousDomain: return "ab."
            case .mentionChain: return "@a.b"
            case .hashtagChain: return "#a"
            case .zwjChain: return "👩\u{200D}"
            case .combiningMarks: return "e\u{301}\u{302}\u{303}"
            case .fullWidthSigns: return "＃＠＄"
            case .keycaps: return "#\u{FE0F}\u{20E3}"
            case .wwwChain: return "www."
            case .emailChain: return "a@b.c"
            case .mixedPunctuation: return "(@#$.-_:/?!)"
            case .longWordsNoSpace: return "lorem"
            case .manyShortWords: return "a "
            case .remoteMentionChain: return "@a@a"
            case .shortcodeChain: return ":a:"
            case .tagSeparators: return "\u{200C}"
            case .longMentionDomain: return "a."
            case .xmppChain: return "xmpp:a."
            case .magnetQuery: return "a=b&"
            case .parenthesizedPath: return "(a)"
            case .commaGluedLinks: return "a.co,"
            case .parenthesizedMentions: return "(@a.co"
            }
        }

        var prefix: String {
            switch self {
            case .enormousURL: return "https://example.com/"
            case .enormousDomain: return "https://"
            case .zwjChain: return "#"
            case .combiningMarks: return "#"
            case .tagSeparators: return "#a"
            case .longMentionDomain: return "@u@"
            case .magnetQuery: return "magnet:?"
            case .parenthesizedPath: return "https://example.com/"
            default: return ""
            }
        }

        /// `byteCount` bytes (or a little less: never a split scalar) of this shape, preceded by
        /// "x " and followed by " y" so the run sits inside ordinary text.
        func bytes(count byteCount: Int) -> [UInt8] {
            var out: [UInt8] = Array("x \(prefix)".utf8)
            out.reserveCapacity(byteCount + 8)
            let unitBytes = Array(unit.utf8)
            while out.count + unitBytes.count + 2 <= byteCount {
                out.append(contentsOf: unitBytes)
            }
            out.append(contentsOf: Array(" y".utf8))
            return out
        }
    }
}

/// Realistic and broken post text: words, mentions, hashtags, links, cashtags, emoji and CJK.
enum PostCorpus {
    static let words = [
        "the", "composer", "ships", "today", "thanks", "for", "review", "read", "more", "at", "and",
        "tell", "me", "what", "breaks", "café", "naïve", "東京", "今日は", "🦋", "👨‍👩‍👧", "e\u{301}",
        "(see", "this)", "—", "…", "\"quoted\"", "it's", "50%", "a.b", "x-y", "foo_bar",
    ]
    static let entities = [
        "@alice.bsky.social", "@bob.test", "@carol", "@dan.example.com.", "(@erin.bsky.social)",
        "#swift", "#buildinpublic", "#東京", "#🦋", "#123", "#tag!!", "＃fullwidth", "#️⃣",
        "https://swift.org/blog/", "http://example.com/a?b=c#d", "https://example.com/東京",
        "example.com", "café.com/menu", "www.example.org", "https://t.co/abcdef", "HTTPS://LOUD.COM",
        "$AAPL", "$tsla", "$BRK.B", "a@b.com", "http://", "@", "#", ":shortcode:", "JIRA-1234",
    ]
    static let separators = [" ", " ", " ", " ", "\n", "\t", "\u{3000}", "\u{A0}", "  ", "\r\n"]

    /// One post of about `wordCount` tokens.
    static func post(wordCount: Int, using random: inout SplitMix64) -> String {
        var out = ""
        for index in 0..<wordCount {
            if index > 0 { out += separators[Int(random.next() % UInt64(separators.count))] }
            let pool = random.next() % 4 == 0 ? entities : words
            out += pool[Int(random.next() % UInt64(pool.count))]
        }
        return out
    }

    /// Posts separated by newlines, `byteCount` bytes or a little more.
    static func posts(byteCount: Int, seed: UInt64) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        var out: [UInt8] = []
        out.reserveCapacity(byteCount + 512)
        while out.count < byteCount {
            out.append(contentsOf: post(wordCount: 5 + Int(random.next() % 40), using: &random).utf8)
            out.append(UInt8(ascii: "\n"))
        }
        return out
    }

    /// Random bytes, biased towards the signs and sequences the rules care about.
    static func randomBytes(count: Int, using random: inout SplitMix64) -> [UInt8] {
        let interesting: [[UInt8]] = [
            Array("@".utf8), Array("#".utf8), Array("$".utf8), Array("http://".utf8), Array(".".utf8),
            Array(" ".utf8), Array("\n".utf8), Array("a".utf8), Array("é".utf8), Array("東".utf8),
            Array("🦋".utf8), [0xE2, 0x80], [0xF0, 0x9F], [0xC3], [0x80], [0xFF], [0xED, 0xA0, 0x80],
            Array("\u{200D}".utf8), Array("\u{FE0F}".utf8), Array("＃".utf8), Array(".com".utf8),
        ]
        var out: [UInt8] = []
        while out.count < count {
            if random.next() % 3 == 0 {
                out.append(UInt8(truncatingIfNeeded: random.next()))
            } else {
                out.append(contentsOf: interesting[Int(random.next() % UInt64(interesting.count))])
            }
        }
        return out
    }

    /// `text` with a few bytes replaced or removed so it is no longer valid UTF-8.
    static func broken(_ text: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        var out = text
        guard !out.isEmpty else { return [0xFF] }
        for _ in 0..<(1 + out.count / 64) {
            let index = Int(random.next() % UInt64(out.count))
            switch random.next() % 3 {
            case 0: out[index] = 0xFF
            case 1: out.insert(0xC3, at: index)
            default: if out[index] >= 0x80 { out.remove(at: index) } else { out[index] = 0x80 }
            }
            if out.isEmpty { out = [0xFE] }
        }
        return out
    }
}
