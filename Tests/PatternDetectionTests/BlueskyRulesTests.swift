import PatternDetection
import Testing

@Suite("Bluesky rules")
struct BlueskyRulesTests {
    let rules = BlueskyRules.shared

    @Test("name, kinds, and the built-in registry")
    func identity() throws {
        #expect(rules.name == "bluesky")
        #expect(rules.kinds == [.mention, .url, .hashtag, .cashtag])
        #expect(BuiltInRules.bluesky.ruleSet() is BlueskyRules)
        let detector = PatternDetector(rules: .bluesky as BlueskyRules)
        #expect(detector.spans(in: "@a.test") == [Span(kind: .mention, utf8Range: 0..<7)])
    }

    @Test("separators are JavaScript's \\s exactly")
    func separators() {
        let expected: [UInt32] = [
            0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xA0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005,
            0x2006, 0x2007, 0x2008, 0x2009, 0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF,
        ]
        var found: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            if let scalar = Unicode.Scalar(value), rules.isSeparator(scalar) { found.append(value) }
        }
        #expect(found == expected)
    }

    @Test("values: handle, URI, tag without sign, upper-cased ticker")
    func values() throws {
        let detector = PatternDetector(rules: rules)
        let text = "@Alice.test https://x.com Example.com httpbin.org #tag ＃全角 $aApl"
        let values = detector.spans(in: text).map { detector.value(of: $0, in: text) }
        #expect(values == ["Alice.test", "https://x.com", "https://Example.com", "httpbin.org", "tag", "全角", "$AAPL"])
    }

    @Test("overlapping reference facets: the earliest start wins")
    func overlaps() throws {
        let detector = PatternDetector(rules: rules)
        #expect(detector.spans(in: "x.com/(@a.test)") == [Span(kind: .url, utf8Range: 0..<15)])
        #expect(detector.spans(in: "#a($B)") == [Span(kind: .hashtag, utf8Range: 0..<5)])
        #expect(detector.spans(in: "(@a.test)($B)") == [
            Span(kind: .mention, utf8Range: 1..<8), Span(kind: .cashtag, utf8Range: 10..<12),
        ])
    }

    /// Megabyte-scale hostile shapes: they must scan without a PCRE2 error (JIT stack, match limit)
    /// and give the right answer. Speed is measured in release builds, not asserted here.
    @Test("hostile shapes scan to the right answer", arguments: HostileShape.all)
    func hostile(_ shape: HostileShape) throws {
        let text = shape.make(256 << 10)
        let spans = PatternDetector(rules: rules).spans(in: text)
        #expect(spans.count == shape.expectedSpans(text), "\(shape.name)")
    }
}

/// A text shape that could make a naive scanner superlinear, with the number of spans it holds.
struct HostileShape: Sendable, CustomTestStringConvertible {
    var name: String
    var unit: String
    var prefix = ""
    var suffix = ""
    /// Spans expected, given the text.
    var expected: @Sendable (String) -> Int = { _ in 0 }

    var testDescription: String { name }

    func make(_ bytes: Int) -> String {
        prefix + String(repeating: unit, count: max(1, (bytes - prefix.utf8.count - suffix.utf8.count) / unit.utf8.count)) + suffix
    }

    func expectedSpans(_ text: String) -> Int { expected(text) }

    static let all: [HostileShape] = [
        HostileShape(name: "@ run", unit: "@"),
        HostileShape(name: "(@ run", unit: "(@"),
        HostileShape(name: "# run", unit: "#"),
        HostileShape(name: "＃ run", unit: "＃"),
        HostileShape(name: "spaced # run", unit: "# "),
        HostileShape(name: "dot run", unit: "."),
        HostileShape(name: "label dot run", unit: "a."),
        HostileShape(name: "dotted domain, valid TLD", unit: "a.", suffix: "com", expected: { _ in 1 }),
        HostileShape(name: "handle dot run", unit: "a.", prefix: "@", suffix: "_"),
        HostileShape(name: "handle hyphen run", unit: "a-", prefix: "@"),
        HostileShape(name: "glued schemes", unit: "http://", expected: { _ in 1 }),
        HostileShape(name: "glued upper-case schemes", unit: "HTTPS://"),
        HostileShape(name: "one huge URL", unit: "abc/", prefix: "https://example.com/", expected: { _ in 1 }),
        HostileShape(name: "parenthesised domains", unit: "(a.jpg"),
        HostileShape(name: "parenthesised letters", unit: "(aaaaaaa"),
        HostileShape(name: "huge tag", unit: "ab", prefix: "#"),
        HostileShape(name: "huge punctuation tag", unit: "!?", prefix: "#a", expected: { _ in 1 }),
        HostileShape(name: "huge combining tag (one grapheme)", unit: "\u{301}", prefix: "#e", expected: { _ in 1 }),
        HostileShape(name: "dollar run", unit: "($A", expected: { _ in 1 }),
        HostileShape(name: "spaced tags", unit: "#a ", expected: { $0.utf8.count / 3 }),
        HostileShape(name: "spaced handles", unit: "@a.test ", expected: { $0.utf8.count / 8 }),
        HostileShape(name: "no spaces, mixed", unit: "x.com/(@a.test)#b$C日本🦋", expected: { _ in 1 }),
    ]
}
