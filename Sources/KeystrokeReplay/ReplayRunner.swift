import ComposerText
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PatternDetection

/// Plays a ``ReplaySession`` like a rich-text editor and measures highlighting strategies on it.
///
/// Every strategy gets its own ``FragmentingEditor`` holding the session's `initialText` as one run
/// (a document being opened), and all of them play the same keystrokes — one whole session after
/// the other, or in lockstep (``ReplayTurns``); at the end the editors' edits must agree. Per keystroke
/// the editor's edit and the strategy's `textDidChange` are timed separately; then (untimed) the
/// runner checks the strategy's tags against a full scan of the same text (``DivergencePolicy``)
/// and that the selection is where the editor put it. At the end it checks that the bytes made
/// bold by `bold` steps (followed through later edits, deleted bytes leaving the set) still carry
/// strong emphasis.
///
/// Keystrokes: `type` counts one per `Character`, `backspace N` counts N (a backspace at the start
/// of the text edits nothing and is skipped), `paste` and `replace` one each; `moveTo`, `select`
/// and `bold` are not keystrokes.
public struct ReplayRunner {
    /// The strategies to run, in report order.
    public var strategies: [ComposerHighlighter.Strategy]
    /// Runs every session with this rule set instead of the session's own.
    public var rulesOverride: BuiltInRules?
    /// Chooses the policy from the initial document length; `nil` means ``DivergencePolicy/automatic(forUTF8Count:)``.
    public var divergencePolicy: DivergencePolicy?
    /// How the strategies take turns (``ReplayTurns``): whole session each by default.
    public var turns: ReplayTurns
    /// Called after each keystroke with (keystrokes done, keystrokes in the session).
    public var progress: ((Int, Int) -> Void)?

    public init(
        strategies: [ComposerHighlighter.Strategy] = ComposerHighlighter.Strategy.allCases, rulesOverride: BuiltInRules? = nil,
        divergencePolicy: DivergencePolicy? = nil, turns: ReplayTurns = .session,
        progress: ((Int, Int) -> Void)? = nil
    ) {
        self.turns = turns
        self.strategies = strategies
        self.rulesOverride = rulesOverride
        self.divergencePolicy = divergencePolicy
        self.progress = progress
    }

    /// Plays `session` and reports on every strategy.
    /// - Throws: ``ReplayError/unknownRules(session:rules:)`` for a rule set that does not exist,
    ///   ``ReplayError/invalidStep(session:step:reason:)`` for a step, or the session's `cursor`,
    ///   that is out of bounds or off a `Character` boundary.
    public func run(_ session: ReplaySession) throws -> SessionReport {
        let rulesName = rulesOverride?.rawValue ?? session.rules
        guard let builtIn = BuiltInRules(rawValue: rulesName) else {
            throw ReplayError.unknownRules(session: session.name, rules: rulesName)
        }
        let rules = builtIn.ruleSet()
        let initialBytes = session.initialText.utf8.count
        let policy = divergencePolicy ?? .automatic(forUTF8Count: initialBytes)
        let play = try ReplayPlay(
            session: session, rules: rules, strategies: strategies, policy: policy, turns: turns,
            progress: progress)
        try play.run()
        return try play.report(rulesName: rulesName)
    }

    /// How many keystrokes `session` has, counted before playing (backspaces at the text start are
    /// counted here, so the figure is an upper bound for progress display; a backspace count is
    /// cut to the bytes the text can hold then, as when playing).
    public static func plannedKeystrokes(in session: ReplaySession) -> Int {
        ReplayAction.actions(in: session).filter(\.action.isKeystroke).count
    }
}
