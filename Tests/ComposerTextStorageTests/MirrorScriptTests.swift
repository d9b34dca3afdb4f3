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
        let violation = FuzzRegressions.firstViolation(
            inGeneratedScripts: 256, countVariable: "MIRROR_SCRIPTS", length: 200, initialTextLimit: 48,
            MirrorScriptChecks.violation(fuzzInput:))
        #expect(violation == nil)
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
