import ComposerText
import Foundation
import PatternDetection
import Testing
import TestSupport

@testable import ComposerTextStorage

/// The mirror under random scripts of a text view's and an app's edits, on the plain-Swift
/// ``ReferenceTextStorage`` (``MirrorScriptChecks``, what the `mirror` fuzz target runs): generated
/// scripts, and every input the fuzz target crashed on (`Fixtures/regressions/mirror/`).
@Suite("Text storage mirror: edit scripts on a plain storage")
struct MirrorScriptTests {
    @Test(.enabled(if: !FuzzRegressions.names("mirror").isEmpty, "no regression fixtures yet"), arguments: FuzzRegressions.names("mirror"))
    func regression(_ name: String) throws {
        let input = try FuzzRegressions.input("mirror", name)
        let violation = input.withUnsafeBufferPointer { MirrorScriptChecks.violation(fuzzInput: $0) }
        #expect(violation == nil, "\(name)")
    }

    /// Random bytes as scripts: every setup byte's bits (strategy, rounding, clusters, rule set)
    /// come round; `MIRROR_SCRIPTS` raises the count for a soak.
    @Test("Generated scripts keep every property")
    func generatedScripts() {
        let count = ProcessInfo.processInfo.environment["MIRROR_SCRIPTS"].flatMap(Int.init) ?? 256
        for seed in 0..<UInt64(count) {
            var random = SplitMix64(seed: seed)
            var input = (0..<200).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            input[0] = UInt8(truncatingIfNeeded: seed)
            input[1] = UInt8(truncatingIfNeeded: random.next() % 48)
            if let violation = input.withUnsafeBufferPointer({ MirrorScriptChecks.violation(fuzzInput: $0) }) {
                Issue.record("seed \(seed): \(violation)")
                return
            }
        }
    }

    /// The checks catch what they are there for: a mirror that wrote nothing would leave
    /// attributes behind, and a storage's misuse is reported.
    @Test("The checks fail on a storage the mirror did not keep")
    func checksCanFail() {
        let composer = ComposerHighlighter(text: "gm #tag", rules: BlueskyRules.shared)
        let storage = ReferenceTextStorage("gm #tag", attributes: [MirrorScriptChecks.fontKey: MirrorScriptChecks.fontValue])
        let mirror = TextStorageMirror(composer: composer, storage: storage)
        var script = MirrorScriptChecks.Script(composer: composer, mirror: mirror, storage: storage)
        #expect(script.check("start") == nil)
        storage.format(TextStorageAttributes.foregroundColor.rawValue, "red", utf16Range: 0..<2)
        #expect(script.check("after") != nil)
        storage.removeAttribute(TextStorageAttributes.foregroundColor, utf16Range: 0..<99)
        #expect(storage.problems.count == 1)
        script.comparisons += 1
        #expect(script.check("miscounted")?.contains("misused") == true)
    }
}
