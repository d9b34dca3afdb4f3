import Testing
@testable import PatternDetection

@Suite("JavaScript punctuation table")
struct JavaScriptPunctuationTests {
    /// The generated table answers as the standard library's general category on every scalar
    /// (a table generated from other Unicode data, or a wrong block index, fails here).
    @Test func everyScalarAgreesWithTheGeneralCategory() {
        var disagreements: [UInt32] = []
        var punctuation = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let expected: Bool
            switch scalar.properties.generalCategory {
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                .initialPunctuation, .finalPunctuation, .otherPunctuation:
                expected = true
            default:
                expected = false
            }
            if expected { punctuation += 1 }
            if JavaScriptPunctuation.contains(scalar) != expected, disagreements.count < 10 { disagreements.append(value) }
        }
        #expect(disagreements.isEmpty, "first disagreements: \(disagreements.map { String($0, radix: 16) })")
        #expect(punctuation > 800)
    }
}
