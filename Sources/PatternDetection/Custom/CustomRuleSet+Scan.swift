internal import RegexEngine

extension CustomRuleSet: SpanEnumerating {
    /// Every span starting in `window`: the base's spans, then each custom pattern's matches that
    /// overlap nothing accepted before them (see the type's documentation).
    ///
    /// A window that does not start at a word start or end at a word end is widened to whole words
    /// for the scan and the result cut back to spans starting in `window`, so any window gives the
    /// same spans as a full scan.
    public func spans(
        in text: UnsafeBufferPointer<UInt8>, startingIn window: Range<Int>
    ) -> [Span] {
        collectSpans(in: text, startingIn: window)
    }

    /// The spans of ``spans(in:startingIn:)``, handed out in order. The base's spans and the
    /// matches of every pattern but the last are collected and merged first; the last pattern's
    /// matches are merged with them as they are found, so a word holding any number of the last
    /// pattern's matches (one pattern: all of them) costs no memory for them.
    package func forEachSpan(
        in text: UnsafeBufferPointer<UInt8>, startingIn window: Range<Int>, _ body: (Span) -> Void
    ) {
        guard !window.isEmpty else { return }
        let lower = wordStart(containing: window.lowerBound, in: text)
        let upper = wordEnd(from: window.upperBound, in: text)
        let isWholeWords = lower == window.lowerBound && upper == window.upperBound
        func emit(_ span: Span) {
            if isWholeWords || window.contains(span.utf8Range.lowerBound) { body(span) }
        }
        var accepted = base?.spans(in: text, startingIn: lower..<upper) ?? []
        guard let last = patterns.last else {
            accepted.forEach(emit)
            return
        }
        let earlier = patterns.dropLast()
        if !earlier.isEmpty {
            var found = [[Range<Int>]](repeating: [], count: earlier.count)
            forEachWord(in: lower..<upper, of: text) { word in
                for (index, pattern) in earlier.enumerated() {
                    forEachMatch(of: pattern, inWord: word, of: text) { found[index].append($0) }
                }
            }
            for (pattern, matches) in zip(earlier, found) where !matches.isEmpty {
                var merged: [Span] = []
                merged.reserveCapacity(accepted.count + matches.count)
                var merge = SpanMerge(accepted: accepted)
                for match in matches { merge.offer(match, kind: pattern.kind) { merged.append($0) } }
                merge.finish { merged.append($0) }
                accepted = merged
            }
        }
        var merge = SpanMerge(accepted: accepted)
        forEachWord(in: lower..<upper, of: text) { word in
            forEachMatch(of: last, inWord: word, of: text) { merge.offer($0, kind: last.kind, emit) }
        }
        merge.finish(emit)
    }

    /// Calls `body` with each word (maximal run without separators) in `range`, which starts at a
    /// word start.
    private func forEachWord(in range: Range<Int>, of text: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Void) {
        var position = range.lowerBound
        while position < range.upperBound {
            let separatorLength = separators.separatorLength(at: position, in: text)
            if separatorLength > 0 {
                position += separatorLength
                continue
            }
            let start = position
            position = wordEnd(from: position, in: text)
            body(start..<position)
        }
    }

    /// Calls `body` with each match of `pattern` in one word, the expression seeing the word plus
    /// its bordering separators.
    private func forEachMatch(
        of pattern: CustomPattern, inWord word: Range<Int>, of text: UnsafeBufferPointer<UInt8>,
        _ body: (Range<Int>) -> Void
    ) {
        guard word.count >= pattern.minimumLength else { return }
        let subjectStart = word.lowerBound == 0 ? 0 : text.scalarStart(before: word.lowerBound)
        let subjectEnd = word.upperBound == text.count
            ? word.upperBound : word.upperBound + UTF8Scalar.length(lead: text[word.upperBound])
        let outcome = pattern.compiled.forEachMatch(
            in: text, visible: subjectStart..<subjectEnd, startingIn: word
        ) { match in
            // A match that reaches into the next separator ends the word.
            guard match.upperBound <= word.upperBound else { return false }
            body(match)
            return true
        }
        // A search the engine cannot finish within its limits ends this pattern's scan of the
        // word, as no match would: the word's outcome still depends on the word alone.
        if case .gaveUp(let failure) = outcome {
            pattern.limits.record(PatternError(failure, pattern: pattern.expression))
        }
    }

    /// Merges one pattern's matches, offered in order, into the sorted, non-overlapping spans
    /// accepted before them: a match is kept unless it overlaps an accepted span. Spans come out
    /// sorted and non-overlapping, each as soon as nothing before it can still come.
    /// - Complexity: O(accepted + matches) over the whole merge.
    struct SpanMerge {
        let accepted: [Span]
        /// The first accepted span not handed out yet.
        private var next = 0

        init(accepted: [Span]) { self.accepted = accepted }

        mutating func offer(_ match: Range<Int>, kind: PatternKind, _ body: (Span) -> Void) {
            while next < accepted.count, accepted[next].utf8Range.upperBound <= match.lowerBound {
                body(accepted[next])
                next += 1
            }
            if next < accepted.count, accepted[next].utf8Range.lowerBound < match.upperBound { return }
            body(Span(kind: kind, utf8Range: match))
        }

        /// Hands out the accepted spans after the last match.
        mutating func finish(_ body: (Span) -> Void) {
            while next < accepted.count {
                body(accepted[next])
                next += 1
            }
        }
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
