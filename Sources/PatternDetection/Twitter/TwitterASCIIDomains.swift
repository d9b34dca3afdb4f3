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
enum TwitterASCIIDomains {
    /// The reported ranges of the matches in `domain` (byte offsets in `text`).
    /// - Parameter firstOnly: stop after the first match (for the `xn--` check, which only asks
    ///   whether there is one).
    /// - Complexity: O(domain length).
    static func matches(
        in text: UnsafeBufferPointer<UInt8>, domain: Range<Int>, tlds: TwitterTLDMatcher, firstOnly: Bool = false
    ) -> [Range<Int>] {
        let labels = Labels(text: text, domain: domain, tlds: tlds)
        var found: [Range<Int>] = []
        var reportedEnd = domain.lowerBound
        var searchFrom = domain.lowerBound
        var label = 0
        while label < labels.count {
            let labelEnd = labels.ends[label]
            let matchStart = max(searchFrom, labels.labelCharacterSuffixStarts[label])
            let tldLabel = label + 1 < labels.count ? labels.rightmostTLD[label + 1] : -1
            guard matchStart < labelEnd, labels.isDotTerminated[label], tldLabel >= 0 else {
                label += 1
                continue
            }
            let matchEnd = labels.tldEnds[tldLabel]
            let reportedStart = firstOccurrence(of: matchStart..<matchEnd, in: text, from: reportedEnd, limit: matchStart)
            found.append(reportedStart..<reportedStart + (matchEnd - matchStart))
            if firstOnly { return found }
            reportedEnd = reportedStart + (matchEnd - matchStart)
            searchFrom = matchEnd
            label = tldLabel
        }
        return found
    }

    /// The first offset ≥ `from` where the bytes of `needle` occur (at most `limit`, where they do).
    /// Knuth–Morris–Pratt, so the cost is O(needle + distance scanned).
    private static func firstOccurrence(
        of needle: Range<Int>, in text: UnsafeBufferPointer<UInt8>, from: Int, limit: Int
    ) -> Int {
        guard from < limit else { return limit }
        let length = needle.count
        var failure = [Int](repeating: 0, count: length)
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

    /// The dot-separated labels of one domain, with what the search needs about each.
    private struct Labels {
        var starts: [Int] = []
        var ends: [Int] = []
        var isDotTerminated: [Bool] = []
        /// Where the label's trailing run of label characters begins (`ends` when it is empty).
        var labelCharacterSuffixStarts: [Int] = []
        var tldEnds: [Int] = []
        /// For label j: the rightmost q ≥ j with labels j..<q all label characters and
        /// dot-terminated, and a TLD at label q; -1 if none.
        var rightmostTLD: [Int] = []
        var count: Int { starts.count }

        init(text: UnsafeBufferPointer<UInt8>, domain: Range<Int>, tlds: TwitterTLDMatcher) {
            var position = domain.lowerBound
            var allLabelCharacters: [Bool] = []
            while true {
                let start = position
                var suffixStart = position
                var allLabel = true
                while position < domain.upperBound, text[position] != UInt8(ascii: ".") {
                    let (scalar, length) = text.scalarValue(at: position)
                    position += length
                    if !TwitterCharacterClasses.asciiLabelCharacters.contains(scalar) {
                        allLabel = false
                        suffixStart = position
                    }
                }
                starts.append(start)
                ends.append(position)
                labelCharacterSuffixStarts.append(suffixStart)
                allLabelCharacters.append(allLabel && position > start)
                tldEnds.append(tlds.matchEnd(in: text, at: start, bound: domain.upperBound) ?? -1)
                let dotted = position < domain.upperBound
                isDotTerminated.append(dotted)
                guard dotted else { break }
                position += 1
            }
            rightmostTLD = [Int](repeating: -1, count: starts.count + 1)
            for label in stride(from: starts.count - 1, through: 0, by: -1) {
                if allLabelCharacters[label], isDotTerminated[label], rightmostTLD[label + 1] >= 0 {
                    rightmostTLD[label] = rightmostTLD[label + 1]
                } else if tldEnds[label] >= 0 {
                    rightmostTLD[label] = label
                }
            }
        }
    }
}
