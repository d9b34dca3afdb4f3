import TestSupport
import Testing

@testable import ComposerText

/// Every input the `composer` fuzz target crashed on (`Fixtures/regressions/composer/`, raw inputs
/// as libFuzzer saved them) is replayed through the edit scripts it ran (``ComposerEditChecks``),
/// and generated scripts run through the same checks.
@Suite("Fuzz regressions: composer edits")
struct FuzzRegressionTests {
    @Test(.enabled(if: !FuzzRegressions.names("composer").isEmpty, "no regression fixtures yet"), arguments: FuzzRegressions.names("composer"))
    func composer(_ name: String) throws {
        let input = try FuzzRegressions.input("composer", name)
        let violation = input.withUnsafeBufferPointer { ComposerEditChecks.violation(fuzzInput: $0) }
        #expect(violation == nil, "\(name)")
    }

    /// Random bytes as edit scripts (every rule set comes round); `COMPOSER_SCRIPTS` raises the
    /// count for a soak.
    @Test("Generated edit scripts keep every property")
    func generatedScripts() {
        let violation = FuzzRegressions.firstViolation(
            inGeneratedScripts: 200, countVariable: "COMPOSER_SCRIPTS", length: 160, initialTextLimit: 64,
            ComposerEditChecks.violation(fuzzInput:))
        #expect(violation == nil)
    }
}
