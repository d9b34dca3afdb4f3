#if PCRE2
import Testing
@testable import PatternDetection
@testable import RegexEngine

/// `PCRE2Pattern.matchStartBytes` (what custom patterns skip words by) and the search for them:
/// what PCRE2 records for a few expressions, and every match PCRE2 finds starting with one of the
/// bytes, caseless expressions and case pairs outside ASCII included.
@Suite("Match start bytes")
struct MatchStartBytesTests {
    @Test func recordedStartsAreThoseExpected() throws {
        #expect(try PCRE2Pattern(#":[a-z]+:"#).matchStartBytes == [UInt8(ascii: ":")])
        #expect(try PCRE2Pattern(#"\$[A-Z]+"#).matchStartBytes == [UInt8(ascii: "$")])
        #expect(try PCRE2Pattern(#"[@#]\w+"#).matchStartBytes == [UInt8(ascii: "#"), UInt8(ascii: "@")])
        #expect(try PCRE2Pattern(#"[A-Z]{2}"#).matchStartBytes == Array(UInt8(ascii: "A")...UInt8(ascii: "Z")))
        // Matches that may be empty start with no byte; nor does a pattern PCRE2 knows nothing of.
        #expect(try PCRE2Pattern(#"a?"#).matchStartBytes == nil)
        #expect(try PCRE2Pattern(#"(?:a|.)"#).matchStartBytes != [UInt8(ascii: "a")])
        // A caseless k stands for K and KELVIN SIGN's lead byte whatever PCRE2 recorded.
        // In UCP mode PCRE2 records nothing for `\d`, `\s`, `\w` or a POSIX class; their ASCII
        // starts come from a compile without UCP, with every lead byte of a multi-byte scalar added.
        let leadBytes = Array(UInt8(0xC0)...0xFF)
        #expect(try PCRE2Pattern(#"\d+[kKmM]"#).matchStartBytes == Array(UInt8(ascii: "0")...UInt8(ascii: "9")) + leadBytes)
        #expect(try PCRE2Pattern(#"[[:digit:]]|-"#).matchStartBytes == [UInt8(ascii: "-")] + Array(UInt8(ascii: "0")...UInt8(ascii: "9")) + leadBytes)
        #expect(try PCRE2Pattern(#"\s+x"#).matchStartBytes == [9, 10, 11, 12, 13, 32] + leadBytes)
        #expect(try PCRE2Pattern(#"\d*"#).matchStartBytes == nil)
        // A property's ASCII characters are PCRE2's own reading of it; in a negated class, or in
        // extended mode, a property gives nothing.
        let capitals = Array(UInt8(ascii: "A")...UInt8(ascii: "Z"))
        #expect(try PCRE2Pattern(#"\p{Lu}\p{Ll}+"#).matchStartBytes == capitals + leadBytes)
        #expect(try PCRE2Pattern(#"[\p{Lu}\d]+"#).matchStartBytes == Array(UInt8(ascii: "0")...UInt8(ascii: "9")) + capitals + leadBytes)
        #expect(try PCRE2Pattern(#"(?i)\p{Lu}x"#).matchStartBytes == capitals + Array(UInt8(ascii: "a")...UInt8(ascii: "z")) + leadBytes)
        #expect(try PCRE2Pattern(#"\p{Han}+"#).matchStartBytes == leadBytes)
        #expect(try PCRE2Pattern(#"[^\p{L}]x"#).matchStartBytes == nil)
        // Without a stand-in (a negative look-around), the expression's first items are read as
        // for ICU, properties by PCRE2.
        #expect(try PCRE2Pattern(#"(?<!\w)\d+"#).matchStartBytes == Array(UInt8(ascii: "0")...UInt8(ascii: "9")) + leadBytes)
        #expect(try PCRE2Pattern(#"(?!\p{Lu})\p{L}"#).matchStartBytes == capitals + Array(UInt8(ascii: "a")...UInt8(ascii: "z")) + leadBytes)
        #expect(try PCRE2Pattern(#"(?x) \p{Lu}"#).matchStartBytes == nil)
        // Under `(?i)`, `[:upper:]` without UCP takes both cases and `\p{Lu}` in UCP mode one:
        // negated, the stand-in would take fewer.
        #expect(try PCRE2Pattern(#"(?i)[^[:upper:]]x"#).matchStartBytes == nil)
        #expect(try PCRE2Pattern(#"(?i)[[:^upper:]]x"#).matchStartBytes == nil)
        let kelvin = try #require(try PCRE2Pattern(#"(?i)kb"#).matchStartBytes)
        #expect(kelvin.contains(UInt8(ascii: "k")) && kelvin.contains(UInt8(ascii: "K")) && kelvin.contains(0xE2))
    }

    @Test func everyMatchStartsWithARecordedByte() throws {
        var random = SplitMix64(seed: 57)
        let pieces = [
            "a", "b", "x", "y", "k", "K", "\u{212A}", "s", "S", "ſ", "t", "ѐ", "Ѐ", "é", "É", "ω", "Ω", "@", "＠", "#",
            "$", ":", "-", "1", "ABC", "xyz", "XyZ", "aB", "Ab", "swift", "SWIFT", "kelvin", "KELVIN", "\u{212A}ELVIN", " ", "\n", ">", "<",
            "9", "42", "\u{663}", "\u{FF11}", "\u{966}", "_", "\u{203F}", "\u{A0}", "\u{2003}", "\u{3000}", "\u{1C5}", "\u{1D7CE}",
            "m", "M", "\t", "!", "\u{BF}", "\u{A7}", "·", "DŽ", "ǅ", "Ǳ", "漢字", "Ⅻ", "ⓐ", "Ⓐ", "\u{1D400}",
        ]
        let texts = (0..<300).map { _ in
            Array((0..<(1 + Int(random.next() % 40))).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined().utf8)
        }
        var withStarts = 0
        for expression in CustomPattern.startByteExamples {
            let pattern = try PCRE2Pattern(expression)
            guard let starts = pattern.matchStartBytes else { continue }
            withStarts += 1
            #expect(!starts.contains { (0x80...0xBF).contains($0) }, "\(expression)")
            // `\K` reports a start after the byte the match began with.
            guard !expression.contains(#"\K"#) else { continue }
            for text in texts {
                text.withUnsafeBufferPointer { text in
                    for match in pattern.matches(in: text) {
                        #expect(starts.contains(text[match.lowerBound]), "\(expression) in \(String(decoding: text, as: UTF8.self))")
                    }
                }
            }
        }
        #expect(withStarts >= 12, "most expressions record where matches start")
    }
}
#endif
