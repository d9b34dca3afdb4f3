/// One run of domain-label characters and dots, analysed once so that every URL start inside it
/// finds its domain in O(1).
///
/// twitter-text's domain expression is `sub* name tld`: `sub` a label of domain characters that may
/// hold `-` and `_` inside, `name` the same without `_`, each followed by `.`, then a TLD. Labels
/// cannot contain dots, so from a given start the labels are fixed by the dots; the expression's
/// greedy `sub*` then backtracks from the longest chain of valid labels and stops at the first
/// (rightmost) `name` label that a TLD follows. Run by a backtracking engine from every start in a
/// long dotted run, that search is quadratic (the reference needs seconds for 80 KB of `a.b-`). Here
/// one right-to-left pass over the run records, for every label, the rightmost label a domain
/// starting there would end on (`bestNameLabel`), so each start costs a lookup.
///
/// The analysis starts at the first start the scanner asks about and runs to the end of the run;
/// its first label may be partial. Only the start's own (first) label depends on the start.
/// - Complexity: O(run length) to build (one bounded TLD walk per label), O(1) amortised per query.
struct TwitterDomainRun {
    private struct Label {
        var start: Int32
        var end: Int32
        /// The last `_` in the label, or -1.
        var lastUnderscore: Int32
        /// The end of the TLD at the label's start, or -1 (unused for label 0, which follows no dot).
        var tldEnd: Int32
        /// The rightmost q ≥ this label such that the labels before q are valid `sub` labels, q is a
        /// valid `name` label and a TLD starts at label q + 1; -1 if none.
        var bestNameLabel: Int32 = -1
        var flags: UInt8
    }

    private static let dotTerminated: UInt8 = 1
    private static let endsWithDomainCharacter: UInt8 = 2
    private static let validSub: UInt8 = 4
    private static let validName: UInt8 = 8

    /// The offset the analysis starts at; queries must lie in `start..<end`.
    private(set) var start = 0
    /// The end of the run (the first byte that is neither a domain character, `-`, `_` nor `.`).
    private(set) var end = 0
    /// `labels[0..<labelCount]` are this run's labels; the array only grows, so a new analysis
    /// reuses its storage without clearing it.
    private var labels: [Label] = []
    private var labelCount = 0
    private var hint = 0

    /// An empty analysis, covering nothing.
    init() {}

    /// Analyses the run from `start` afresh, reusing this run's storage.
    ///
    /// `classes` tells which ASCII bytes are domain characters (``TwitterCharacterClasses``'
    /// flags); twitter-text's JavaScript and Ruby expressions differ only there.
    mutating func analyse(
        text: UnsafeBufferPointer<UInt8>, from start: Int, tlds: TwitterTLDMatcher,
        classes: ByteClassTable = TwitterCharacterClasses.asciiClasses
    ) {
        self.start = start
        labelCount = 0
        hint = 0
        var position = start
        while true {
            let labelStart = position
            var lastUnderscore = -1
            var endsWithDomainCharacter = false
            var startsWithDomainCharacter = false
            while position < text.count {
                let byte = text[position]
                let (scalar, length) = byte < 0x80 ? (UInt32(byte), 1) : text.scalarValue(at: position)
                if byte < 0x80
                    ? classes.contains(byte, TwitterCharacterClasses.asciiDomainCharacter)
                    : TwitterCharacterClasses.isDomainCharacter(scalar)
                {
                    if position == labelStart { startsWithDomainCharacter = true }
                    endsWithDomainCharacter = true
                } else if scalar == 0x2D {
                    endsWithDomainCharacter = false
                } else if scalar == 0x5F {
                    endsWithDomainCharacter = false
                    lastUnderscore = position
                } else {
                    break
                }
                position += length
            }
            let isDotTerminated = position < text.count && text[position] == UInt8(ascii: ".")
            var flags: UInt8 = 0
            if isDotTerminated { flags |= Self.dotTerminated }
            if endsWithDomainCharacter { flags |= Self.endsWithDomainCharacter }
            if startsWithDomainCharacter && endsWithDomainCharacter {
                flags |= Self.validSub
                if lastUnderscore < 0 { flags |= Self.validName }
            }
            let tldEnd = labelCount == 0 ? -1 : tlds.matchEnd(in: text, at: labelStart, bound: text.count) ?? -1
            let label = Label(
                start: Int32(labelStart), end: Int32(position), lastUnderscore: Int32(lastUnderscore),
                tldEnd: Int32(tldEnd), flags: flags)
            if labelCount < labels.count { labels[labelCount] = label } else { labels.append(label) }
            labelCount += 1
            guard isDotTerminated else { break }
            position += 1
        }
        end = position
        for index in stride(from: labelCount - 2, through: 0, by: -1) {
            let flags = labels[index].flags
            guard flags & Self.dotTerminated != 0, flags & Self.validSub != 0 else { continue }
            let next = labels[index + 1]
            if next.bestNameLabel >= 0 {
                labels[index].bestNameLabel = next.bestNameLabel
            } else if flags & Self.validName != 0, next.tldEnd >= 0 {
                labels[index].bestNameLabel = Int32(index)
            }
        }
    }

    /// Whether the analysis covers a domain starting at `offset`.
    func covers(_ offset: Int) -> Bool { offset >= start && offset < end }

    /// The end of the domain twitter-text matches when its first label is `[labelStart, …)`, or nil.
    ///
    /// - Parameters:
    ///   - labelStart: where the first label starts; the caller has checked that a domain character
    ///     is there.
    ///   - restStart: where the part of the first label that the label rules inspect begins: equal
    ///     to `labelStart`, or just past the astral character whose low surrogate JavaScript starts
    ///     the label with (that surrogate is itself a valid first and last character).
    mutating func domainEnd(labelStart: Int, restStart: Int) -> Int? {
        let index = labelIndex(containing: labelStart)
        let label = labels[index]
        guard label.flags & Self.dotTerminated != 0 else { return nil }
        guard restStart == Int(label.end) || label.flags & Self.endsWithDomainCharacter != 0 else { return nil }
        let next = labels[index + 1]
        if next.bestNameLabel >= 0 { return Int(labels[Int(next.bestNameLabel) + 1].tldEnd) }
        if Int(label.lastUnderscore) < restStart, next.tldEnd >= 0 { return Int(next.tldEnd) }
        return nil
    }

    /// The label holding `offset` (a domain character): the hinted one or its successor when the
    /// scanner moves forward, a binary search otherwise.
    private mutating func labelIndex(containing offset: Int) -> Int {
        if hint < labelCount, Int(labels[hint].start) <= offset, offset < Int(labels[hint].end) { return hint }
        if hint + 1 < labelCount, Int(labels[hint + 1].start) <= offset, offset < Int(labels[hint + 1].end) {
            hint += 1
            return hint
        }
        var low = 0, high = labelCount - 1
        while low < high {
            let middle = (low + high) / 2
            if Int(labels[middle].end) <= offset { low = middle + 1 } else { high = middle }
        }
        hint = low
        return low
    }

    /// Whether a domain whose first label starts at `offset` can exist at all: that label must be
    /// followed by a dot. Returns the label's end when it is not (a range no start inside can use),
    /// nil when it is.
    static func deadLabelEnd(
        in text: UnsafeBufferPointer<UInt8>, from offset: Int,
        classes: ByteClassTable = TwitterCharacterClasses.asciiClasses
    ) -> Int? {
        let position = TwitterCharacterClasses.labelRunEnd(from: offset, in: text, classes: classes)
        return position < text.count && text[position] == UInt8(ascii: ".") ? nil : position
    }
}
