import ComposerText
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PatternDetection

/// One strategy's editor, strategy, the oracle's plain copy of its text, and running tallies
/// during a replay. A class so the editor's text and the strategy can be borrowed `inout` at the
/// same time.
final class ReplayLane {
    let kind: ComposerHighlighter.Strategy
    var strategy: any HighlightingStrategy
    var editor: FragmentingEditor
    /// The text as plain bytes, edited alongside the editor: what the full scan reads. A gap
    /// buffer, so keeping it costs O(edit) per keystroke — the checker's own work must not grow
    /// with the document, or it would pollute the caches the strategies are timed in.
    var mirror: UTF8GapBuffer
    /// The bytes made bold by `bold` steps, followed through the edits.
    var bold = UTF8RangeSet()
    var keystrokes = 0
    /// The edits the editor made, with the index of their step (compared across lanes).
    var edits: [(step: Int, edit: TextEdit)] = []
    var samples: [KeystrokeSample] = []
    var divergences = 0
    var selectionLost = 0

    init(kind: ComposerHighlighter.Strategy, rules: any RuleSet, initialText: String, cursor: Int?) {
        self.kind = kind
        self.strategy = kind.make(rules: rules)
        // One run for the whole initial text: only typed text fragments.
        self.editor = FragmentingEditor(text: AttributedString(initialText), cursor: cursor)
        self.mirror = UTF8GapBuffer(initialText)
    }
}

/// One thing the user does: a keystroke (`insert`, `backspace`, `replace`) or a selection or
/// formatting change. A `type` step is one `insert` per `Character`.
enum ReplayAction {
    case insert(String)
    case backspace
    case replace(Range<Int>, String)
    case moveTo(Int)
    case select(Range<Int>)
    case bold(Range<Int>)

    /// Whether the action edits the text (counts as a keystroke).
    var isKeystroke: Bool {
        switch self {
        case .insert, .backspace, .replace: return true
        case .moveTo, .select, .bold: return false
        }
    }

    /// Every action of `session`, with the index of its step. A `backspace` step's count is cut to
    /// the bytes the text can hold when the step starts (the initial text and all the steps before
    /// it insert): a backspace that edits deletes at least a byte, and one that edits nothing
    /// leaves everything as it was, so the backspaces past that bound would edit nothing (nor count
    /// as keystrokes). So the actions are bounded by the session's bytes, not by the counts in it.
    static func actions(in session: ReplaySession) -> [(step: Int, action: ReplayAction)] {
        var actions: [(step: Int, action: ReplayAction)] = []
        var byteBound = session.initialText.utf8.count
        for (index, step) in session.steps.enumerated() {
            actions += Self.actions(of: step, backspacesAtMost: byteBound).map { (index, $0) }
            switch step {
            case .type(let text), .paste(let text), .replace(_, with: let text):
                byteBound += text.utf8.count
            case .backspace, .moveTo, .select, .bold: break
            }
        }
        return actions
    }

    /// The actions of one step; a `backspace` count is cut to `limit`.
    static func actions(of step: ReplayStep, backspacesAtMost limit: Int) -> [ReplayAction] {
        switch step {
        case .type(let text): return text.map { .insert(String($0)) }
        case .backspace(let count): return Array(repeating: .backspace, count: max(0, min(count, limit)))
        case .paste(let text): return [.insert(text)]
        case .replace(let range, let text): return [.replace(range, text)]
        case .moveTo(let offset): return [.moveTo(offset)]
        case .select(let range): return [.select(range)]
        case .bold(let range): return [.bold(range)]
        }
    }
}

/// The state of one session being played: the lanes and their turns (``ReplayTurns``).
struct ReplayPlay {
    let session: ReplaySession
    let rules: any RuleSet
    let policy: DivergencePolicy
    let turns: ReplayTurns
    let progress: ((Int, Int) -> Void)?
    let lanes: [ReplayLane]
    let plannedKeystrokes: Int
    /// Every action of the session with the index of its step (for error messages).
    let actions: [(step: Int, action: ReplayAction)]

    init(
        session: ReplaySession, rules: any RuleSet, strategies: [ComposerHighlighter.Strategy], policy: DivergencePolicy,
        turns: ReplayTurns, progress: ((Int, Int) -> Void)?
    ) throws {
        self.session = session
        self.rules = rules
        self.policy = policy
        self.turns = turns
        self.progress = progress
        self.actions = ReplayAction.actions(in: session)
        self.plannedKeystrokes = actions.filter(\.action.isKeystroke).count
        lanes = strategies.map {
            ReplayLane(kind: $0, rules: rules, initialText: session.initialText, cursor: session.cursor)
        }
        // The cursor is checked as a step's offsets are (an editor clamps it, and a strategy traps
        // on an edit inside a scalar), against the text a lane's editor already holds.
        if let cursor = session.cursor, let editor = lanes.first?.editor {
            do {
                _ = try editor.validated(cursor..<cursor)
            } catch {
                throw ReplayError.invalidStep(session: session.name, step: -1, reason: error.description)
            }
        }
        for lane in lanes {
            lane.strategy.load(&lane.editor.text)
        }
    }

