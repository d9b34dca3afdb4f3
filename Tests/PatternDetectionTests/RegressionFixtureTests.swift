import Foundation
import TestSupport
import PatternDetection
import Testing

/// Every input the scanner fuzz target ever crashed on (`Fixtures/regressions/scanner/`, raw fuzz
/// inputs as libFuzzer saved them) is replayed through the same checks (`ScanChecks`) for every
/// available rule set.
@Suite("Fuzz regressions")
struct RegressionFixtureTests {
    static let directory = TestPaths.fixtures.appendingPathComponent("regressions")

    /// The saved inputs of fuzz target `target` (`Fixtures/regressions/<target>/`).
    static func fixtures(_ target: String) -> [String] {
        let folder = directory.appendingPathComponent(target).path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.sorted()
    }

    static func input(_ target: String, _ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(target).appendingPathComponent(name)))
    }

    @Test(.enabled(if: !fixtures("scanner").isEmpty, "no regression fixtures yet"), arguments: fixtures("scanner"))
    func replay(_ name: String) throws {
        let data = try Self.input("scanner", name)
        let input = [UInt8](data)
        let text = input.withUnsafeBufferPointer(ScanChecks.text(fromFuzzInput:))
        for rules in ScanChecks.ruleSets() {
            let violation = text.withUnsafeBufferPointer { bytes in
                ScanChecks.violation(in: bytes, rules: rules, seed: 0)
            }
            #expect(violation == nil, "\(name), \(rules.name)")
        }
    }

    /// Inputs the `regex` target crashed on (`Fixtures/regressions/regex/`), through ``RegexChecks``
    /// on the engines this build has (with and without the `PCRE2` trait).
    @Test(.enabled(if: !fixtures("regex").isEmpty, "no regression fixtures yet"), arguments: fixtures("regex"))
    func replayRegex(_ name: String) throws {
        let violation = try Self.input("regex", name).withUnsafeBufferPointer { RegexChecks.violation(fuzzInput: $0) }
        #expect(violation == nil, "\(name)")
    }
}
