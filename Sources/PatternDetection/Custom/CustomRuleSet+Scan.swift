internal import RegexEngine

extension CustomRuleSet {
    /// Every span starting in `window`: the base's spans, then each custom pattern's matches that
    /// overlap nothing accepted before them (see the type's documentation).
    ///
    /// A window that does not start at a word start or end at a word end is widened to whole words
    /// for the scan and the result cut back to spans starting in `window`, so any window gives the
    /// same spans as a full scan.
    public func spans(
        in text: UnsafeBufferPointer<UInt8>, startingIn window: Range<Int>
    ) -> [Span] {
        guard !window.isEmpty else { return [] }
        let lower = wordStart(containing: window.lowerBound, in: text)
        let upper = wordEnd(from: window.upperBound, in: text)
        var accepted = base?.spans(in: text, startingIn: lower..<upper) ?? []
        if !patterns.isEmpty {
            var found = [[Range<Int>]](repeating: [], count: patterns.count)
            var position = lower
            while position < upper {
                let separatorLength = separators.separatorLength(at: position, in: text)
                if separatorLength > 0 {
                    position += separatorLength
                    continue
                }
                let start = position
                position = wordEnd(from: position, in: text)
                scanWord(start..<position, in: text, into: &found)
            }
            for (pattern, matches) in zip(patterns, found) where !matches.isEmpty {
                accepted = Self.merge(matches, kind: pattern.kind, into: accepted)
            }
        }
        if lower == window.lowerBound && upper == window.upperBound { return accepted }
        return accepted.filter { window.contains($0.utf8Range.lowerBound) }
    }

    /// Runs every pattern on one word, the expression seeing the word plus its bordering
    /// separators.
    private func scanWord(_ word: Range<Int>, in text: UnsafeBufferPointer<UInt8>, into found: inout [[Range<Int>]]) {
        let subjectStart = word.lowerBound == 0 ? 0 : text.scalarStart(before: word.lowerBound)
        let subjectEnd = word.upperBound == text.count
            ? word.upperBound : word.upperBound + UTF8Scalar.length(lead: text[word.upperBound])
        for index in patterns.indices where word.count >= patterns[index].minimumLength {
            let pattern = patterns[index]
            let outcome = pattern.compiled.forEachMatch(
                in: text, visible: subjectStart..<subjectEnd, startingIn: word
            ) { match in
                // A match that reaches into the next separator ends the word.
                guard match.upperBound <= word.upperBound else { return false }
                found[index].append(match)
                return true
            }
            // A search the engine cannot finish within its limits ends this pattern's scan of the
            // word, as no match would: the word's outcome still depends on the word alone.
            if case .gaveUp(let failure) = outcome {
                pattern.limits.record(PatternError(failure, pattern: pattern.expression))
            }
        }
    }

    /// `accepted` plus the matches that overlap none of its spans. Both inputs are sorted and
    /// non-overlapping; so is the result.
    /// - Complexity: O(accepted + matches).
    static func merge(_ matches: [Range<Int>], kind: PatternKind, into accepted: [Span]) -> [Span] {
        var result: [Span] = []
        result.reserveCapacity(accepted.count + matches.count)
        var next = 0
        for match in matches {
            while next < accepted.count, accepted[next].utf8Range.upperBound <= match.lowerBound {
                result.append(accepted[next])
                next += 1
            }
            if next < accepted.count, accepted[next].utf8Range.lowerBound < match.upperBound { continue }
            result.append(Span(kind: kind, utf8Range: match))
        }
        result.append(contentsOf: accepted[next...])
        return result
    }

    /// The start of the word holding `offset` (or `offset` itself when a separator or the text
    /// start precedes it).
    func wordStart(containing offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        var start = offset
        while start > 0 {
            let previous = text.scalarStart(before: start)
            if separators.separatorLength(at: previous, in: text) > 0 { break }
            start = previous
        }
        return start
    }

    /// The first separator at or after `offset`, or the text's end.
    func wordEnd(from offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        var end = offset
        while end < text.count {
            let lead = text[end]
            if lead < 0x80 {
                if separators.isASCIISeparator(lead) { break }
                end += 1
            } else {
                if separators.separatorLength(at: end, in: text) > 0 { break }
                end += UTF8Scalar.length(lead: lead)
            }
        }
        return end
    }
}
