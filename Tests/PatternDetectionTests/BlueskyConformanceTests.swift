import PatternDetection
import Testing

/// atproto's detection cases (`rich-text-detection.test.ts`, 97 cases) and the in-house fixtures:
/// exact byte ranges, kinds and values.
@Suite("Bluesky detection cases")
struct BlueskyConformanceTests {
    @Test(
        "atproto detection case",
        .enabled(
            if: BlueskyCaseFiles.conformanceURL != nil,
            "atproto suite absent: expected ../shared/conformance/atproto/detection-cases.json"),
        arguments: BlueskyCaseFiles.conformanceCases)
    func atprotoCase(_ detectionCase: DetectionCase) throws {
        #expect(try blueskySpans(detectionCase.input) == detectionCase.spans)
    }

    @Test(
        "atproto suite is complete",
        .enabled(
            if: BlueskyCaseFiles.conformanceURL != nil,
            "atproto suite absent: expected ../shared/conformance/atproto/detection-cases.json"))
    func atprotoSuiteLoads() {
        // The file decodes in full: a decoding failure would otherwise run zero cases silently.
        #expect(BlueskyCaseFiles.conformanceCases.count >= 97)
    }

    @Test("in-house fixture case", arguments: BlueskyCaseFiles.fixtureCases)
    func fixtureCase(_ detectionCase: DetectionCase) throws {
        #expect(try blueskySpans(detectionCase.input) == detectionCase.spans, "\(detectionCase.note ?? "")")
    }

    @Test("fixture file loads")
    func fixturesLoad() {
        #expect(BlueskyCaseFiles.fixtureCases.count >= 50)
    }
}
