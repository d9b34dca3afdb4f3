import ComposerCore
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

    /// The first violation `check` reports on generated scripts, with the seed that made it, or
    /// `nil`. Script `seed` is `length` bytes from `SplitMix64(seed:)`, byte 0 the seed itself (so
    /// every choice a setup byte makes comes round) and byte 1 below `initialTextLimit` (the
    /// length of the initial text in the checks' formats). `countVariable` in the environment
    /// overrides `count`, for a soak.
    package static func firstViolation(
        inGeneratedScripts count: Int, countVariable: String, length: Int, initialTextLimit: UInt64,
        _ check: (UnsafeBufferPointer<UInt8>) -> String?
    ) -> String? {
        let count = ProcessInfo.processInfo.environment[countVariable].flatMap(Int.init) ?? count
        for seed in 0..<UInt64(count) {
            var random = SplitMix64(seed: seed)
            var input = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            input[0] = UInt8(truncatingIfNeeded: seed)
            input[1] = UInt8(truncatingIfNeeded: random.next() % initialTextLimit)
            if let violation = input.withUnsafeBufferPointer(check) { return "seed \(seed): \(violation)" }
        }
        return nil
    }

    /// The bytes of saved input `name` of `target`.
    package static func input(_ target: String, _ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("regressions/\(target)/\(name)")))
    }
}
