#if !PCRE2 || DEBUG
@testable import RegexEngine
import Testing
@testable import PatternDetection

/// The NSRegularExpression engine on its own (compiled in every build): UTF-8 offsets out of
/// UTF-16 searches, windows and cuts, the escapes it rejects, and its time limit.
@Suite("NSRegularExpression engine")
struct FoundationRegexPatternTests {
    @Test func offsetsAreUTF8AcrossSurrogatePairsAndMultiByteScalars() throws {
        let pattern = try FoundationRegexPattern(#"\S+"#)
        let found = withUTF8Bytes(of: "😀a é東 b😀") { bytes in pattern.matches(in: bytes) }
        #expect(found == [0..<5, 6..<11, 12..<17])
    }

    @Test func matchesStartInTheWindowAndSeeTheTextBeforeIt() throws {
        let pattern = try FoundationRegexPattern(#"(?<=\s)\w+"#)
        let found = withUTF8Bytes(of: "one two three four") { bytes in pattern.matches(in: bytes, startingIn: 4..<9) }
        #expect(found == [4..<7, 8..<13])
    }

    @Test func aVisibleRangeHidesTheRestFromLookArounds() throws {
        let pattern = try FoundationRegexPattern(#"(?<=a )b(?= c)"#)
        var found: [Range<Int>] = []
        withUTF8Bytes(of: "a b c") { bytes in
            pattern.forEachMatch(in: bytes, visible: 1..<5, startingIn: 2..<3) { found.append($0); return true }
            pattern.forEachMatch(in: bytes, visible: 0..<5, startingIn: 2..<3) { found.append($0); return true }
        }
        #expect(found == [2..<3])
    }

    @Test func emptyMatchesAreNeverReported() throws {
        let found = withUTF8Bytes(of: "a😀xé東xx") { bytes in try? FoundationRegexPattern("x*").matches(in: bytes) }
        #expect(found == [5..<6, 11..<13])
    }

    @Test func escapesICUWouldReadAsLettersAreRejectedWithTheirOffset() throws {
        for (expression, offset) in [(#"ab\K"#, 2), (#"é\C"#, 2), (#"(a)\g1"#, 3), (#"\o{101}"#, 0)] {
            let failure = try #require(throws: RegexCompileFailure.self) { try FoundationRegexPattern(expression) }
            #expect(failure.code == FoundationRegexPattern.unsupportedSyntaxCode)
            #expect(failure.offset == offset, "\(expression)")
        }
        // Quoted or escaped backslashes are not escapes.
        _ = try FoundationRegexPattern(#"\Q\K\E\\K"#)
    }

    @Test func anExpressionICURejectsSaysSo() throws {
        let failure = try #require(throws: RegexCompileFailure.self) { try FoundationRegexPattern("ab(cd") }
        #expect(failure.offset == 0)
        #expect(failure.message.contains("ICU rejected"))
    }

    @Test func pcre2ClassesAreSpelledOutsideAndInsideSets() throws {
        let pattern = try FoundationRegexPattern(#"[\w.]+\s[^\S\n]\W\b[\b]?"#, options: .pcre2Classes)
        let found = withUTF8Bytes(of: "a.²  !x") { bytes in pattern.matches(in: bytes) }
        #expect(found == [0..<7])
    }

    @Test func aBacktrackingSearchStopsAtTheTimeLimitAndKeepsEarlierMatches() throws {
        let limit = SearchTimeLimit(perSearch: .milliseconds(20), perUTF16Unit: .zero)
        let pattern = try FoundationRegexPattern(#"b|(a+)+$"#, options: [], timeLimit: limit)
        let text = "b " + String(repeating: "a", count: 64) + "!"
        var found: [Range<Int>] = []
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = withUTF8Bytes(of: text) { bytes in
            pattern.forEachMatch(in: bytes) { (match: Range<Int>) in found.append(match) }
        }
        #expect(start.duration(to: clock.now) < .seconds(2))
        #expect(found == [0..<1])
        guard case .gaveUp(let failure) = outcome else {
            Issue.record("the search past the time limit was not reported: \(outcome)")
            return
        }
        #expect(failure.code == FoundationRegexPattern.timeLimitCode)
        #expect(failure.offset == 1)
        #expect(failure.engine == "NSRegularExpression")
    }

    /// The time limit counts ICU's time, not the caller's: a body that spends longer than the
    /// limit on each match (as a merge does that reads other patterns' matches meanwhile) does not
    /// make the search give up. Such a merge once lost icysky's spans under eight custom patterns.
    ///
    /// ICU reports progress at every start position it tries, so the gaps between matches are
    /// kept short: their search costs microseconds, far under the limit even on a busy virtual
    /// machine (whose threads are charged the time the host takes their CPU away), while each
    /// body alone spends more than twice the limit.
    @Test func timeSpentInTheBodyDoesNotCountAgainstTheLimit() throws {
        let limit = SearchTimeLimit(perSearch: .milliseconds(20), perUTF16Unit: .zero)
        let pattern = try FoundationRegexPattern("a", options: [], timeLimit: limit)
        let text = Array(repeating: "a" + String(repeating: "b", count: 100), count: 4).joined()
        var found = 0
        let outcome = withUTF8Bytes(of: text) { bytes in
            pattern.forEachMatch(in: bytes) { (_: Range<Int>) in
                found += 1
                let start = ThreadCPUClock.now()
                while ThreadCPUClock.now() - start < .milliseconds(50) {}
            }
        }
        #expect(found == 4)
        guard case .complete = outcome else {
            Issue.record("the search gave up for the body's time: \(outcome)")
            return
        }
    }
}
#endif
