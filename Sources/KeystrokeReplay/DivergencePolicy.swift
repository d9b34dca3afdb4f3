/// How the runner compares a strategy's tags with a full scan after each keystroke.
///
/// Reading a document's tags walks all of its attribute runs (O(runs)). The check is not timed, but
/// it runs between two keystrokes of a strategy and leaves the caches as it found them no more
/// than any other work: whole-document checks of a large document after every keystroke, or wide
/// window checks, measurably slowed the strategy's next keystroke (README, "Benchmarks and
/// replays"). So the window is small — 512 bytes each side, still several words around an edit
/// whose effects stay within its own words — and whole-document checks run after every keystroke
/// only while the document is no larger than what a window check reads anyway: the checker reads
/// about the same amount at every size. Both policies compare against the rule set's own scan of a
/// plain copy, never the incremental tokenizer:
/// - ``everyKeystroke``: after every keystroke, all tags of the document.
/// - ``window(radiusUTF8:fullEvery:)``: after every keystroke, the tags within `radiusUTF8` bytes of
///   the edit (clipped at both ends, so runs crossing the border compare by their inside parts);
///   after every `fullEvery`-th keystroke and after the last one, all tags. A strategy that breaks
///   tags far from the edit is caught at the next full check (counted once per check that fails).
public enum DivergencePolicy: Sendable, Equatable, CustomStringConvertible {
    case everyKeystroke
    case window(radiusUTF8: Int, fullEvery: Int)

    /// Documents up to this length are checked in full after every keystroke.
    public static let fullCheckLimitUTF8 = 2 * windowRadiusUTF8

    /// How far around an edit a window check looks, each side.
    public static let windowRadiusUTF8 = 512

    /// The policy the runner uses for a document of `utf8Count` bytes.
    public static func automatic(forUTF8Count utf8Count: Int) -> DivergencePolicy {
        utf8Count <= fullCheckLimitUTF8 ? .everyKeystroke : .window(radiusUTF8: windowRadiusUTF8, fullEvery: 64)
    }

    /// The name used in reports: `full-every-keystroke`, `window-512B+full-every-64`.
    public var description: String {
        switch self {
        case .everyKeystroke: return "full-every-keystroke"
        case .window(let radius, let every): return "window-\(radius)B+full-every-\(every)"
        }
    }

    /// Whether keystroke number `index` (0-based) of `count` gets a whole-document check.
    func checksWholeDocument(afterKeystroke index: Int, of count: Int) -> Bool {
        switch self {
        case .everyKeystroke: return true
        case .window(_, let every): return index == count - 1 || (index + 1) % max(every, 1) == 0
        }
    }
}
