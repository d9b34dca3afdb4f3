import ComposerPosts
import PatternDetection
import Testing

/// Hand-written cases from the rules for the token at the caret, per rule set. A case's text marks
/// the caret with `|`; the expectation is the kind, the query and the token's text (what a
/// completion replaces), or no token.
@Suite("CaretToken: cases")
struct CaretTokenCaseTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let rules: String
        let marked: String
        /// `nil`: no token.
        let expected: (kind: PatternKind, query: String, token: String)?
        var testDescription: String { "\(rules): \(marked.debugDescription)" }

        init(_ rules: String, _ marked: String, _ expected: (PatternKind, String, String)?) {
            self.rules = rules
            self.marked = marked
            self.expected = expected.map { (kind: $0.0, query: $0.1, token: $0.2) }
        }
    }

    static let shortcode = try! CustomRuleSet(
        patterns: [CustomPattern(name: "shortcode", expression: ":[a-z0-9_+-]+:", trigger: ":")],
        over: BlueskyRules.shared)

    static func ruleSet(_ name: String) -> any RuleSet {
        name == "shortcode" ? shortcode : BuiltInRules(rawValue: name)!.ruleSet()
    }

    static let cases: [Case] = [
        // bluesky
        Case("bluesky", "see https://example.com/@al|", nil),
        Case("bluesky", "see example.com/@al|.x", nil),
        Case("bluesky", "hi |", nil),
        Case("bluesky", "hi  | x", nil),
        Case("bluesky", "hi @al |", nil),
        Case("bluesky", "|@al", nil),
        Case("bluesky", "foo@b|", nil),
        Case("bluesky", "a#b|", nil),
        Case("bluesky", "@ж|", nil),
        Case("bluesky", "@|ж", nil),
        Case("bluesky", "@|!", nil),
        Case("bluesky", "@|", (.mention, "", "@")),
        Case("bluesky", "hi @| there", (.mention, "", "@")),
        Case("bluesky", "(@al|", (.mention, "al", "@al")),
        Case("bluesky", "(@al|) x", (.mention, "al", "@al")),
        Case("bluesky", "@alice.b|sky.social", (.mention, "alice.b", "@alice.bsky.social")),
        Case("bluesky", "@alice.bsky.social|", (.mention, "alice.bsky.social", "@alice.bsky.social")),
        Case("bluesky", "@alice.bsky.social.|", (.mention, "alice.bsky.social.", "@alice.bsky.social.")),
        Case("bluesky", "@a|l_b", (.mention, "a", "@al")),
        Case("bluesky", "@a_b|", nil),
        Case("bluesky", "#1st|", (.hashtag, "1st", "#1st")),
        Case("bluesky", "#1|", (.hashtag, "1", "#1")),
        Case("bluesky", "＃タグ|", (.hashtag, "タグ", "＃タグ")),
        Case("bluesky", "＃タ|グ です", (.hashtag, "タ", "＃タグ")),
        Case("bluesky", "#🦋|", (.hashtag, "🦋", "#🦋")),
        Case("bluesky", "(#tag|", nil),
        Case("bluesky", "#️⃣|", nil),
        Case("bluesky", "#|\u{FE0F}", nil),
        Case("bluesky", "#tag!|", nil),
        Case("bluesky", "#ta|g!", (.hashtag, "ta", "#tag")),
        Case("bluesky", "#Cleveland's|", (.hashtag, "Cleveland's", "#Cleveland's")),
        Case("bluesky", "#x(@al.test|", (.hashtag, "x(@al.test", "#x(@al.test")),
        Case("bluesky", "$AA|", (.cashtag, "AA", "$AA")),
        Case("bluesky", "($A|APL)", (.cashtag, "A", "$AAPL")),
        Case("bluesky", "$TOOLONG|", (.cashtag, "TOOLONG", "$TOOLONG")),
        Case("bluesky", "$5|", nil),
        Case("bluesky", "a$AB|", nil),
        Case("bluesky", "🦋👨‍👩‍👧 @al|ice", (.mention, "al", "@alice")),
        // twitter
        Case("twitter", "RT:@al|", (.mention, "al", "@al")),
        Case("twitter", "RT@al|", (.mention, "al", "@al")),
        Case("twitter", "xRT@al|", nil),
        Case("twitter", "RT @al|", (.mention, "al", "@al")),
        Case("twitter", "@a_b|", (.mention, "a_b", "@a_b")),
        Case("twitter", "＠al|", (.mention, "al", "＠al")),
        Case("twitter", "a@b|", nil),
        Case("twitter", "_@b|", nil),
        Case("twitter", "!@b|", nil),
        Case("twitter", ".@al|", (.mention, "al", "@al")),
        Case("twitter", "(@al|", (.mention, "al", "@al")),
        Case("twitter", "@ж|", nil),
        Case("twitter", "@al|é", (.mention, "al", "@al")),
        Case("twitter", "@user/li|st", (.mention, "user/li", "@user/list")),
        Case("twitter", "@abcdefghij|klmnopqrstuvwxyz", (.mention, "abcdefghij", "@abcdefghijklmnopqrst")),
        Case(
            "twitter", "@abcdefghijklmnopqrstuvwxy|z",
            (.mention, "abcdefghijklmnopqrstuvwxy", "@abcdefghijklmnopqrstuvwxyz")),
        Case("twitter", "https://x.com/@al|", nil),
        Case("twitter", "#tag|", (.hashtag, "tag", "#tag")),
        Case("twitter", "#日本|語", (.hashtag, "日本", "#日本語")),
        Case("twitter", "a#b|", nil),
        Case("twitter", "&#b|", nil),
        Case("twitter", "!#b|", (.hashtag, "b", "#b")),
        Case("twitter", "#1|", (.hashtag, "1", "#1")),
        Case("twitter", "$AA|", (.cashtag, "AA", "$AA")),
        Case("twitter", "$BRK.|B", (.cashtag, "BRK.", "$BRK.B")),
        Case("twitter", "($AA|", nil),
        Case("twitter", "😀 @a|b", (.mention, "a", "@ab")),
        // icysky
        Case("icysky", "foo@b|", (.mention, "b", "@b")),
        Case("icysky", "user@example.com|", (.mention, "example.com", "@example.com")),
        Case("icysky", "a#b|", (.hashtag, "b", "#b")),
        Case("icysky", "#123|", (.hashtag, "123", "#123")),
        Case("icysky", "@|", (.mention, "", "@")),
        Case("icysky", "# x|", nil),
        Case("icysky", "#| x", (.hashtag, "", "#")),
        Case("icysky", "@ж|", (.mention, "ж", "@ж")),
        Case("icysky", "@!|", nil),
        Case("icysky", "https://x.com/#a|", nil),
        Case("icysky", "$AA|", nil),
        // custom kind with a trigger, over bluesky
        Case("shortcode", "hi :smi|", (.init("shortcode"), "smi", ":smi")),
        Case("shortcode", "hi :smile:|", (.init("shortcode"), "smile:", ":smile:")),
        Case("shortcode", "hi :sm|ile: x", (.init("shortcode"), "sm", ":smile:")),
        Case("shortcode", "a:smi|", nil),
        Case("shortcode", "hi @al|", (.mention, "al", "@al")),
        Case("shortcode", ":@al.test|", (.init("shortcode"), "@al.test", ":@al.test")),
        Case("shortcode", "x.com/:a|", nil),
    ]

    /// The text without the caret mark, and the caret's UTF-8 offset.
    static func unmark(_ marked: String) -> (text: String, caret: Int) {
        let bar = marked.utf8.firstIndex(of: UInt8(ascii: "|"))!
        let caret = marked.utf8.distance(from: marked.utf8.startIndex, to: bar)
        var bytes = Array(marked.utf8)
        bytes.remove(at: caret)
        return (String(decoding: bytes, as: UTF8.self), caret)
    }

    @Test(arguments: cases)
    func token(_ testCase: Case) throws {
        let rules = Self.ruleSet(testCase.rules)
        let (text, caret) = Self.unmark(testCase.marked)
        let spans = PatternDetector(rules: rules).spans(in: text)
        let token = try CaretToken.at(utf8Offset: caret, in: text, rules: rules, spans: spans)
        let detectedHere = try CaretToken.at(utf8Offset: caret, in: text, rules: rules)
        #expect(detectedHere == token, "spans given and spans detected around the caret disagree")
        guard let expected = testCase.expected else {
            #expect(token == nil)
            return
        }
        let found = try #require(token)
        #expect(found.kind == expected.kind)
        #expect(found.query == expected.query)
        let bytes = Array(text.utf8)
        #expect(String(decoding: bytes[found.utf8Range], as: UTF8.self) == expected.token)
        #expect(found.utf16Range == Span(kind: found.kind, utf8Range: found.utf8Range).utf16Range(in: text))
        let caretUTF16 = TextOffsets.utf16Offsets([caret], in: text)[0]
        #expect(try CaretToken.at(utf16Offset: caretUTF16, in: text, rules: rules, spans: spans) == found)
    }
}
