import Testing

@testable import PatternDetection
import RegexEngine

/// `CustomRuleSet`'s streamed merge against the rule read literally: the base's spans first, then
/// each pattern in turn, its matches in every word (the expression seeing the word and its bordering
/// separators, a match reaching into a separator ending the word's matches) kept where they
/// overlap nothing kept before. The stages read each pattern's matches in batches; batches of one,
/// two and three matches must give the same spans as the default.
@Suite("Custom pattern merge")
struct CustomRuleSetMergeTests {
    static func model(_ rules: CustomRuleSet, _ text: UnsafeBufferPointer<UInt8>) -> [Span] {
        var accepted = rules.base?.spans(in: text, startingIn: 0..<text.count) ?? []
        var words: [Range<Int>] = []
        var position = 0
        while position < text.count {
            let length = rules.separators.separatorLength(at: position, in: text)
            if length > 0 {
                position += length
                continue
            }
            let end = rules.wordEnd(from: position, in: text)
            words.append(position..<end)
            position = end
        }
        for pattern in rules.patterns {
            var kept: [Span] = []
            for word in words {
                let subjectStart = word.lowerBound == 0 ? 0 : text.scalarStart(before: word.lowerBound)
                let subjectEnd = word.upperBound == text.count
                    ? word.upperBound : word.upperBound + UTF8Scalar.length(lead: text[word.upperBound])
                pattern.compiled.forEachMatch(in: text, visible: subjectStart..<subjectEnd, startingIn: word) { match in
                    guard match.upperBound <= word.upperBound else { return false }
                    if !accepted.contains(where: { $0.utf8Range.overlaps(match) }) {
                        kept.append(Span(kind: pattern.kind, utf8Range: match))
                    }
                    return true
                }
            }
            accepted = (accepted + kept).sorted { $0.utf8Range.lowerBound < $1.utf8Range.lowerBound }
        }
        return accepted
    }

    @Test("Streamed merge equals the rule read literally", arguments: BuiltInRules.allCases)
    func streamedMergeEqualsTheRule(_ builtIn: BuiltInRules) throws {
        let patterns = try ScanChecks.customPatterns()
        var random = SplitMix64(seed: 41)
        var texts = HostileCorpus.Shape.allCases.map { $0.bytes(count: 1200) }
        texts.append(PostCorpus.posts(byteCount: 4000, seed: 9))
        texts.append(Array("AB-12:ok:CD-3 #a:b:@x EF-4 :c::d: ab cd\n>x y<".utf8))
        texts += (0..<6).map { _ in PostCorpus.randomBytes(count: 600, using: &random) }
        // Every pattern alone and all of them, in the given and the reverse order.
        let orders = patterns.map { [$0] } + [patterns, patterns.reversed()]
        for order in orders {
            for base in [RuleSetCases.rules(builtIn), nil] as [(any RuleSet)?] {
                let rules = try CustomRuleSet(patterns: order, over: base)
                for bytes in texts {
                    Array(String(decoding: bytes, as: UTF8.self).utf8).withUnsafeBufferPointer { text in
                        let expected = Self.model(rules, text)
                        for batchCount in [1, 2, 3, CustomRuleSet.PatternMatches.defaultBatchCount] {
                            var streamed: [Span] = []
                            rules.forEachSpan(in: text, startingIn: 0..<text.count, batchCount: batchCount) { streamed.append($0) }
                            let equal = streamed == expected  // outside #expect: long lists describe slowly
                            #expect(equal, "\(rules.name) over \(base?.name ?? "nothing"), batches of \(batchCount), \(text.count) bytes")
                        }
                    }
                }
            }
        }
    }

