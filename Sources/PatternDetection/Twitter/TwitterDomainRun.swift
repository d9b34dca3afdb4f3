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
/// - Complexity: O(run length) to build (one TLD walk per label), O(1) amortised per query.
struct TwitterDomainRun {
    /// The offset the analysis starts at; queries must lie in `start..<end`.
    let start: Int
    /// The end of the run (the first byte that is neither a domain character, `-`, `_` nor `.`).
    private(set) var end = 0

    private var labelStarts: [Int32] = []
    private var labelEnds: [Int32] = []
    /// The last `_` in each label, or -1.
    private var lastUnderscores: [Int32] = []
    private var flags: [UInt8] = []
    /// The end of the TLD at each label's start, or -1 (unused for label 0, which follows no dot).
    private var tldEnds: [Int32] = []
    /// For label j: the rightmost q ≥ j such that labels j..<q are valid `sub` labels, label q is a
    /// valid `name` label and a TLD starts at label q + 1; -1 if none.
    private var bestNameLabel: [Int32] = []
    private var hint = 0

    private static let dotTerminated: UInt8 = 1
    private static let endsWithDomainCharacter: UInt8 = 2
    private static let validSub: UInt8 = 4
    private static let validName: UInt8 = 8

    init(text: UnsafeBufferPointer<UInt8>, from start: Int, tlds: TwitterTLDMatcher) {
        self.start = start
        var position = start
        while true {
            let labelStart = position
            var lastUnderscore = -1
            var endsWithDomainCharacter = false
            var startsWithDomainCharacter = false
            while position < text.count {
                let (scalar, length) = text.twitterScalar(at: position)
                if TwitterCharacterClasses.isDomainCharacter(scalar) {
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
            var flag: UInt8 = 0
            if isDotTerminated { flag |= Self.dotTerminated }
            if endsWithDomainCharacter { flag |= Self.endsWithDomainCharacter }
            if startsWithDomainCharacter && endsWithDomainCharacter {
                flag |= Self.validSub
                if lastUnderscore < 0 { flag |= Self.validName }
            }
            labelStarts.append(Int32(labelStart))
            labelEnds.append(Int32(position))
            lastUnderscores.append(Int32(lastUnderscore))
            flags.append(flag)
            tldEnds.append(
                labelStarts.count == 1 ? -1 : Int32(tlds.matchEnd(in: text, at: labelStart, bound: text.count) ?? -1))
            guard isDotTerminated else { break }
            position += 1
        }
        end = position
        bestNameLabel = [Int32](repeating: -1, count: flags.count + 1)
        for label in stride(from: flags.count - 1, through: 0, by: -1) {
            let flag = flags[label]
            guard flag & Self.dotTerminated != 0, flag & Self.validSub != 0 else { continue }
            if bestNameLabel[label + 1] >= 0 {
                bestNameLabel[label] = bestNameLabel[label + 1]
            } else if flag & Self.validName != 0, tldEnds[label + 1] >= 0 {
                bestNameLabel[label] = Int32(label)
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
        let label = labelIndex(containing: labelStart)
        let flag = flags[label]
        guard flag & Self.dotTerminated != 0 else { return nil }
        let labelEnd = Int(labelEnds[label])
        let isValidSub = restStart == labelEnd || flag & Self.endsWithDomainCharacter != 0
        guard isValidSub else { return nil }
        let best = bestNameLabel[label + 1]
        if best >= 0 { return Int(tldEnds[Int(best) + 1]) }
        let isValidName = Int(lastUnderscores[label]) < restStart
        if isValidName, tldEnds[label + 1] >= 0 { return Int(tldEnds[label + 1]) }
        return nil
    }

    /// The label holding `offset` (a domain character): the hinted one or its successor when the
    /// scanner moves forward, a binary search otherwise.
    private mutating func labelIndex(containing offset: Int) -> Int {
        for candidate in [hint, hint + 1] where candidate < labelStarts.count {
            if Int(labelStarts[candidate]) <= offset, offset < Int(labelEnds[candidate]) {
                hint = candidate
                return candidate
            }
        }
        var low = 0, high = labelStarts.count - 1
        while low < high {
            let middle = (low + high) / 2
            if Int(labelEnds[middle]) <= offset { low = middle + 1 } else { high = middle }
        }
        hint = low
        return low
    }
}
