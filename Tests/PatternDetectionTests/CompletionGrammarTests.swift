import RegexEngine
import Testing

@testable import PatternDetection

/// The completion grammars' start rules and bodies against the rule sets' own detection: a token
/// may start exactly where detection would find an entity of its kind, and a body holds exactly
/// the scalars detection keeps at a token's end.
@Suite("Completion grammars")
struct CompletionGrammarTests {
    /// Scalars to put before a trigger or inside a body: all of ASCII, every whitespace of any rule
    /// set, the look-alikes, and a seeded sample of the rest of Unicode.
    static let sampleScalars: [Unicode.Scalar] = {
        var scalars = (0..<0x80).map { Unicode.Scalar(UInt8($0)) }
        scalars += [
            0x85, 0xA0, 0x1680, 0x180E, 0x2000, 0x200A, 0x200B, 0x200D, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000,
            0xFEFF, 0xFE0E, 0xFE0F, 0x20E3, 0xFF20, 0xFF03, 0xAD, 0x2060, 0x20E2, 0x30FB, 0xE9, 0x436, 0x17F,
        ]
        .map { Unicode.Scalar($0)! }
        var random = SplitMix64(seed: 14)
        while scalars.count < 4000 {
            if let scalar = Unicode.Scalar(UInt32(random.next() % 0x30000)) { scalars.append(scalar) }
        }
        return scalars
    }()

    /// `grammar.mayStart` for a trigger that follows `prefix`.
    static func mayStart(_ grammar: TokenGrammar, after prefix: String) -> Bool {
        let scalars = Array(prefix.unicodeScalars)
        return grammar.mayStart { k in k <= scalars.count ? scalars[scalars.count - k] : nil }
    }

    /// Whether `spans` has one of `kind` starting right after `prefix`.
    static func hasSpan(_ spans: [Span], _ kind: PatternKind, after prefix: String) -> Bool {
        spans.contains { $0.kind == kind && $0.utf8Range.lowerBound == prefix.utf8.count }
    }

    static func raw(_ text: String, _ append: (UnsafeBufferPointer<UInt8>, inout [Span]) throws -> Void) rethrows
        -> [Span]
    {
        var spans: [Span] = []
        var copy = text
        try copy.withUTF8 { try append($0, &spans) }
        return spans
    }

    // MARK: bluesky

