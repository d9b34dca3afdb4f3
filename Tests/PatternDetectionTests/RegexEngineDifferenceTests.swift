#if PCRE2 && DEBUG
import RegexEngine
import Testing
@testable import PatternDetection

/// Where PCRE2 and NSRegularExpression (ICU) still read an expression differently, each case
/// asserted both ways, so a change in either engine shows up here. The article "Regex engines"
/// lists the same cases.
@Suite("Regex engines: the named differences")
struct RegexEngineDifferenceTests {
    func matches(_ pattern: some RegexPattern, _ text: String) -> [String] {
        withUTF8Bytes(of: text) { bytes in
            pattern.matches(in: bytes).map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
        }
    }

    func both(_ expression: String, _ options: RegexOptions = .pcre2Classes, on text: String) throws -> (pcre2: [String], icu: [String]) {
        (
            matches(try PCRE2Pattern(expression, options: options), text),
            matches(try FoundationRegexPattern(expression, options: options), text)
        )
    }

    /// ICU's own `\w` takes combining marks, connector punctuation, ZWJ and alphabetic symbols
    /// (Ⓐ) and leaves out numbers that are not decimal digits (²); PCRE2 10.42's UCP `\w` is
    /// letters, numbers and `_`. Spelled out (`pcre2Classes`, which the rule sets use), ICU agrees.
    @Test func wordCharacters() throws {
        let text = "e\u{301}x a\u{203F}b ² Ⓐ a\u{200D}b"
        let raw = try both(#"\w+"#, [], on: text)
        #expect(raw.pcre2 == ["e", "x", "a", "b", "²", "a", "b"])
        #expect(raw.icu == ["e\u{301}x", "a\u{203F}b", "Ⓐ", "a\u{200D}b"])
        let spelled = try both(#"\w+"#, on: text)
        #expect(spelled.icu == spelled.pcre2)
    }

    /// ICU's `\b` skips combining marks; PCRE2's sees a boundary at a mark (not a word character).
    @Test func wordBoundaries() throws {
        let text = "cafe\u{301} x"
        let raw = try both(#"\b\p{L}+\b"#, [], on: text)
        #expect(raw.pcre2 == ["cafe", "x"])
        #expect(raw.icu == ["x"])
        let spelled = try both(#"\b\p{L}+\b"#, on: text)
        #expect(spelled.icu == spelled.pcre2)
    }

    /// ICU folds case fully (`ß` matches `SS`); PCRE2 folds one scalar to one scalar. Both fold
    /// the Kelvin sign to `k` and the long s to `s`.
    @Test func caseFolding() throws {
        let full = try both(#"(?i)straße"#, on: "STRASSE straße")
        #expect(full.pcre2 == ["straße"])
        #expect(full.icu == ["STRASSE", "straße"])
        let simple = try both(#"(?i)kelvins"#, on: "\u{212A}elvin\u{17F} KELVINS")
        #expect(simple.pcre2 == ["\u{212A}elvin\u{17F}", "KELVINS"])
        #expect(simple.icu == simple.pcre2)
    }

    /// Each engine reads letters by its own Unicode tables: PCRE2 10.42 has Unicode 14, ICU a
    /// later one, so a letter assigned after Unicode 14 (U+31350, CJK extension H, Unicode 15) is
    /// `\p{L}` and `\w` only to ICU — unless the linked PCRE2 is new enough too.
    @Test func unicodeVersions() throws {
        let text = "#\u{31350}"
        let result = try both(#"#\w+"#, on: text)
        #expect(result.icu == [text])
        let pcre2Major = Int(PCRE2Pattern.unicodeVersion.prefix { $0 != "." }) ?? 0
        #expect(result.pcre2 == (pcre2Major >= 15 ? [text] : []), "PCRE2 Unicode \(PCRE2Pattern.unicodeVersion)")
    }

    /// PCRE2 (since 10.40) reads a script name as Script_Extensions, ICU as Script: `・` (U+30FB)
    /// is used by Han, Hiragana and Katakana, so it is `\p{Han}` to PCRE2 only.
    @Test func scriptExtensions() throws {
        let result = try both(#"\p{Han}+"#, on: "東京・大阪")
        #expect(result.pcre2 == ["東京・大阪"])
        #expect(result.icu == ["東京", "大阪"])
    }

    /// Where an expression prefers an empty match, PCRE2 (`PCRE2_NOTEMPTY`) backtracks to a
    /// non-empty one at the same start; ICU takes the empty one and moves on.
    @Test func emptyPreferringExpressions() throws {
        let result = try both(#"(|ab)"#, on: "ab")
        #expect(result.pcre2 == ["ab"])
        #expect(result.icu == [])
    }

    /// Under `(?i)` ICU closes a property class over case; PCRE2 10.42 reads `\p{…}` as it is
    /// ("caseless matching does not affect these escape sequences"). (Found by the regex fuzz target.)
    @Test func caselessCaseProperties() throws {
        let result = try both(#"(?i)\p{Ll}"#, on: "aB")
        #expect(result.pcre2 == ["a"])
        #expect(result.icu == ["a", "B"])
    }

    /// In dot-all mode ICU's `.` steps over a carriage return and line feed together (its
    /// `URX_DOTANY_ALL` consumes CR LF as one); PCRE2's `.` is one scalar. Without `(?s)` both stop
    /// at the line feed alone. (Found by the regex fuzz target.)
    @Test func dotAllOverCRLF() throws {
        let result = try both(#"(?s)."#, on: "a\r\nb")
        #expect(result.pcre2 == ["a", "\r", "\n", "b"])
        #expect(result.icu == ["a", "\r\n", "b"])
        let withoutDotAll = try both(#"."#, on: "a\r\nb")
        #expect(withoutDotAll.pcre2 == ["a", "\r", "b"] && withoutDotAll.icu == withoutDotAll.pcre2)
    }

    /// `$` before a final line feed matches in both; only a line feed ends a line in both.
    @Test func lineEndsAgree() throws {
        for (expression, text) in [(#"a$"#, "a\n"), (#"a.b"#, "a\rb a\u{85}b a\u{2028}b"), (#"(?m)^b"#, "a\rb\nb")] {
            let result = try both(expression, on: text)
            #expect(result.icu == result.pcre2, "\(expression)")
            #expect(!result.pcre2.isEmpty)
        }
    }

    /// Syntax only one engine takes. ICU takes a bounded variable-length look-behind, which PCRE2
    /// takes from 10.43; PCRE2's `\K`, `(?|…)`, `(?P<…>)` and `(?R)` are rejected without it.
    @Test func syntaxOnlyOneEngineTakes() throws {
        _ = try FoundationRegexPattern(#"(?<=ab?)c"#)
        let minor = Int(PCRE2Pattern.libraryVersion.split(separator: " ").first?.split(separator: ".").last ?? "") ?? 0
        if minor < 43 {
            #expect(throws: RegexCompileFailure.self) { try PCRE2Pattern(#"(?<=ab?)c"#) }
        }
        for expression in [#"a\Kb"#, #"(?|(a)|(b))"#, #"(?P<n>a)"#, #"a(?R)?b"#] {
            _ = try PCRE2Pattern(expression)
            #expect(throws: RegexCompileFailure.self, "\(expression)") { try FoundationRegexPattern(expression) }
        }
    }

    /// Under `(?m)`, a line feed that ends the text starts no line for PCRE2 (its rule: `^` matches
    /// after internal newlines only), while ICU sees a line start at the text's end after it. A
    /// custom pattern never shows this: such a match ends in the separator after its word.
    @Test func aLineFeedThatEndsTheText() throws {
        let found = try both(#"(?m)\n^"#, on: "a\nb\n")
        #expect(found.pcre2 == ["\n"])
        #expect(found.icu == ["\n", "\n"])
        let dotAll = try both(#"(?m)(?s).^"#, on: "k\n")
        #expect(dotAll.pcre2 == [] && dotAll.icu == ["\n"])
    }

    /// Where a custom rule set cuts the text (the word plus its bordering separators), `$` matches
    /// at the cut in neither engine, and `^` only in ICU, under `(?m)` right after a line feed that
    /// ends the subject; PCRE2's `\A` and `\z` match at the cut; and a look-around reaching past
    /// the bordering separator sees the subject's end in PCRE2 and a U+FFFF in ICU.
    @Test func aCutSeenThroughLookArounds() throws {
        func spans(_ expression: String, _ engine: any RegexPattern.Type) throws -> [String] {
            let pattern = try CustomPattern(name: "t", expression: expression, trigger: nil, engine: engine)
            let rules = try CustomRuleSet(patterns: [pattern], over: nil)
            return withUTF8Bytes(of: "a b\nc") { bytes in
                rules.spans(in: bytes).map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0.utf8Range]), as: UTF8.self) }
            }
        }
        for expression in [#"(?<=^\s)\w+"#, #"\w+$"#, #"(?m)\w+$"#] {
            #expect(try spans(expression, PCRE2Pattern.self) == spans(expression, FoundationRegexPattern.self), "\(expression)")
        }
        #expect(try spans(#"\w+$"#, PCRE2Pattern.self) == ["c"])
        #expect(try spans(#"(?m)\w+$"#, PCRE2Pattern.self) == ["b", "c"])
        #expect(try spans(#"(?<=\A\s)\w+"#, PCRE2Pattern.self) == ["b", "c"])
        #expect(try spans(#"(?<=\A\s)\w+"#, FoundationRegexPattern.self) == [])
        #expect(try spans(#"\w+(?=\s\S)"#, PCRE2Pattern.self) == [])
        #expect(try spans(#"\w+(?=\s\S)"#, FoundationRegexPattern.self) == ["a", "b"])
        // "b" and the line feed after it, then a line start: in ICU the first alternative matches
        // "b\n", which reaches into the separator and so ends the word; PCRE2 sees no line start at
        // the subject's end and takes the second alternative.
        #expect(try spans(#"(?m)b\n^|b"#, PCRE2Pattern.self) == ["b"])
        #expect(try spans(#"(?m)b\n^|b"#, FoundationRegexPattern.self) == [])
    }
}
#endif
