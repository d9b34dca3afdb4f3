import PatternDetection
import Testing

/// `SearchesGivenUp.recording`: what one call's scans gave up on, exactly, however many scans with
/// the same patterns run at once.
@Suite("Searches given up, per call")
struct SearchesGivenUpTests {
    #if PCRE2
    /// Backtracks without bound on `runawayWord`; the lowered match limit makes each give-up quick.
    static let runaway = #"(*LIMIT_MATCH=1000)(a+)+$"#
    static let runawayWord = String(repeating: "a", count: 26) + "!"
    static let limitCode: Int32 = -47
    /// Rounds per task, and words that give up per text.
    static let rounds = 8
    static let wordsGivingUp = 3
    #else
    /// ICU has no match limit to lower: each give-up takes its 100 ms, so fewer of them.
    static let runaway = #"(?:(a|aa)+)+(?!\w)z?\d"#
    static let runawayWord = String(repeating: "a", count: 64) + "1"
    static let limitCode: Int32 = -2
    static let rounds = 1
    static let wordsGivingUp = 2
    #endif

    static func detector(_ patterns: [CustomPattern]) throws -> PatternDetector {
        PatternDetector(rules: try CustomRuleSet(patterns: patterns, over: BlueskyRules.shared))
    }

    /// A text whose first words differ by `task` (so do the offsets of its give-ups), holding
    /// ``wordsGivingUp`` runaway words between a hashtag and a mention; and the start of the last.
    static func givingUpText(task: Int) -> (text: String, lastRunawayOffset: Int) {
        var text = String(repeating: "x ", count: task) + "#tag"
        var last = 0
        for _ in 0..<wordsGivingUp {
            text += " "
            last = text.utf8.count
            text += runawayWord
        }
        return (text + " @al.test", last)
    }

    @Test("16 tasks scanning at once with one pattern: each call reports its own give-ups, and only those")
    func eachCallReportsItsOwnGiveUps() async throws {
        let pattern = try CustomPattern(name: "runaway", expression: Self.runaway)
        let detector = try Self.detector([pattern, try CustomPattern(name: "ticket", expression: #"\b[A-Z]+-\d+\b"#)])
        let before = pattern.searchesGivenUp
        let failures = await withTaskGroup(of: [String].self) { group in
            for task in 0..<16 {
                group.addTask {
                    var failures: [String] = []
                    let (text, lastOffset) = Self.givingUpText(task: task)
                    let clean = String(repeating: "x ", count: task) + "#tag aa1 JIRA-7 @al.test"
                    for round in 0..<Self.rounds {
                        let (spans, givenUp) = SearchesGivenUp.recording { detector.spans(in: text) }
                        if spans.map(\.kind) != [.hashtag, .mention] { failures.append("task \(task) round \(round): spans \(spans)") }
                        if givenUp.count != 1 {
                            failures.append("task \(task) round \(round): \(givenUp.count) reports for the text that gives up")
                        } else {
                            let report = givenUp[0]
                            let error = report.lastError
                            if report.kind != "runaway" || report.expression != Self.runaway || report.count != Self.wordsGivingUp
                                || error.stage != .match || error.code != Self.limitCode || error.pattern != Self.runaway
                                || error.offset != lastOffset
                            {
                                failures.append("task \(task) round \(round): \(report), expected \(Self.wordsGivingUp) at \(lastOffset)")
                            }
                        }
                        let (cleanSpans, cleanGivenUp) = SearchesGivenUp.recording { detector.spans(in: clean) }
                        if cleanSpans.map(\.kind) != [.hashtag, "ticket", .mention] {
                            failures.append("task \(task) round \(round): clean spans \(cleanSpans)")
                        }
                        if !cleanGivenUp.isEmpty { failures.append("task \(task) round \(round): the clean text reported \(cleanGivenUp)") }
                    }
                    return failures
                }
            }
            var failures: [String] = []
            for await taskFailures in group { failures += taskFailures }
            return failures
        }
        #expect(failures == [])
        #expect(pattern.searchesGivenUp - before == 16 * Self.rounds * Self.wordsGivingUp, "the pattern still counts them all")
    }

    @Test("Nothing is reported when no search gave up, with or without custom patterns")
    func nothingGaveUp() throws {
        let detector = try Self.detector([try CustomPattern(name: "runaway", expression: Self.runaway)])
        let (spans, givenUp) = SearchesGivenUp.recording { detector.spans(in: "#tag aa1 aa! @al.test") }
        #expect(spans.map(\.kind) == [.hashtag, .mention])
        #expect(givenUp == [])
        let builtIn = PatternDetector(rules: BlueskyRules.shared)
        #expect(SearchesGivenUp.recording { builtIn.spans(in: "#tag " + Self.runawayWord) }.givenUp == [])
    }

    @Test("A recording inside another reports to both; an edit of a SpanDocument reports what its rescan gave up on")
    func nestedRecordingsAndIncrementalEdits() throws {
        let pattern = try CustomPattern(name: "runaway", expression: Self.runaway)
        let rules = try CustomRuleSet(patterns: [pattern], over: BlueskyRules.shared)
        let detector = PatternDetector(rules: rules)
        let outer = try SearchesGivenUp.recording {
            _ = detector.spans(in: Self.runawayWord)
            let inner = SearchesGivenUp.recording { detector.spans(in: "#tag " + Self.runawayWord) }
            #expect(inner.givenUp.map(\.count) == [1])
            #expect(inner.givenUp.first?.lastError.offset == 5)
            var document = SpanDocument(text: "hi there", rules: rules)
            let edit = SearchesGivenUp.recording { document.replace(utf8Range: 3..<8, with: Self.runawayWord) }
            #expect(edit.givenUp.map(\.count) == [1], "the rescan of the edited word")
            let elsewhere = SearchesGivenUp.recording { document.replace(utf8Range: 0..<2, with: "#hi") }
            #expect(elsewhere.givenUp == [], "the word that gives up is not rescanned")
            return try #require(inner.givenUp.first)
        }
        #expect(outer.givenUp.map(\.count) == [3])
        #expect(outer.givenUp.first?.kind == "runaway")
        #expect(outer.givenUp.first?.lastError.code == Self.limitCode)
        #expect(outer.result.lastError.offset == 5)
    }
}
