import PatternDetection
import Testing

/// Hostile shapes at 10 KB: well-formed spans, the locality contract, and streaming agree with a
/// full scan. (Their speed at 1 MB is measured, not asserted: see the CLI's benchmark notes.)
@Suite("Hostile inputs")
struct HostileInputTests {
    @Test("Every shape keeps every invariant", arguments: BuiltInRules.allCases)
    func shapes(_ builtIn: BuiltInRules) throws {
        let base = RuleSetCases.rules(builtIn)
        for rules in [base, try RuleSetCases.custom(over: base)] {
            for shape in HostileCorpus.Shape.allCases {
                let bytes = shape.bytes(count: 10_000)
                let violation = bytes.withUnsafeBufferPointer { text in
                    ScanChecks.violation(in: text, rules: rules, seed: 1)
                }
                #expect(violation == nil, "\(rules.name), \(shape)")
            }
        }
    }

    @Test func customPatternsAloneKeepEveryInvariant() throws {
        let rules = try RuleSetCases.custom(over: nil)
        for shape in HostileCorpus.Shape.allCases {
            let violation = shape.bytes(count: 10_000).withUnsafeBufferPointer { text in
                ScanChecks.violation(in: text, rules: rules, seed: 2)
            }
            #expect(violation == nil, "\(shape)")
        }
    }

    @Test func generatedShapesHaveTheRequestedSizeAndAreWellFormed() {
        for shape in HostileCorpus.Shape.allCases {
            let bytes = shape.bytes(count: 1 << 20)
            #expect(bytes.count <= 1 << 20 && bytes.count > (1 << 20) - 64, "\(shape)")
            #expect(bytes.withUnsafeBufferPointer(UTF8Validation.isValid), "\(shape)")
        }
    }
}
