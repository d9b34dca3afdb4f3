#if PCRE2
import Testing
@testable import PatternDetection
import RegexEngine

/// The PCRE2 wrapper: compile errors, JIT vs interpreter, empty matches, multi-byte subjects, and
/// match errors that must surface instead of ending a scan quietly.
@Suite("PCRE2 scanner")
struct ScannerTests {
    func matches(_ pattern: PCRE2Pattern, _ text: String)
        throws -> [String]
    {
        withUTF8Bytes(of: text) { bytes in
            pattern.matches(in: bytes).map {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self)
            }
        }
    }

    @Test func compileErrorCarriesMessageAndOffset() throws {
        let failure = try #require(throws: RegexCompileFailure.self) { try PCRE2Pattern("ab(cd") }
        let error = PatternError(failure, pattern: "ab(cd")
        #expect(error.stage == .compile)
        #expect(error.offset == 5)
        #expect(error.message.contains("missing closing parenthesis"))
        #expect(error.caretDiagram == "ab(cd\n     ^")

        let quantifier = try #require(throws: RegexCompileFailure.self) { try PCRE2Pattern("x{2,1}") }
        #expect(quantifier.offset == 5)
        #expect(quantifier.message.contains("out of order"))
    }

    @Test func caretCountsCharactersNotBytes() throws {
        let failure = try #require(throws: RegexCompileFailure.self) { try PCRE2Pattern("é(") }
        let error = PatternError(failure, pattern: "é(")
        #expect(error.offset == 3)  // bytes
        #expect(error.caretDiagram == "é(\n  ^")
    }

    @Test(arguments: [
        #"#\w+"#, #"@[\w.-]+"#, #"(?i)https?://(?:www\.)?\S+(?:/|\b)"#, #"\b\w"#, #"(?<=\s)\S+"#,
        #"\p{Han}+"#, #"[#@]\z"#, "x*", #"(?:a|b)+c?"#, #"(?i)(?>[^a]+?[a-z])a"#, #"(?>\D*|)A"#, "(?>.+?)b",
    ])
    func jitAndInterpreterAgree(expression: String) throws {
        let jit = try PCRE2Pattern(expression, useJIT: true)
        let interpreter = try PCRE2Pattern(expression, useJIT: false)
        #expect(jit.isJITCompiled)
        #expect(!interpreter.isJITCompiled)
        var generator = SplitMix64(seed: 0x5EED)
        let alphabet = ["a", "b", "c", "#", "@", " ", ".", "-", "é", "東", "😀", "\u{200D}", "https://", "x", "\n", "\u{3000}"]
        for _ in 0..<300 {
            let text = (0..<Int(generator.next() % 24)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }.joined()
            #expect(try matches(jit, text) == matches(interpreter, text), "text: \(text.debugDescription)")
        }
    }

    /// PCRE2 before 10.43 started JIT matches at the wrong place in atomic groups (PCRE2 issue 347);
    /// the answers here are the interpreter's and Perl's.
    @Test func atomicGroupsMatchWhereTheInterpreterDoes() throws {
        #expect(try matches(PCRE2Pattern(#"(?i)(?>[^a]+?[a-z])a"#), "ticAA") == ["icA"])
        #expect(try matches(PCRE2Pattern(#"(?>\D*|)A"#), "xA").isEmpty)
        #expect(try matches(PCRE2Pattern("(?>.+?)b"), "abcab") == ["ab", "ab"])
        #expect(try matches(PCRE2Pattern("(*atomic:.+?)b"), "abcab") == ["ab", "ab"])
        #expect(PCRE2Pattern.hasAtomicGroup("x(?>y)") && PCRE2Pattern.hasAtomicGroup("(*atomic:y)"))
        #expect(PCRE2Pattern.hasAtomicGroup("(*asr:y)") && !PCRE2Pattern.hasAtomicGroup("(?:y)++(?=z)(?<!w)"))
    }

    @Test func emptyMatchesAreSkippedAndTheScanAdvancesByWholeScalars() throws {
        // `x*` matches the empty string everywhere; only the non-empty matches are spans.
        #expect(try matches(PCRE2Pattern("x*"), "a😀xé東xx") == ["x", "xx"])
        // A pattern that can only match empty finds nothing and terminates.
        #expect(try matches(PCRE2Pattern(#"\b"#), "héllo 😀 wörld").isEmpty)
        #expect(try matches(PCRE2Pattern("(?=é)"), "éééé").isEmpty)
    }

    @Test func multiByteSubjectsReportByteRanges() throws {
        let pattern = try PCRE2Pattern(#"\w+"#)
        let text = "café 東京 😀 naïve"
        let ranges = withUTF8Bytes(of: text) { bytes in
            pattern.matches(in: bytes)
        }
        #expect(ranges == [0..<5, 6..<12, 18..<24])
    }

    @Test func startRangeBoundsWhereMatchesStartButNotTheirContext() throws {
        let pattern = try PCRE2Pattern(#"(?<=\s)\w+"#)
        let text = "one two three four"
        let found = withUTF8Bytes(of: text) { bytes in
            // Matches must start in 4..<9 ("two t"); look-behind sees the space before 4.
            pattern.matches(in: bytes, startingIn: 4..<9)
        }
        #expect(found == [4..<7, 8..<13])
    }

    /// The first match of `pattern` in `text` searched with `scratch` (errors surface here).
    func firstMatch(_ pattern: PCRE2Pattern, _ text: String, scratch: MatchScratch) throws(RegexLimitFailure) -> Range<Int>? {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { bytes throws(RegexLimitFailure) -> Range<Int>? in
            try scratch.firstMatch(of: pattern, in: bytes, from: 0)
        }
    }

    @Test func matchLimitErrorIsReportedNotSwallowed() throws {
        // Catastrophic backtracking: the match limit is hit long before the search finishes.
        let text = String(repeating: "a", count: 40) + "!"
        for useJIT in [true, false] {
            let pattern = try PCRE2Pattern("(a+)+$", useJIT: useJIT)
            let error = try #require(throws: RegexLimitFailure.self) {
                try firstMatch(pattern, text, scratch: MatchScratch(matchLimit: 10_000))
            }
            #expect(error.engine == "PCRE2")
            #expect(error.code == -47, "PCRE2_ERROR_MATCHLIMIT")
            #expect(error.message.contains("match limit"))
        }
    }

    @Test func aSearchPastTheLimitsEndsTheMatchLoopAndSaysSo() throws {
        // The default match limit stops `(a+)+$` on a long run of `a` without a line end: the loop
        // reports the match before it and then that it stopped.
        let pattern = try PCRE2Pattern(#"b|(a+)+$"#)
        let text = "b " + String(repeating: "a", count: 64) + "!"
        var found: [Range<Int>] = []
        let outcome = withUTF8Bytes(of: text) { bytes in
            pattern.forEachMatch(in: bytes) { (match: Range<Int>) in found.append(match) }
        }
        #expect(found == [0..<1])
        guard case .gaveUp(let failure) = outcome else {
            Issue.record("the search past the match limit was not reported: \(outcome)")
            return
        }
        #expect(failure.code == -47, "PCRE2_ERROR_MATCHLIMIT")
        #expect(failure.offset == 1)
    }

    @Test func jitStackLimitIsReportedAndTheDefaultStackIsLargeEnough() throws {
        let pattern = try PCRE2Pattern(#"(?:(a)|b)*c"#)
        let text = String(repeating: "ab", count: 100_000) + "c"
        let error = try #require(throws: RegexLimitFailure.self) {
            try firstMatch(pattern, text, scratch: MatchScratch(jitStackBytes: 32 << 10))
        }
        #expect(error.code == -46, "PCRE2_ERROR_JIT_STACKLIMIT")
        let found = try matches(pattern, text)
        #expect(found.count == 1 && found[0].utf8.count == text.utf8.count)
    }

    @Test func captureGroupsAreReadableAfterAMatch() throws {
        let pattern = try PCRE2Pattern(#"(@)(\w+)(?:\.(\w+))?"#)
        let scratch = MatchScratch()
        try withUTF8Bytes(of: "hi @bob.test") { bytes in
            let match = try scratch.firstMatch(of: pattern, in: bytes, from: 0)
            #expect(match == 3..<12)
            #expect(scratch.captureRange(1) == 3..<4)
            #expect(scratch.captureRange(2) == 4..<7)
            #expect(scratch.captureRange(3) == 8..<12)
            #expect(try scratch.firstMatch(of: pattern, in: bytes, from: 0, options: .anchored) == nil)
        }
    }

    @Test func patternMetadata() throws {
        let pattern = try PCRE2Pattern(#"(?<=ab)(c)(d)?"#)
        #expect(pattern.captureCount == 2)
        #expect(pattern.maximumLookbehind == 2)
    }
}
#endif
