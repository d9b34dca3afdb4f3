import Foundation
import PatternDetection
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
        let count = ProcessInfo.processInfo.environment["COMPOSER_SCRIPTS"].flatMap(Int.init) ?? 200
        for seed in 0..<UInt64(count) {
            var random = SplitMix64(seed: seed)
            var input = (0..<160).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            input[0] = UInt8(truncatingIfNeeded: seed)
            input[1] = UInt8(truncatingIfNeeded: random.next() % 64)
            if let violation = input.withUnsafeBufferPointer({ ComposerEditChecks.violation(fuzzInput: $0) }) {
                Issue.record("seed \(seed): \(violation)")
                return
            }
        }
    }
}
