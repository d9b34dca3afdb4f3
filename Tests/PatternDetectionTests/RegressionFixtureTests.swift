import Foundation
import TestSupport
import PatternDetection
import Testing

/// Every input the fuzzer ever crashed on (`Fixtures/regressions/`, raw fuzz inputs as libFuzzer
/// saved them) is replayed through the same checks (`ScanChecks`) for every available rule set.
@Suite("Fuzz regressions")
struct RegressionFixtureTests {
    static let directory = TestPaths.fixtures.appendingPathComponent("regressions")

    static func fixtures() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.sorted()
    }

    @Test(.enabled(if: !fixtures().isEmpty, "no regression fixtures yet"), arguments: fixtures())
    func replay(_ name: String) throws {
        let data = try Data(contentsOf: Self.directory.appendingPathComponent(name))
        let input = [UInt8](data)
        let text = input.withUnsafeBufferPointer(ScanChecks.text(fromFuzzInput:))
        for rules in ScanChecks.ruleSets() {
            let violation = text.withUnsafeBufferPointer { bytes in
                ScanChecks.violation(in: bytes, rules: rules, seed: 0)
            }
            #expect(violation == nil, "\(name), \(rules.name)")
        }
    }
}
