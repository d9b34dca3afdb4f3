/// Where twitter-text's domain expression ends, for a domain starting at a given offset: O(1)
/// memory, and linear time over a scan whose queries move forward.
///
/// twitter-text's domain expression is `sub* name tld`: `sub` a label of domain characters that may
/// hold `-` and `_` inside, `name` the same without `_`, each followed by `.`, then a TLD. Labels
/// cannot contain dots, so from a given start the labels are fixed by the dots; the expression's
/// greedy `sub*` then backtracks from the longest chain of valid labels and stops at the first
/// (rightmost) `name` label that a TLD follows. Run by a backtracking engine from every start in a
/// long dotted run, that search is quadratic (the reference needs seconds for 80 KB of `a.b-`).
///
/// Here a query walks only the first label (from the start to its end), and the *chain* after it:
/// the labels from the next one on that are dot-terminated valid `sub` labels, up to the first that
/// is not. Every start whose second label lies in the same chain has the same answer (the
/// rightmost `name` label of the chain that a TLD follows, when it lies at or after that second
/// label), so the chain is walked once and remembered, with the first label last walked. Nothing
/// else is kept: a run of any length costs the same memory.
///
/// Only the first label depends on the start: its `_` count only from `restStart` on, and it needs
/// no domain character at its start (the caller checked one is there).
/// - Complexity: a query is O(1) when its first label or chain is the one remembered; otherwise it
///   walks the new first label or chain (one bounded TLD walk per chain label). A scan whose
///   queries do not move back walks every byte at most twice.
struct TwitterDomainSearch {
    /// The first label last walked, from `walkStart` to its end (its `_` counted from there).
    private var walkStart = 0
    private var first = Label(end: 0)
    /// The end of the TLD after its dot, or -1 (also when it is not dot-terminated).
    private var nextTLDEnd = -1

    /// The chain last walked: labels from `chainStart` (a label start) to `chainEnd` (the start of
    /// the first label after them that is not a dot-terminated valid `sub` label).
    private var chainStart = 0
    private var chainEnd = -1
    /// The start of the chain's rightmost valid `name` label that a TLD follows, or -1; and that
    /// TLD's end.
    private var bestNameStart = -1
    private var bestDomainEnd = -1

    /// Nothing walked yet.
    init() {}

    /// The end of the domain twitter-text matches when its first label is `[labelStart, …)`, or nil.
    ///
    /// - Parameters:
    ///   - labelStart: where the first label starts; the caller has checked that a domain character
    ///     is there.
    ///   - restStart: where the part of the first label that the label rules inspect begins: equal
    ///     to `labelStart`, or just past the astral character whose low surrogate JavaScript starts
    ///     the label with (that surrogate is itself a valid first and last character).
    ///   - classes: which ASCII bytes are domain characters (``TwitterCharacterClasses``' flags);
    ///     twitter-text's JavaScript and Ruby expressions differ only there.
    mutating func domainEnd(
        labelStart: Int, restStart: Int, in text: UnsafeBufferPointer<UInt8>, tlds: TwitterTLDMatcher,
        classes: ByteClassTable
    ) -> Int? {
        if labelStart < walkStart || labelStart >= first.end {
            walkStart = labelStart
            first = Self.label(from: labelStart, in: text, classes: classes)
            nextTLDEnd = first.isDotTerminated ? tlds.matchEnd(in: text, at: first.end + 1, bound: text.count) ?? -1 : -1
        }
        guard first.isDotTerminated, restStart == first.end || first.endsWithDomainCharacter else { return nil }
        let next = first.end + 1
        if next < chainStart || next > chainEnd { walkChain(from: next, in: text, tlds: tlds, classes: classes) }
        if bestNameStart >= next { return bestDomainEnd }
        if first.lastUnderscore < restStart, nextTLDEnd >= 0 { return nextTLDEnd }
        return nil
    }

    /// Walks the chain of dot-terminated valid `sub` labels starting at `start` (a label start),
    /// recording its end and its rightmost valid `name` label that a TLD follows.
    private mutating func walkChain(
        from start: Int, in text: UnsafeBufferPointer<UInt8>, tlds: TwitterTLDMatcher, classes: ByteClassTable
    ) {
        chainStart = start
        bestNameStart = -1
        bestDomainEnd = -1
        var position = start
        while true {
            let label = Self.label(from: position, in: text, classes: classes)
            guard label.isDotTerminated, label.startsWithDomainCharacter, label.endsWithDomainCharacter else { break }
            if label.lastUnderscore < 0, let tldEnd = tlds.matchEnd(in: text, at: label.end + 1, bound: text.count) {
                bestNameStart = position
                bestDomainEnd = tldEnd
            }
            position = label.end + 1
        }
        chainEnd = position
    }

    /// What the domain rules need about the label (or the part of it) from `start` to its end.
    private struct Label {
        /// Where the label ends: the first byte that is neither a domain character, `-` nor `_`.
        var end: Int
        /// The last `_` in the label, or -1.
        var lastUnderscore = -1
        var startsWithDomainCharacter = false
        var endsWithDomainCharacter = false
        /// Whether a `.` follows it.
        var isDotTerminated = false
    }

    private static func label(
        from start: Int, in text: UnsafeBufferPointer<UInt8>, classes: ByteClassTable
    ) -> Label {
        var label = Label(end: start)
        var position = start
        while position < text.count {
            let byte = text[position]
            let (scalar, length) = byte < 0x80 ? (UInt32(byte), 1) : text.scalarValue(at: position)
            if byte < 0x80
                ? classes.contains(byte, TwitterCharacterClasses.asciiDomainCharacter)
                : TwitterCharacterClasses.isDomainCharacter(scalar)
            {
                if position == start { label.startsWithDomainCharacter = true }
                label.endsWithDomainCharacter = true
            } else if scalar == 0x2D {
                label.endsWithDomainCharacter = false
            } else if scalar == 0x5F {
                label.endsWithDomainCharacter = false
                label.lastUnderscore = position
            } else {
                break
            }
            position += length
        }
        label.end = position
        label.isDotTerminated = position < text.count && text[position] == UInt8(ascii: ".")
        return label
    }
}