    @Test func blueskyStartRulesMatchDetection() throws {
        let rules = BlueskyRules.shared
        let detector = PatternDetector(rules: rules)
        let grammars = Dictionary(uniqueKeysWithValues: rules.tokenGrammars.map { ($0.kind, $0) })
        for scalar in Self.sampleScalars {
            let prefix = "x" + String(scalar)
            let mentions = detector.spans(in: prefix + "@al.test")
            #expect(
                Self.hasSpan(mentions, .mention, after: prefix) == Self.mayStart(grammars[.mention]!, after: prefix),
                "\(scalar.debugDescription)")
            let tags = detector.spans(in: prefix + "#ab")
            #expect(
                Self.hasSpan(tags, .hashtag, after: prefix) == Self.mayStart(grammars[.hashtag]!, after: prefix),
                "\(scalar.debugDescription)")
            let cashtags = detector.spans(in: prefix + "$AB")
            #expect(
                Self.hasSpan(cashtags, .cashtag, after: prefix) == Self.mayStart(grammars[.cashtag]!, after: prefix),
                "\(scalar.debugDescription)")
        }
        #expect(Self.mayStart(grammars[.mention]!, after: ""))
    }

    /// A `(@…` or `($…` inside a tag's word belongs to the tag: detection's merged spans keep the
    /// tag, and the grammar does not start a token there.
    @Test func blueskyParenthesisInsideATag() throws {
        let rules = BlueskyRules.shared
        let detector = PatternDetector(rules: rules)
        for (prefix, trigger, kind) in [
            ("#x(", "@al.test", PatternKind.mention), ("＃タグ(", "$AB", .cashtag), ("#(", "@al.test", .mention),
        ] {
            let spans = detector.spans(in: "hi " + prefix + trigger)
            #expect(spans.map(\.kind) == [.hashtag])
            #expect(!Self.mayStart(rules.tokenGrammar(for: kind)!, after: "hi " + prefix))
        }
        // Not a tag's word: the keycap `#️⃣` and a plain word.
        #expect(Self.mayStart(rules.tokenGrammar(for: .mention)!, after: "#\u{FE0F}\u{20E3}("))
        #expect(Self.mayStart(rules.tokenGrammar(for: .mention)!, after: "#x a("))
    }

    /// A scalar is in the tag body exactly when detection keeps it at the tag's end (it ends the
    /// tag when it is whitespace or a terminator, and is trimmed when it is punctuation).
    @Test func blueskyTagBodyMatchesDetection() throws {
        let rules = BlueskyRules.shared
        let detector = PatternDetector(rules: rules)
        let grammar = rules.tokenGrammar(for: .hashtag)!
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "#a" + String(scalar)
            let tags = detector.spans(in: text)
            let keeps = tags.first?.utf8Range == 0..<text.utf8.count
            #expect(keeps == grammar.mayContinueBody(with: scalar), "\(scalar.debugDescription)")
        }
        #expect(!grammar.mayBeginBody(with: "\u{FE0F}") && grammar.mayContinueBody(with: "\u{FE0F}"))
    }

    // MARK: twitter

    @Test func twitterStartRulesMatchDetection() throws {
        let rules = TwitterRules.shared
        let grammars = Dictionary(uniqueKeysWithValues: rules.tokenGrammars.map { ($0.kind, $0) })
        for scalar in Self.sampleScalars {
            let prefix = "x " + String(scalar)
            let tags = Self.raw(prefix + "#ab") { text, spans in
                spans = rules.hashtagSpans(in: text, checkingURLOverlap: false)
            }
            #expect(
                Self.hasSpan(tags, .hashtag, after: prefix) == Self.mayStart(grammars[.hashtag]!, after: prefix),
                "\(scalar.debugDescription)")
            let cashtags = Self.raw(prefix + "$AB") { text, spans in
                spans = rules.cashtagSpans(in: text)
            }
            #expect(
                Self.hasSpan(cashtags, .cashtag, after: prefix) == Self.mayStart(grammars[.cashtag]!, after: prefix),
                "\(scalar.debugDescription)")
        }
    }

    /// Mentions after every pair of ASCII characters, and after seeded strings built from the
    /// characters that make twitter-text's scan consume text (`RT`, `@`, `/`, `-`, `:`): the
    /// reference's global scan, rejected matches included, decides.
    @Test func twitterMentionStartMatchesDetection() throws {
        let rules = TwitterRules.shared
        let grammar = rules.tokenGrammar(for: .mention)!
        var prefixes: [String] = []
        for first in 0x20..<0x7F {
            for second in 0x20..<0x7F {
                prefixes.append(String(UnicodeScalar(UInt8(first))) + String(UnicodeScalar(UInt8(second))))
            }
        }
        let alphabet = ["@", "＠", "R", "T", "r", "t", ":", "/", "-", "a", "_", " ", ".", "+", "é", "b1"]
        var random = SplitMix64(seed: 20)
        for _ in 0..<20_000 {
            var prefix = ""
            for _ in 0..<(1 + Int(random.next() % 10)) {
                prefix += alphabet[Int(random.next() % UInt64(alphabet.count))]
            }
            prefixes.append(prefix)
        }
        prefixes += [
            "@RT", "@x/RT", "@a/b-", "@a/b-@c/d-", "x@a/b-", "@abcdefghijklmnopqrstu/b-",
            "@a/bcdefghijklmnopqrstuvwxyz-",
            "@RT@RT", "x@RT", "＠rt:", "RT:", "rt", "@a/RT:",
        ]
        for prefix in prefixes {
            let mentions = Self.raw(prefix + "@ab") { text, spans in
                spans = rules.mentionSpans(in: text)
            }
            #expect(
                Self.hasSpan(mentions, .mention, after: prefix) == Self.mayStart(grammar, after: prefix),
                "\(prefix.debugDescription)")
        }
    }

    /// Tags after seeded strings of hashtag characters, variation selectors, signs and `&`: a
    /// variation selector that ends an earlier tag (consumed by it) is no boundary.
    @Test func twitterHashtagConsumption() throws {
        let rules = TwitterRules.shared
        let grammar = rules.tokenGrammar(for: .hashtag)!
        let alphabet = ["#", "＃", "a", "1", "\u{FE0F}", "\u{FE0E}", "\u{20E3}", "&", " ", "_", "!"]
        var random = SplitMix64(seed: 23)
        for _ in 0..<20_000 {
            var prefix = ""
            for _ in 0..<(1 + Int(random.next() % 8)) {
                prefix += alphabet[Int(random.next() % UInt64(alphabet.count))]
            }
            let tags = Self.raw(prefix + "#ab") { text, spans in
                spans = rules.hashtagSpans(in: text, checkingURLOverlap: false)
            }
            #expect(
                Self.hasSpan(tags, .hashtag, after: prefix) == Self.mayStart(grammar, after: prefix),
                "\(prefix.debugDescription)")
        }
    }

    // MARK: icysky

    /// A sign starts a token unless a link expression match reaches it: exactly when its word has
    /// `http://` or `https://` (any case, the long s included) before it.
    @Test func icyskyLinksTakeTheRestOfTheirWord() throws {
        let rules = IcyskyRules.shared
        let detector = PatternDetector(rules: rules)
        let alphabet = ["h", "t", "p", "s", "H", "T", "P", "S", "\u{17F}", ":", "/", "x", ".", " ", "\u{85}", "!"]
        var random = SplitMix64(seed: 7)
        for _ in 0..<5_000 {
            var prefix = ""
            for _ in 0..<(1 + Int(random.next() % 12)) {
                prefix += alphabet[Int(random.next() % UInt64(alphabet.count))]
            }
            if random.next() % 3 == 0 {
                prefix += ["http://", "HTTPS://", "http\u{17F}://"][Int(random.next() % 3)] + "x"
            }
            let spans = detector.spans(in: prefix + "@ab")
            for kind in [PatternKind.mention] {
                #expect(
                    Self.hasSpan(spans, kind, after: prefix)
                        == Self.mayStart(rules.tokenGrammar(for: kind)!, after: prefix), "\(prefix.debugDescription)")
            }
        }
    }

    /// The `\w` of the icysky bodies is PCRE2's (10.42, Unicode 14): compared on every scalar that
    /// Unicode 14 assigns or leaves unassigned (later assignments may differ).
    @Test func icyskyWordCharactersArePCRE2s() throws {
        var text: [UInt8] = []
        var offsets: [(Int, Unicode.Scalar)] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if let age = scalar.properties.age, age.major > 14 { continue }
            offsets.append((text.count, scalar))
            text += Array(String(scalar).utf8)
        }
        // This build's engine; without PCRE2, `\w` spelled out as PCRE2 reads it.
        let pattern = try CompiledPattern(#"\w+"#, options: .pcre2Classes)
        var word = Set<Int>()
        let outcome = text.withUnsafeBufferPointer { buffer in
            pattern.forEachMatch(in: buffer) { (match: Range<Int>) in word.formUnion(match) }
        }
        #expect(outcome == .complete)
        var disagreements: [Unicode.Scalar] = []
        for (offset, scalar) in offsets where word.contains(offset) != IcyskyRules.isWordCharacter(scalar) {
            disagreements.append(scalar)
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(20).map { String($0.value, radix: 16) })")
    }

    // MARK: custom

    @Test func customKindsWithATrigger() throws {
        let rules = try CustomRuleSet(
            patterns: [
                CustomPattern(name: "shortcode", expression: ":[a-z]+:", trigger: ":"),
                CustomPattern(name: "ticket", expression: #"\bJIRA-\d+"#),
            ],
            over: TwitterRules.shared)
        #expect(rules.tokenGrammars.map(\.kind) == [.mention, .hashtag, .cashtag, "shortcode"])
        let shortcode = rules.tokenGrammar(for: "shortcode")!
        #expect(Self.mayStart(shortcode, after: "") && Self.mayStart(shortcode, after: "hi\u{3000}"))
        #expect(!Self.mayStart(shortcode, after: "hi") && !Self.mayStart(shortcode, after: "("))
        #expect(shortcode.mayContinueBody(with: ":") && !shortcode.mayContinueBody(with: " "))
        #expect(try CustomRuleSet(patterns: [], over: nil).tokenGrammars.isEmpty)
    }
}