    /// Words are skipped by the bytes a match can start with (`CustomPattern.matchStarts`): the
    /// streamed scan still finds what the rule read literally finds, with expressions whose first
    /// byte is fixed, caseless, one of a class, or unknown, over texts full of their other cases.
    @Test func wordsSkippedByMatchStartsHoldNoMatch() throws {
        var random = SplitMix64(seed: 43)
        let pieces = [
            "a", "b", "x", "y", "k", "K", "\u{212A}", "s", "S", "ſ", "t", "ѐ", "Ѐ", "é", "É", "ω", "Ω", "@", "#", "$", ":",
            "-", "1", "AB", "xyz", "XyZ", "aB", "Ab", "swift", "SWIFT", "kelvin", "\u{212A}ELVIN", " ", " ", "\n", "\u{3000}", ">", "<", "ab:cd:",
            "42", "\u{663}", "\u{FF11}", "_", "\u{203F}", "\u{A0}", "m", "M", "!", "\u{A7}", "ǅ", "12:30", "漢字", "Ⅻ",
            "\\p{Lu}",
        ]
        let texts = (0..<150).map { _ in
            Array((0..<(1 + Int(random.next() % 60))).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined().utf8)
        }
        let patterns = CustomPattern.startByteExamples.compactMap { try? CustomPattern(name: "x", expression: $0) }
        #expect(patterns.filter { $0.wordFilter.search != nil }.count >= 8)
        for pattern in patterns {
            for base in [nil, BlueskyRules.shared] as [(any RuleSet)?] {
                let rules = try CustomRuleSet(patterns: [pattern], over: base)
                for bytes in texts {
                    bytes.withUnsafeBufferPointer { text in
                        var streamed: [Span] = []
                        rules.forEachSpan(in: text, startingIn: 0..<text.count) { streamed.append($0) }
                        #expect(streamed == Self.model(rules, text), "\(pattern) in \(String(decoding: text, as: UTF8.self))")
                    }
                }
            }
        }
    }
}

extension CustomPattern {
    /// Expressions with a fixed first byte, a class of them, none, caseless letters whose other
    /// case lies outside ASCII or has another lead byte, `\K`, look-behind, and the start
    /// optimization switched off (the last three PCRE2 only), classes PCRE2 records no start
    /// bytes for in UCP mode (`\d`, `\s`, `\w`, POSIX classes, their negations), and items
    /// after an unknown start that every match needs a byte of (`@` and `.` in `\w+@\w+\.\w+`).
    static let startByteExamples = [
        #":[a-z0-9_+-]+:"#, #"\$[A-Z]{1,5}"#, #"[@#]\w+"#, #"\b[A-Z]{2,10}-\d+\b"#, #"(?i)kelvin"#, #"(?i)k"#,
        #"(?i)s\w"#, #"(?i)ſt"#, #"(?i)ѐ\w*"#, #"(?i)é+"#, #"(?i)\bswift\w*"#, #"\p{Lu}\p{Ll}+"#, #"(ab|cd)"#,
        #"a\Kb"#, #"(?<=x)y"#, #"(?:@|＠)\w+"#, #"(*NO_START_OPT)abc"#, #"(?>a+)b"#, #"\w+"#, #"[^\s]x"#,
        #"(?m)^>\S*|\S*<$"#, #"Ω|ω"#, #"(?i)ω"#, #"\d+"#, #"(?i)xyz"#, #"(?i)ab\w"#,
        #"\d+[kKmM]\b"#, #"\s+x"#, #"[[:digit:]]+"#, #"[[:upper:]][[:lower:]]+"#, #"(?i)[[:upper:]]x"#, #"\D\d"#,
        #"\W\w"#, #"[\d\s]+y"#, #"\b\d{1,2}:\d\d\b"#, #"(?:\d|é)x"#, #"[[:punct:]]\w"#, #"\S\s"#,
        #"\p{Lu}{2,}"#, #"[\p{Lu}\d]+"#, #"(?i)\p{Lu}x"#, #"\P{L}\d"#, #"\pN+"#, #"(?=\p{Lu})\w+"#, #"\p{Han}+"#,
        #"[^\p{L}]x"#, #"\p{Lu}++é"#, #"(?>\p{Lu}+)b"#, #"(?<=\p{Ll})\p{Lu}"#, #"\Q\p{Lu}\E"#,
        #"(?i)[^[:upper:]]x"#, #"(?i)[[:^upper:]]x"#, #"(?i)[^[:lower:]]x"#, #"(?i)[^\p{Lu}]x"#, #"(?i)[[:upper:]]x"#,
        #"(?i)\P{Lu}x"#, #"(?<!\w)\d+[kKmM]"#, #"(?!00)\d\d"#, #"(?<![@\w])\p{Lu}\w+"#,
        #"\w+@\w+\.\w+"#, #".\d+[kK]"#, #"\w*-\w+"#, #"(?i)\w+é"#, #"(?i)\w+ſt"#, #"\W\w+\d"#, #"\w(?:ab|cd)+"#,
        #"\w+\s"#, #"\S+:\S*"#, #"(?<=@)\w+"#, #"\w+(?=:)"#, #"\w\K:\w"#,
    ]
}
