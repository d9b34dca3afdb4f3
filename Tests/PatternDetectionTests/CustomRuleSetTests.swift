import PatternDetection
import Testing

@Suite("Custom patterns")
struct CustomRuleSetTests {
    func spans(_ text: String, _ rules: any RuleSet) throws -> [String] {
        let detector = PatternDetector(rules: rules)
        return detector.spans(in: text).map { "\($0.kind):\($0.text(in: text))" }
    }

    func custom(_ definitions: [(String, String)], over base: (any RuleSet)? = IcyskyRules.shared) throws -> CustomRuleSet {
        try CustomRuleSet(
            patterns: definitions.map { definition in
                try CustomPattern(name: definition.0, expression: definition.1)
            }, over: base)
    }

    @Test func compileErrorCarriesMessageOffsetAndCaret() {
        #expect(throws: PatternError.self) { try CustomPattern(name: "t", expression: #"JIRA-(\d+"#) }
        do {
            _ = try CustomPattern(name: "t", expression: #"JIRA-(\d+"#)
        } catch {
            #expect(error.stage == .compile)
            #if PCRE2
            #expect(error.message.contains("missing closing parenthesis"))
            #expect(error.offset == 9)
            #expect(error.caretDiagram == "JIRA-(\\d+\n         ^")
            #else
            // NSRegularExpression says neither why nor where.
            #expect(error.message == "ICU rejected the expression (NSRegularExpression does not say where or why)")
            #expect(error.offset == 0)
            #expect(error.caretDiagram == "JIRA-(\\d+\n^")
            #endif
        }
    }

    /// A search past the engine's limits is counted where an app can read it, and the scan
    /// goes on: the other words' spans are found.
    @Test func searchesThatGaveUpAreCountedOnThePattern() throws {
        let pattern = try CustomPattern(name: "x", expression: #"(?:(a|aa)+)+(?!\w)z?\d"#)
        let copy = pattern
        #expect(pattern.searchesGivenUp == 0 && pattern.lastSearchGivenUp == nil)
        let rules = try CustomRuleSet(patterns: [copy], over: BlueskyRules.shared)
        let text = "#tag " + String(repeating: "a", count: 64) + "1 @al.test"
        #expect(try spans(text, rules) == ["hashtag:#tag", "mention:@al.test"])
        #expect(pattern.searchesGivenUp == 1, "counted on every copy")
        let last = try #require(pattern.lastSearchGivenUp)
        #expect(last.stage == .match)
        _ = try spans(text, rules)
        #expect(pattern.searchesGivenUp == 2)
        // A word the search finishes in adds nothing.
        _ = try spans("aa1 aa2", rules)
        #expect(pattern.searchesGivenUp == 2)
    }

    /// What docs/cli.md and CustomRuleSet say an expression sees: a match starts in the word and
    /// may not reach into the white space after it.
    @Test func matchesStartInTheWordAndStopBeforeTheWhiteSpaceAfterIt() throws {
        let text = "foo bar qux\nbaz zed"
        #expect(try spans(text, custom([("x", ".*")])) == ["x:qux", "x:zed"])
        #expect(try spans(text, custom([("x", #"\s\w+"#)])) == [])
        #expect(try spans(text, custom([("x", #"\S+\s"#)])) == [])
        #expect(try spans(text, custom([("x", #"\w+(?=\s)"#)])) == ["x:foo", "x:bar", "x:qux", "x:baz"])
    }

    @Test func backslashCIsRejected() {
        #expect(throws: PatternError.self) { try CustomPattern(name: "byte", expression: #"a\C"#) }
    }

    @Test func findsCustomKindsBesideBuiltIns() throws {
        let rules = try custom([("ticket", #"\b[A-Z]+-\d+\b"#), ("shortcode", ":[a-z_]+:")])
        #expect(try spans("fix JIRA-12 for @bob :wave: #x", rules)
            == ["ticket:JIRA-12", "mention:@bob", "shortcode::wave:", "hashtag:#x"])
        #expect(rules.kinds == [.hashtag, .mention, .url, "ticket", "shortcode"])
        #expect(rules.name == "icysky+custom")
    }

    @Test func builtInSpansWinOverlaps() throws {
        let rules = try custom([("word", #"\w+"#)])
        #expect(try spans("#tag plain @bob.x", rules) == ["hashtag:#tag", "word:plain", "mention:@bob.x"])
    }

    @Test func earlierPatternWinsThenLeftmost() throws {
        let rules = try custom([("first", "bc"), ("second", "abcd"), ("third", "cd|ab")], over: nil)
        // "bc" is taken first; "abcd" overlaps it; "cd|ab" finds "ab" (overlaps) and no other.
        #expect(try spans("abcd", rules) == ["first:bc"])
        #expect(try spans("abxcd", rules) == ["third:ab", "third:cd"])
    }

    @Test func matchesNeverCrossSeparators() throws {
        let rules = try custom([("pair", #"[a-z]+\s[a-z]+"#), ("before", #"\d+(?=\s)"#)], over: nil)
        #expect(try spans("ab cd 12 34", rules) == ["before:12"])
    }

    @Test func anchorsMeanTheTextsEdgesAndLineAnchorsWork() throws {
        let rules = try custom([("start", "^x"), ("line", "(?m)^y"), ("end", "z$")], over: nil)
        #expect(try spans("x x y\ny z\nz", rules) == ["start:x", "line:y", "end:z"])
        #expect(try spans("z z\n", rules) == ["end:z"])
        #expect(try spans("a\u{3000}x", rules) == [])
    }

    @Test func wordBoundariesSeeTheBorderingSeparators() throws {
        let rules = try custom([("id", #"\bid\b"#)], over: nil)
        #expect(try spans("id xid id", rules) == ["id:id", "id:id"])
    }

    @Test func standaloneUsesWhitespaceSeparators() throws {
        let rules = try custom([("shortcode", ":[a-z]+:")], over: nil)
        #expect(rules.name == "custom")
        #expect(rules.isSeparator(" ") && rules.isSeparator("\u{3000}") && !rules.isSeparator("("))
        #expect(try spans("#a :b: @c", rules) == ["shortcode::b:"])
    }

    /// A kind is written as its name (`"kind":…`, `class="…"`): an empty one would name nothing,
    /// so it is refused like an expression that does not compile, before the engine sees it.
    @Test func emptyNameIsRefused() {
        for expression in ["a", #"JIRA-(\d+"#] {
            #expect {
                try CustomPattern(name: "", expression: expression, trigger: ":")
            } throws: { error in
                guard let error = error as? PatternError else { return false }
                return error == PatternError(
                    stage: .compile, code: PatternError.emptyNameCode, message: "the kind name is empty", offset: 0,
                    pattern: expression)
            }
        }
        #expect(throws: Never.self) { try CustomPattern(name: "k", expression: "a") }
    }

    @Test func kindOfTheBaseIsRejected() {
        #expect(throws: CustomRuleSet.KindConflict.self) { try custom([("mention", "@x")]) }
    }

    @Test func valuesOfCustomKindsAreTheirText() throws {
        let rules = try custom([("ticket", #"[A-Z]+-\d+"#)])
        let text = "AB-1 @bob"
        let detector = PatternDetector(rules: rules)
        let found = detector.spans(in: text)
        #expect(found.map { detector.value(of: $0, in: text) }
            == ["AB-1", PatternDetector(rules: IcyskyRules.shared).value(of: found[1], in: text)])
    }

    @Test func windowsInsideWordsGiveTheFullScansSpans() throws {
        let rules = try RuleSetCases.custom(over: IcyskyRules.shared)
        let text = "see ABC-12 and :ok: now #tag @x.y"
        try withUTF8Bytes(of: text) { bytes throws in
            let full = rules.spans(in: bytes)
            for start in 0...bytes.count {
                for end in start...bytes.count {
                    let windowed = rules.spans(in: bytes, startingIn: start..<end)
                    #expect(windowed == full.filter { (start..<end).contains($0.utf8Range.lowerBound) })
                }
            }
        }
    }

    @Test("Locality contract on random posts", arguments: BuiltInRules.allCases)
    func localityOnRandomPosts(_ builtIn: BuiltInRules) throws {
        let base = RuleSetCases.rules(builtIn)
        for rules in [try RuleSetCases.custom(over: base), try RuleSetCases.custom(over: nil)] {
            var random = SplitMix64(seed: 7)
            for _ in 0..<200 {
                let post = PostCorpus.post(wordCount: 1 + Int(random.next() % 30), using: &random)
                let violation = withUTF8Bytes(of: post) { bytes in
                    SpanInvariants.localityViolation(
                        rules: rules, text: bytes, limit: 4, using: &random)
                }
                #expect(violation == nil, "\(rules.name) on \(post.debugDescription)")
            }
        }
    }
}
