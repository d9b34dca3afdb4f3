import ComposerText
import Foundation
import PatternDetection

/// One strategy's editor, strategy and running tallies during a replay. A class so the editor's
/// text and the strategy can be borrowed `inout` at the same time.
final class ReplayLane {
    let kind: ReplayStrategyKind
    var strategy: any HighlightingStrategy
    var editor: FragmentingEditor
    var samples: [KeystrokeSample] = []
    var divergences = 0
    var selectionLost = 0

    init(kind: ReplayStrategyKind, rules: any RuleSet, initialText: AttributedString, cursor: Int?) {
        self.kind = kind
        self.strategy = kind.make(rules: rules)
        self.editor = FragmentingEditor(text: initialText, cursor: cursor)
    }
}

/// The state of one session being played: the lanes, a plain copy of the text for the full-scan
/// oracle, the bytes made bold, and the step being played (for error messages).
struct ReplayPlay {
    let session: ReplaySession
    let rules: any RuleSet
    let policy: DivergencePolicy
    let progress: ((Int, Int) -> Void)?
    let lanes: [ReplayLane]
    let plannedKeystrokes: Int
    /// The text as plain bytes, edited alongside the editors: what the full scan reads. A gap
    /// buffer, so keeping it costs O(edit) per keystroke — the checker's own work must not grow
    /// with the document, or it would pollute the caches the strategies are timed in.
    var mirror: UTF8GapBuffer
    var bold = UTF8RangeSet()
    var hadBoldStep = false
    var keystrokes = 0
    var stepIndex = 0
    let scratch = MatchScratch()

    init(
        session: ReplaySession, rules: any RuleSet, strategies: [ReplayStrategyKind], policy: DivergencePolicy,
        progress: ((Int, Int) -> Void)?
    ) throws {
        self.session = session
        self.rules = rules
        self.policy = policy
        self.progress = progress
        self.plannedKeystrokes = ReplayRunner.plannedKeystrokes(in: session)
        self.mirror = UTF8GapBuffer(session.initialText)
        // One run for the whole initial text: only typed text fragments.
        let initial = AttributedString(session.initialText)
        lanes = strategies.map { ReplayLane(kind: $0, rules: rules, initialText: initial, cursor: session.cursor) }
        for lane in lanes {
            try lane.strategy.load(&lane.editor.text)
        }
    }

    mutating func run() throws {
        for (index, step) in session.steps.enumerated() {
            stepIndex = index
            try play(step)
        }
    }

    private func invalid(_ reason: String) -> ReplayError {
        .invalidStep(session: session.name, step: stepIndex, reason: reason)
    }

    private mutating func play(_ step: ReplayStep) throws {
        switch step {
        case .type(let text):
            for character in text {
                try keystroke(inserting: String(character)) { $0.insert(String(character)) }
            }
        case .backspace(let count):
            for _ in 0..<count {
                try keystroke(inserting: "") { $0.backspace() }
            }
        case .paste(let text):
            try keystroke(inserting: text) { $0.insert(text) }
        case .replace(let range, let text):
            try validate(range)
            try keystroke(inserting: text) { $0.replace(range, with: text) }
        case .moveTo(let offset):
            try validate(offset..<offset)
            for lane in lanes { try? lane.editor.moveCaret(to: offset) }
        case .select(let range):
            try validate(range)
            for lane in lanes { try? lane.editor.select(range) }
        case .bold(let range):
            try validate(range)
            for lane in lanes { try? lane.editor.bold(range) }
            bold.insert(range)
            hadBoldStep = true
        }
    }

    /// Checks `range` against the first lane's editor (all editors hold the same text).
    private func validate(_ range: Range<Int>) throws {
        guard let lane = lanes.first else {
            // No strategy: check against the plain text only.
            guard range.lowerBound >= 0, range.upperBound <= mirror.utf8Count else {
                throw invalid("range [\(range.lowerBound), \(range.upperBound)] is outside the text (\(mirror.utf8Count) UTF-8 bytes)")
            }
            return
        }
        do {
            _ = try lane.editor.validated(range)
        } catch {
            throw invalid(error.description)
        }
    }

    /// Plays one keystroke on every lane: times the editor's edit and the strategy's update, then
    /// checks the strategy's tags and selection.
    private mutating func keystroke(inserting inserted: String, _ edit: (inout FragmentingEditor) -> TextEdit?) throws {
        var applied: TextEdit?
        for lane in lanes {
            let editStart = ContinuousClock.now
            guard let change = edit(&lane.editor) else { continue }
            let editDuration = ContinuousClock.now - editStart
            var selection = lane.editor.text.utf8Range(lane.editor.selection)
            let strategyStart = ContinuousClock.now
            try lane.strategy.textDidChange(&lane.editor.text, edit: change, selection: &selection)
            let strategyDuration = ContinuousClock.now - strategyStart
            lane.samples.append(KeystrokeSample(
                documentBytes: lane.editor.utf8Count,
                strategyMicroseconds: strategyDuration.microseconds,
                editMicroseconds: editDuration.microseconds))
            if lane.editor.text.utf8Offsets(selection) != lane.editor.selection { lane.selectionLost += 1 }
            if let applied, applied != change {
                throw invalid("editors disagree on the edit (\(applied) vs \(change))")
            }
            applied = change
        }
        guard let applied else { return }
        mirror.replace(applied.start..<applied.oldEnd, with: inserted)
        bold.apply(applied)
        try checkDivergences(after: applied)
        keystrokes += 1
        progress?(keystrokes, plannedKeystrokes)
    }
}

extension Duration {
    /// The duration in microseconds.
    var microseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1e6 + Double(attoseconds) / 1e12
    }
}
