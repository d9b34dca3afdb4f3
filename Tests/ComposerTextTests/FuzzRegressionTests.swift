import Foundation
import Testing

@testable import ComposerText

/// Every input the `composer` fuzz target crashed on (`Fixtures/regressions/composer/`, raw inputs
/// as libFuzzer saved them) is replayed through the edit scripts it ran (``ComposerEditChecks``).
@Suite("Fuzz regressions: composer edits")
struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/regressions/composer")

    static func fixtures() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.sorted()
    }

    @Test(.enabled(if: !fixtures().isEmpty, "no regression fixtures yet"), arguments: fixtures())
    func composer(_ name: String) throws {
        let input = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name)))
        let violation = input.withUnsafeBufferPointer { ComposerEditChecks.violation(fuzzInput: $0) }
        #expect(violation == nil, "\(name)")
    }
}
