/// How the strategies of a replay take turns on a session's keystrokes.
///
/// Every strategy plays the same keystrokes on its own editor, from the same initial text, with
/// every keystroke timed and checked on its own; the turns only decide what runs *between* two
/// keystrokes of one strategy — and so what is left in the processor's caches when it is timed.
public enum ReplayTurns: String, CaseIterable, Sendable, CustomStringConvertible {
    /// Each strategy plays the whole session, one strategy after the other (the default). A
    /// strategy is timed as it runs in a composer: after its own previous keystroke.
    case session
    /// Lockstep: every strategy plays a keystroke before any plays the next. A strategy is timed
    /// right after the others' work on the same keystroke — after a full rebuild of a large
    /// document, that is a cold cache, and the localized keystroke pays for it (the numbers are in
    /// `Benchmarks/results/replay-lockstep.txt`).
    case keystroke

    public var description: String { rawValue }
}
