#if PCRE2 && DEBUG
import Foundation
import RegexEngine
import TestSupport
import Testing
@testable import PatternDetection

/// PCRE2 and NSRegularExpression (ICU), both compiled into this build, run the `icysky` rules and a
/// set of custom patterns (look-behinds, Unicode classes, caseless, anchors) on the same texts: the
/// held-in posts, generated posts, text full of the scalars the engines' classes disagree on, and
/// the hostile shapes. Spans must be equal byte for byte. The differences that remain are the named
/// cases below, each asserted both ways; the article "Regex engines" lists them.
@Suite("Regex engines agree")
struct RegexEngineDifferentialTests {
    static let icu = FoundationRegexPattern.self

    /// Custom expressions exercising what the engines could read differently.
    static let customDefinitions: [(name: String, expression: String)] = [
        ("ticket", #"\b[A-Z]{2,10}-\d+\b"#),
        ("shortcode", #":[a-z0-9_+-]+:"#),
        ("afterSpace", #"(?<=\s)#[a-z]+"#),
        ("afterAt", #"(?<=@)\w+"#),
        ("notAfterWord", #"(?<![\w@])\$[A-Z]{1,5}\b"#),
        ("letters", #"\p{L}+\d"#),
        ("han", #"\p{Han}+"#),
        ("caseless", #"(?i)\bswift\w*"#),
        ("kelvin", #"(?i)k[a-z]+"#),
        ("anchors", #"(?m)^>\S+|\S+<$"#),
        ("lineEnd", #"\w+$"#),
        ("inner", #"\B\d+\b"#),
        ("beforeBang", #"\w+(?=[!?])"#),
        ("nonSpace", #"[^\s\d]{3}\S*"#),
        ("greedy", #"[a-z]+(?:\s[a-z]+)?"#),
    ]

    static func customRules(engine: any RegexPattern.Type, over base: (any RuleSet)?) throws -> CustomRuleSet {
        let patterns = try customDefinitions.map { definition in
            try CustomPattern(name: definition.name, expression: definition.expression, trigger: nil, engine: engine)
        }
        return try CustomRuleSet(patterns: patterns, over: base)
    }

    /// (PCRE2 rules, ICU rules, what they are).
    static func pairs() throws -> [(any RuleSet, any RuleSet, String)] {
        [
            (IcyskyRules.shared, IcyskyRules(engine: icu), "icysky"),
            (try customRules(engine: PCRE2Pattern.self, over: nil), try customRules(engine: icu, over: nil), "custom"),
            (
                try customRules(engine: PCRE2Pattern.self, over: BlueskyRules.shared),
                try customRules(engine: icu, over: BlueskyRules.shared), "bluesky+custom"
            ),
        ]
    }

    /// Scalars on which ICU's and PCRE2's classes, case folding or line handling differ, among
    /// ordinary text.
    static let probes = [
        "e\u{301}", "\u{203F}", "\u{FF3F}", "\u{200D}", "\u{200C}", "²", "½", "Ⓐ", "Ⅻ", "ſ", "\u{212A}", "ß", "ẞ",
        "\u{85}", "\u{180E}", "\u{A0}", "\u{2028}", "\u{3000}", "\u{B}", "\u{C}", "\r", "\n", "\t", "\u{1C}", "\u{FEFF}",
        "٣", "😀", "👩\u{200D}💻", "東京", "#", "@", "$", "http://", "https://www.", "ABC-12", ":ok:", ">", "<", "!", "?",
        "swift", "SWIFT", "kelvin", "a", "b", "_", "-", ".", "/", " ", " ", "1",
    ]

    static func probeTexts(count: Int, seed: UInt64) -> [String] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            (0..<Int(random.next() % 24)).map { _ in probes[Int(random.next() % UInt64(probes.count))] }.joined()
        }
    }

    static func heldInTexts() throws -> [String] {
        let posts = try String(contentsOf: TestPaths.fixtures.appendingPathComponent("posts/sample-posts.txt"), encoding: .utf8)
        struct Cases: Decodable {
            struct Case: Decodable { let input: String }
            let cases: [Case]
        }
        let icysky = try JSONDecoder().decode(
            Cases.self, from: Data(contentsOf: TestPaths.fixtures.appendingPathComponent("icysky/cases.json")))
        return posts.split(separator: "\n").map(String.init) + icysky.cases.map(\.input)
    }

    /// The first difference, described, or `nil`.
    static func difference(_ pcre2: any RuleSet, _ icu: any RuleSet, in bytes: [UInt8]) -> String? {
        bytes.withUnsafeBufferPointer { text -> String? in
            let left = pcre2.spans(in: text), right = icu.spans(in: text)
            guard left != right else { return nil }
            let index = zip(left, right).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(left.count, right.count)
            func show(_ spans: [Span]) -> String {
                guard index < spans.count else { return "nothing" }
                let span = spans[index]
                return "\(span.kind) \(span.utf8Range) \(String(decoding: text[span.utf8Range], as: UTF8.self).debugDescription)"
            }
            return "span \(index): PCRE2 \(show(left)), ICU \(show(right))"
        }
    }

    @Test func heldInPostsAndFixtures() throws {
        let texts = try Self.heldInTexts()
        #expect(texts.count > 20)
        for (pcre2, icu, name) in try Self.pairs() {
            for text in texts {
                let problem = Self.difference(pcre2, icu, in: Array(text.utf8))
                #expect(problem == nil, "\(name) on \(text.debugDescription): \(problem ?? "")")
            }
        }
    }

    @Test func generatedPosts() throws {
        let corpus = PostCorpus.posts(byteCount: 60_000, seed: 21)
        for (pcre2, icu, name) in try Self.pairs() {
            let problem = Self.difference(pcre2, icu, in: corpus)
            #expect(problem == nil, "\(name): \(problem ?? "")")
        }
    }

    @Test func textsMadeOfClassProbes() throws {
        let texts = Self.probeTexts(count: 1500, seed: 0xC1A55)
        for (pcre2, icu, name) in try Self.pairs() {
            for text in texts {
                let problem = Self.difference(pcre2, icu, in: Array(text.utf8))
                #expect(problem == nil, "\(name) on \(text.debugDescription): \(problem ?? "")")
            }
        }
    }

    @Test(arguments: HostileCorpus.Shape.allCases)
    func hostileShapes(shape: HostileCorpus.Shape) throws {
        let text = shape.bytes(count: 16 << 10)
        for (pcre2, icu, name) in try Self.pairs() {
            let problem = Self.difference(pcre2, icu, in: text)
            #expect(problem == nil, "\(name) on \(shape): \(problem ?? "")")
        }
    }
}
#endif
