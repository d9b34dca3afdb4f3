/// twitter-text's `validAsciiDomain` run over one matched domain: the parts of a scheme-less URL's
/// domain it links, and the check it makes on domains that start with `xn--`.
///
/// The expression is `(?:[-a-z0-9 latinAccents]+\.)+(?:tld)` (global, case-insensitive), matched
/// inside the domain string alone, so the TLD look-ahead sees the domain's end as the end of the
/// subject. Each match starts at the first position from which the rest of its first label is all
/// label characters; from there the labels are fixed by the dots and the greedy `+` stops at the
/// rightmost TLD that follows an unbroken chain of labels. One right-to-left pass records that
/// rightmost TLD for every label, so the whole search is linear (the reference's backtracking is
/// quadratic on long chains without a TLD).
///
/// The reference then locates each match with `domain.indexOf(match, previousEnd)`, which can find
/// an earlier copy of the same text (`a.cox.日a.co` links `a.co` at offset 0, not 7). That quirk is
/// kept, with a linear-time string search.
struct TwitterASCIIDomains {
    /// One dot-separated label of the domain being searched, with what the search needs about it.
    private struct Label {
        var start: Int
        var end: Int
        /// Where the label's trailing run of label characters begins (`end` when it is empty).
        var labelCharacterSuffixStart: Int
        /// The end of the TLD at the label's start, or -1.
        var tldEnd: Int
        var isDotTerminated: Bool
        var isAllLabelCharacters: Bool
        /// The rightmost q ≥ this label with labels this..<q all label characters and
        /// dot-terminated, and a TLD at label q; -1 if none.
        var rightmostTLD = -1
    }

    /// Reused from call to call, so a search allocates nothing once these have grown:
    /// `labels[0..<labelCount]` are the current domain's labels.
    private var labels: [Label] = []
    private var labelCount = 0
    private var failure: [Int] = []

    /// Appends the reported ranges of the matches in `domain` (byte offsets in `text`) to `found`.
    /// - Parameter firstOnly: stop after the first match (for the `xn--` check, which only asks
    ///   whether there is one).
    /// - Complexity: O(domain length).
    mutating func appendMatches(
        in text: UnsafeBufferPointer<UInt8>, domain: Range<Int>, tlds: TwitterTLDMatcher, firstOnly: Bool = false,
        to found: inout [Range<Int>]
    ) {
        analyseLabels(in: text, domain: domain, tlds: tlds)
        var reportedEnd = domain.lowerBound
        var searchFrom = domain.lowerBound
        var label = 0
        while label < labelCount {
            let labelEnd = labels[label].end
            let matchStart = max(searchFrom, labels[label].labelCharacterSuffixStart)
            let tldLabel = label + 1 < labelCount ? labels[label + 1].rightmostTLD : -1
            guard matchStart < labelEnd, labels[label].isDotTerminated, tldLabel >= 0 else {
                label += 1
                continue
            }
            let matchEnd = labels[tldLabel].tldEnd
            let reportedStart = firstOccurrence(of: matchStart..<matchEnd, in: text, from: reportedEnd, limit: matchStart)
            found.append(reportedStart..<reportedStart + (matchEnd - matchStart))
            if firstOnly { return }
            reportedEnd = reportedStart + (matchEnd - matchStart)
            searchFrom = matchEnd
            label = tldLabel
        }
    }

    /// Whether `domain` holds a match at all.
    mutating func hasMatch(in text: UnsafeBufferPointer<UInt8>, domain: Range<Int>, tlds: TwitterTLDMatcher) -> Bool {
        var found: [Range<Int>] = []
        found.reserveCapacity(1)
        appendMatches(in: text, domain: domain, tlds: tlds, firstOnly: true, to: &found)
        return !found.isEmpty
    }

    /// The first offset ≥ `from` where the bytes of `needle` occur (at most `limit`, where they do).
    /// Knuth–Morris–Pratt, so the cost is O(needle + distance scanned).
    private mutating func firstOccurrence(
        of needle: Range<Int>, in text: UnsafeBufferPointer<UInt8>, from: Int, limit: Int
    ) -> Int {
        guard from < limit else { return limit }
        let length = needle.count
        if failure.count < length { failure.append(contentsOf: repeatElement(0, count: length - failure.count)) }
        if length > 0 { failure[0] = 0 }
        var matched = 0
        for index in 1..<max(length, 1) {
            while matched > 0, text[needle.lowerBound + index] != text[needle.lowerBound + matched] {
                matched = failure[matched - 1]
            }
            if text[needle.lowerBound + index] == text[needle.lowerBound + matched] { matched += 1 }
            failure[index] = matched
        }
        matched = 0
        var position = from
        while position < limit + length {
            while matched > 0, text[position] != text[needle.lowerBound + matched] { matched = failure[matched - 1] }
            if text[position] == text[needle.lowerBound + matched] { matched += 1 }
            if matched == length { return position - length + 1 }
            position += 1
        }
        return limit
    }

    /// Splits `domain` into its labels and records, right to left, each label's rightmost TLD.
    private mutating func analyseLabels(in text: UnsafeBufferPointer<UInt8>, domain: Range<Int>, tlds: TwitterTLDMatcher) {
        labelCount = 0
        let labelCharacters = TwitterCharacterClasses.asciiLabelCharacters
        var position = domain.lowerBound
        while true {
            let start = position
            var suffixStart = position
            var allLabel = true
            while position < domain.upperBound, text[position] != UInt8(ascii: ".") {
                let (scalar, length) = text.scalarValue(at: position)
                position += length
                if !labelCharacters.contains(scalar) {
                    allLabel = false
                    suffixStart = position
                }
            }
            let dotted = position < domain.upperBound
            let analysed = Label(
                start: start, end: position, labelCharacterSuffixStart: suffixStart,
                tldEnd: tlds.matchEnd(in: text, at: start, bound: domain.upperBound) ?? -1,
                isDotTerminated: dotted, isAllLabelCharacters: allLabel && position > start)
            if labelCount < labels.count { labels[labelCount] = analysed } else { labels.append(analysed) }
            labelCount += 1
            guard dotted else { break }
            position += 1
        }
        var next = -1
        for label in stride(from: labelCount - 1, through: 0, by: -1) {
            if labels[label].isAllLabelCharacters, labels[label].isDotTerminated, next >= 0 {
                labels[label].rightmostTLD = next
            } else if labels[label].tldEnd >= 0 {
                labels[label].rightmostTLD = label
            }
            next = labels[label].rightmostTLD
        }
    }
}
