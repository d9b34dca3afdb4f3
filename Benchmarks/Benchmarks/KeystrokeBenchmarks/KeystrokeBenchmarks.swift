import Benchmark
import ComposerText
import Foundation
import KeystrokeReplay
import PatternDetection

/// Per-keystroke costs while typing in the middle of documents of 280 B … 1 MB, and whole-text scan
/// throughput per rule set. Each benchmark iteration is one keystroke; only the named work is inside
/// `startMeasurement()`/`stopMeasurement()` (the editor's edit is measured on its own).
///
/// Custom metric `bytesRescanned`: bytes handed to the rule set for that keystroke (the whole text
/// for the full rebuild, the dirty window plus its separators for the incremental paths).
let benchmarks: @Sendable () -> Void = {
    let bytesRescanned = BenchmarkMetric.custom("bytesRescanned", polarity: .prefersSmaller, useScalingFactor: false)
    let metrics: [BenchmarkMetric] = [.wallClock, .mallocCountTotal, bytesRescanned]
    let rules = BlueskyRules.shared

    for size in DocumentSize.all {
        let quick = Benchmark.Configuration(
            metrics: metrics, warmupIterations: 5, maxDuration: .seconds(2), maxIterations: 400)
        // The full rebuild costs ~1 s per keystroke at 1 MB: a few samples are enough.
        let slow = Benchmark.Configuration(
            metrics: metrics, warmupIterations: 1, maxDuration: .seconds(4),
            maxIterations: size.bytes >= 1 << 20 ? 5 : (size.bytes >= 100 << 10 ? 30 : 400))

        Benchmark("keystroke full-rebuild \(size.label)", configuration: slow) { (benchmark: Benchmark, state: TypingState) in
            state.typeOne()
            var selection = state.selectionIndices
            benchmark.startMeasurement()
            state.fullRebuild.textDidChange(&state.editor.text, edit: state.lastEdit, selection: &selection)
            benchmark.stopMeasurement()
            benchmark.measurement(bytesRescanned, state.editor.utf8Count)
        } setup: {
            TypingState(documentBytes: size.bytes, rules: rules, strategy: .fullRebuild)
        }

        Benchmark("keystroke localized \(size.label)", configuration: quick) { (benchmark: Benchmark, state: TypingState) in
            state.typeOne()
            var selection = state.selectionIndices
            benchmark.startMeasurement()
            state.localized.textDidChange(&state.editor.text, edit: state.lastEdit, selection: &selection)
            benchmark.stopMeasurement()
            benchmark.measurement(bytesRescanned, state.localized.lastChange?.statistics.bytesRescanned ?? 0)
        } setup: {
            TypingState(documentBytes: size.bytes, rules: rules, strategy: .localized)
        }

        Benchmark("keystroke tokenizer-window \(size.label)", configuration: quick) { (benchmark: Benchmark, state: SpanDocumentState) in
            let caret = state.caret
            benchmark.startMeasurement()
            let change = state.document.replace(utf8Range: caret..<caret, with: state.nextCharacter())
            benchmark.stopMeasurement()
            state.caret += change.edit.newEnd - change.edit.start
            benchmark.measurement(bytesRescanned, change.statistics.bytesRescanned)
        } setup: {
            SpanDocumentState(documentBytes: size.bytes, rules: rules)
        }

        Benchmark("keystroke editor-insert \(size.label)", configuration: quick) { (benchmark: Benchmark, state: TypingState) in
            benchmark.startMeasurement()
            state.typeOne()
            benchmark.stopMeasurement()
            benchmark.measurement(bytesRescanned, 0)
        } setup: {
            TypingState(documentBytes: size.bytes, rules: rules, strategy: nil)
        }
    }

    // Whole-text scan throughput: one full scan of a 1 MB generated thread per iteration.
    for name in ["bluesky", "icysky", "twitter"] {
        guard let ruleSet = BuiltInRules(rawValue: name)?.ruleSet() else { continue }
        Benchmark(
            "full-scan 1MB \(name)",
            configuration: .init(
                metrics: [.wallClock, .throughput, .mallocCountTotal, bytesRescanned], warmupIterations: 2,
                maxDuration: .seconds(3), maxIterations: 200)
        ) { (benchmark: Benchmark, bytes: [UInt8]) in
            for _ in benchmark.scaledIterations {
                let spans = bytes.withUnsafeBufferPointer { buffer in ruleSet.spans(in: buffer) }
                blackHole(spans)
            }
            benchmark.measurement(bytesRescanned, bytes.count)
        } setup: {
            var generator = SessionGenerator(seed: 42)
            return Array(generator.document(utf8Count: 1 << 20).utf8)
        }
    }
}
