import Foundation
import TestSupport
import Testing

@testable import ComposerPosts

/// Every input the `links` and `lengths` fuzz targets crashed on (`Fixtures/regressions/links/`,
/// `…/lengths/`, raw inputs as libFuzzer saved them) is replayed through the checks the targets
/// run (``LinkChecks``, ``LengthChecks``).
@Suite("Fuzz regressions: links, lengths")
struct FuzzRegressionTests {
    @Test(.enabled(if: !FuzzRegressions.names("links").isEmpty, "no regression fixtures yet"), arguments: FuzzRegressions.names("links"))
    func links(_ name: String) throws {
        let violation = try FuzzRegressions.input("links", name).withUnsafeBufferPointer { LinkChecks.violation(fuzzInput: $0) }
        #expect(violation == nil, "\(name)")
    }

    @Test(.enabled(if: !FuzzRegressions.names("lengths").isEmpty, "no regression fixtures yet"), arguments: FuzzRegressions.names("lengths"))
    func lengths(_ name: String) throws {
        let violation = try FuzzRegressions.input("lengths", name).withUnsafeBufferPointer { LengthChecks.violation(fuzzInput: $0) }
        #expect(violation == nil, "\(name)")
    }
}
