extension ThreadLayout.Probe {
    /// What a part from cut `start` to cut `end` that does not fit tells, when the longest prefix
    /// of it that fits ends at byte `fittingEnd`: the last cut within that prefix is the furthest
    /// its start is guessed to reach, and the first cut from which as many bytes reach `end` is
    /// the earliest its end is guessed to be reached from. Both are exact where lengths add up
    /// and are spread evenly; elsewhere they are only where the searches look next.
    /// - Complexity: O(log(end − start)).
    init(notFittingFrom start: Int, to end: Int, fittingEnd: Int, in cuts: [ThreadCut]) {
        var low = start, high = end
        while low + 1 < high {
            let middle = (low + high) / 2
            if cuts[middle].dropped.lowerBound <= fittingEnd { low = middle } else { high = middle }
        }
        let earliestStart = cuts[end].dropped.lowerBound - (fittingEnd - cuts[start].dropped.upperBound)
        var before = start, from = end
        while before + 1 < from {
            let middle = (before + from) / 2
            if cuts[middle].dropped.upperBound >= earliestStart { from = middle } else { before = middle }
        }
        self.init(fits: false, furthest: low, earliest: from)
    }
}
