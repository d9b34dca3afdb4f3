import Foundation

/// The inputs a fuzz target crashed on, kept in `Fixtures/regressions/<target>/` as libFuzzer saved
/// them, for the tests that replay them through the target's checks.
package enum FuzzRegressions {
    /// The saved inputs' file names for `target`, sorted (none when the folder is absent).
    package static func names(_ target: String) -> [String] {
        let folder = TestPaths.fixtures.appendingPathComponent("regressions").appendingPathComponent(target).path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.sorted()
    }

    /// The bytes of saved input `name` of `target`.
    package static func input(_ target: String, _ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("regressions/\(target)/\(name)")))
    }
}