    /// Keystrokes played, averaged over the lanes (what progress shows).
    var keystrokes: Int {
        lanes.isEmpty ? 0 : lanes.reduce(0) { $0 + $1.keystrokes } / lanes.count
    }

    /// Plays every action on every lane in the order ``turns`` says, then checks that all editors
    /// made the same edits.
    func run() throws {
        switch turns {
        case .session:
            for lane in lanes {
                for (step, action) in actions { try perform(action, ofStep: step, on: lane) }
            }
        case .keystroke:
            for (step, action) in actions {
                for lane in lanes { try perform(action, ofStep: step, on: lane) }
            }
        }
        guard let reference = lanes.first else { return }
        for lane in lanes.dropFirst() where lane.edits.map(\.edit) != reference.edits.map(\.edit) {
            let index = Array(zip(lane.edits, reference.edits)).firstIndex { $0.edit != $1.edit }
                ?? min(lane.edits.count, reference.edits.count)
            let step = index < reference.edits.count ? reference.edits[index].step : lane.edits[index].step
            throw ReplayError.invalidStep(
                session: session.name, step: step,
                reason: "the editors of \(reference.kind.rawValue) and \(lane.kind.rawValue) disagree on edit \(index)")
        }
    }

    private func invalid(_ reason: String, step: Int) -> ReplayError {
        .invalidStep(session: session.name, step: step, reason: reason)
    }

    /// Performs `action` (of step `step`) on `lane`.
    private func perform(_ action: ReplayAction, ofStep step: Int, on lane: ReplayLane) throws {
        func validated(_ range: Range<Int>) throws -> Range<Int> {
            do {
                return try lane.editor.validated(range)
            } catch {
                throw invalid(error.description, step: step)
            }
        }
        var edit: TextEdit?
        switch action {
        case .insert(let text):
            edit = try keystroke(on: lane, inserting: text) { $0.insert(text) }
        case .backspace:
            edit = try keystroke(on: lane, inserting: "") { $0.backspace() }
        case .replace(let range, let text):
            _ = try validated(range)
            edit = try keystroke(on: lane, inserting: text) { $0.replace(range, with: text) }
        case .moveTo(let offset):
            _ = try validated(offset..<offset)
            try? lane.editor.moveCaret(to: offset)
        case .select(let range):
            _ = try validated(range)
            try? lane.editor.select(range)
        case .bold(let range):
            _ = try validated(range)
            try? lane.editor.bold(range)
            lane.bold.insert(range)
        }
        if let edit { lane.edits.append((step, edit)) }
    }

    /// Plays one keystroke on `lane`: times the editor's edit and the strategy's update, then
    /// (untimed) follows the edit in the oracle's copy and checks the strategy's tags and selection.
    /// - Returns: the edit, `nil` when the editor had nothing to do (a backspace at the start).
    private func keystroke(
        on lane: ReplayLane, inserting inserted: String, _ edit: (inout FragmentingEditor) -> TextEdit?
    ) throws -> TextEdit? {
        let editStart = ContinuousClock.now
        guard let change = edit(&lane.editor) else { return nil }
        let editDuration = ContinuousClock.now - editStart
        var selection = lane.editor.text.utf8Range(lane.editor.selection)
        let strategyStart = ContinuousClock.now
        lane.strategy.textDidChange(&lane.editor.text, edit: change, selection: &selection)
        let strategyDuration = ContinuousClock.now - strategyStart
        lane.samples.append(KeystrokeSample(
            documentBytes: lane.editor.utf8Count,
            strategyMicroseconds: strategyDuration.microseconds,
            editMicroseconds: editDuration.microseconds))
        if lane.editor.text.utf8Offsets(selection) != lane.editor.selection { lane.selectionLost += 1 }
        lane.mirror.replace(change.start..<change.oldEnd, with: inserted)
        lane.bold.apply(change)
        try checkDivergences(of: lane, after: change)
        lane.keystrokes += 1
        progress?(keystrokes, plannedKeystrokes)
        return change
    }
}

extension Duration {
    /// The duration in microseconds.
    var microseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1e6 + Double(attoseconds) / 1e12
    }
}
