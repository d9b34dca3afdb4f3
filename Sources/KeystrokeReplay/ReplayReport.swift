#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PatternDetection

/// What one session's replay measured, in the `highlight replay --format json` shape of
/// the documented shape (plus extra fields: `initialBytes`, `divergencePolicy`, `turns`, optional samples).
public struct SessionReport: Sendable, Equatable {
    /// The session's name.
    public var session: String
    /// The rule set the session ran with (the session's own, or the override).
    public var rules: String
    /// Length of the final document in UTF-8 bytes (`finalText.utf8.count`).
    public var documentBytes: Int
    /// Length of `initialText` in UTF-8 bytes.
    public var initialBytes: Int
    /// Keystrokes played: one per typed `Character`, one per backspace, one per paste or replace.
    public var keystrokes: Int
    /// The document after the last step.
    public var finalText: String
    /// How divergences from a full scan were looked for (see ``DivergencePolicy``).
    public var divergencePolicy: DivergencePolicy
    /// How the strategies took turns (see ``ReplayTurns``).
    public var turns: ReplayTurns
    /// One entry per strategy, in the order they ran.
    public var strategies: [StrategyReport]
}

/// One strategy's measurements and checks over a session.
public struct StrategyReport: Sendable, Equatable {
    /// `full-rebuild` or `localized`.
    public var name: String
    /// Median of the strategy's own work per keystroke (`textDidChange`), in microseconds.
    public var p50Microseconds: Double
    /// 99th percentile (nearest rank) of the same.
    public var p99Microseconds: Double
    /// Slowest keystroke.
    public var maxMicroseconds: Double
    /// Median of the editor's edit itself (insert/delete in the fragmented string), in microseconds.
    public var editP50Microseconds: Double
    /// Keystrokes after which the strategy's tags differed from a full scan of the same text.
    public var divergences: Int
    /// After every keystroke the selection was where the editor put it.
    public var selectionPreserved: Bool
    /// Every byte made bold by a `bold` step (and not deleted since) still carries strong emphasis
    /// at the end. `true` when the session has no `bold` step.
    public var userAttributesPreserved: Bool
    /// Whether the strategy promises to keep user formatting (the localized one does; the full
    /// rebuild drops it by design, so its `false` is documented behaviour, not a failure).
    public var promisesUserAttributes: Bool
    /// Attribute runs in the final string.
    public var runsAtEnd: Int
    /// The strategy's tags at the end (touching same-kind spans read back as one run).
    public var finalSpans: [Span]
    /// One sample per keystroke that edited the text.
    public var samples: [KeystrokeSample]

    /// Whether the strategy kept every promise it makes (tags, selection, and formatting if promised).
    public var keptItsPromises: Bool {
        divergences == 0 && selectionPreserved && (userAttributesPreserved || !promisesUserAttributes)
    }
}

/// One keystroke's cost, for charts.
public struct KeystrokeSample: Sendable, Equatable {
    /// Document length after the edit, in UTF-8 bytes.
    public var documentBytes: Int
    /// The strategy's own work, in microseconds.
    public var strategyMicroseconds: Double
    /// The editor's edit, in microseconds.
    public var editMicroseconds: Double

    public init(documentBytes: Int, strategyMicroseconds: Double, editMicroseconds: Double) {
        self.documentBytes = documentBytes
        self.strategyMicroseconds = strategyMicroseconds
        self.editMicroseconds = editMicroseconds
    }
}

/// Nearest-rank percentiles.
package enum Percentile {
    /// The value at `fraction` (0…1) of the sorted `values`, 0 for none.
    /// - Complexity: O(n log n) (sorts a copy).
    package static func of(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}
