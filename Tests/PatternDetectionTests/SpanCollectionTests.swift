import Testing

@testable import PatternDetection

/// `SpanEnumerating.collectSpans`, how every built-in rule set answers `spans(in:startingIn:)`:
/// the spans its `forEachSpan` hands out, in order, whether they fit the memory lent for the
/// call or spill past it.
@Suite("span collection")
struct SpanCollectionTests {
    static func rules() throws -> [any SpanEnumerating] {
        let custom = try CustomRuleSet(patterns: ScanChecks.customPatterns(), over: BlueskyRules.shared)
        return [BlueskyRules.shared, TwitterRules.shared, MastodonRules.shared, IcyskyRules.shared, custom]
    }

    @Test func collectedSpansAreTheEnumeratedOnes() throws {
        // Texts with no span, one, the lent memory's count and one more either side, and many.
        for count in [0, 1, 15, 16, 17, 33, 200] {
            let text = Array((0..<count).map { "#t\($0) @a\($0).com " }.joined().utf8)
            for rules in try Self.rules() {
                text.withUnsafeBufferPointer { text in
                    var enumerated: [Span] = []
                    rules.forEachSpan(in: text, startingIn: 0..<text.count) { enumerated.append($0) }
                    #expect(enumerated.count >= count, "\(rules.name): \(count) tags")
                    #expect(rules.spans(in: text, startingIn: 0..<text.count) == enumerated, "\(rules.name): \(count) tags")
                }
            }
        }
    }
}
