import Foundation
import TestSupport
import Testing

@testable import ComposerPosts

/// Every input the `links` and `lengths` fuzz targets crashed on (`Fixtures/regressions/links/`,
/// `…/lengths/`, raw inputs as libFuzzer saved them) is replayed through the checks the targets
/// run (``LinkChecks``, ``LengthChecks``).
@Suite("Fuzz regressions: links, lengths")
struct FuzzRegressionTests {
    static func fixtures(_ target: String) -> [String] {
        let folder = TestPaths.fixtures.appendingPathComponent("regressions").appendingPathComponent(target).path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.sorted()
    }

    static func input(_ target: String, _ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("regressions/\(target)/\(name)")))
    }

    @Test(.enabled(if: !fixtures("links").isEmpty, "no regression fixtures yet"), arguments: fixtures("links"))
    func links(_ name: String) throws {
        let violation = try Self.input("links", name).withUnsafeBufferPointer { LinkChecks.violation(fuzzInput: $0) }
        #expect(violation == nil, "\(name)")
    }

    @Test(.enabled(if: !fixtures("lengths").isEmpty, "no regression fixtures yet"), arguments: fixtures("lengths"))
    func lengths(_ name: String) throws {
        let violation = try Self.input("lengths", name).withUnsafeBufferPointer { LengthChecks.violation(fuzzInput: $0) }
        #expect(violation == nil, "\(name)")
    }
}
