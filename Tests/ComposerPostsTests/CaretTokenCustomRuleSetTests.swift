import ComposerPosts
import PatternDetection
import Testing

/// A rule set of the test's own: bluesky's detection, and a `%` kind whose start rule reads far
/// back and then near again (the scalars before the trigger must come back right in any order).
struct FarLookingRules: RuleSet {
    let name = "far"
    let kinds: [PatternKind] = ["percent"]
    let tokenGrammars = [
        TokenGrammar(
            kind: "percent", triggers: ["%"],
            mayStart: { before in
                // 12 scalars back must be `<`, then 1 back a space, then 11 back `1`.
                before(12) == "<" && before(1) == " " && before(11) == "1" && before(13) == nil
            },
            body: { $0.properties.isAlphabetic })
    ]

    func isSeparator(_ scalar: Unicode.Scalar) -> Bool { scalar == " " }

    func spans(in text: UnsafeBufferPointer<UInt8>, startingIn window: Range<Int>)
        -> [Span]
    { [] }
}

@Suite("CaretToken: custom rule sets")
struct CaretTokenCustomRuleSetTests {
    @Test func startRuleReadsFarBackAndNearAgain() throws {
        let rules = FarLookingRules()
        let yes = try CaretToken.at(utf8Offset: 17, in: "<1é3456789日 %ab", rules: rules, spans: [])
        #expect(yes?.query == "a" && yes?.utf8Range == 15..<18)
        #expect(try CaretToken.at(utf8Offset: 17, in: "<2é3456789日 %ab", rules: rules, spans: []) == nil)
        #expect(try CaretToken.at(utf8Offset: 18, in: "x<1é3456789日 %ab", rules: rules, spans: []) == nil)
    }
}
