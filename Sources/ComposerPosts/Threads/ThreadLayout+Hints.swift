extension ThreadLayout.Probe {
    /// What a part from cut `start` to cut `end` that does not fit tells, when the longest prefix
    /// of it that fits ends at byte `fittingEnd`: the last cut within that prefix is the furthest
    /// its start is guessed to reach, and the first cut from which as many bytes reach `end` is
    /// the earliest its end is guessed to be reached from. Both are exact where lengths add up
    /// and are spread evenly; elsewhere they are only where the searches look next.
    /// - Complexity: O(log(end − start)).
    init(notFittingFrom start: Int, to end: Int, fittingEnd: Int, in cuts: [ThreadCut]) {
        let earliestStart = cuts[end].dropped.lowerBound - (fittingEnd - cuts[start].dropped.upperBound)
        self.init(
            fits: false,
            furthest: Self.firstCut(after: start, before: end) { cuts[$0].dropped.lowerBound > fittingEnd } - 1,
            earliest: Self.firstCut(after: start, before: end) { cuts[$0].dropped.upperBound >= earliestStart })
    }

    /// The first index after `start` and before `end` where `holds` (false up to some index and
    /// true from there), or `end` when there is none.
    private static func firstCut(after start: Int, before end: Int, where holds: (Int) -> Bool) -> Int {
        var low = start, high = end
        while low + 1 < high {
            let middle = (low + high) / 2
            if holds(middle) { high = middle } else { low = middle }
        }
        return high
    }
}
