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

    /// The spans of ``spans(in:startingIn:)``, handed out in order, as they are found: the base's
    /// spans go through one ``PatternStage`` per pattern, in order, each of which lets through what
    /// reaches it and adds its pattern's matches that overlap none of it. A stage reads its
    /// pattern's matches a batch at a time (``PatternMatches``), so a word holding any number of
    /// base spans and matches costs memory for none of them when the engine resumes searches
    /// cheaply (PCRE2); with ICU a word's matches are found in one search and held while the word
    /// is merged.
    package func forEachSpan(
        in text: UnsafeBufferPointer<UInt8>, startingIn window: Range<Int>, _ body: (Span) -> Void
    ) {
        forEachSpan(in: text, startingIn: window, batchCount: PatternMatches.defaultBatchCount, body)
    }

    /// ``forEachSpan(in:startingIn:_:)`` with at most `batchCount` matches of a pattern found ahead
    /// of the merge (tests set it low).
    func forEachSpan(
        in text: UnsafeBufferPointer<UInt8>, startingIn window: Range<Int>, batchCount: Int, _ body: (Span) -> Void
    ) {
        guard !window.isEmpty else { return }
        let lower = wordStart(containing: window.lowerBound, in: text)
        let upper = wordEnd(from: window.upperBound, in: text)
        let isWholeWords = lower == window.lowerBound && upper == window.upperBound
        var stages = patterns.map {
            PatternStage(matches: PatternMatches(pattern: $0, words: lower..<upper, batchCount: batchCount))
        }
        stages.withUnsafeMutableBufferPointer { stages in
            // What stage `index` lets through goes to the next one; after the last, out.
            func deliver(_ span: Span, to index: Int) {
                guard index < stages.count else {
                    if isWholeWords || window.contains(span.utf8Range.lowerBound) { body(span) }
                    return
                }
                stages[index].receive(span, in: text, rules: self) { deliver($0, to: index + 1) }
            }
            if let enumerator = base as? any SpanEnumerating {
                enumerator.forEachSpan(in: text, startingIn: lower..<upper) { deliver($0, to: 0) }
            } else if let base {
                for span in base.spans(in: text, startingIn: lower..<upper) { deliver(span, to: 0) }
            }
            for index in stages.indices {
                stages[index].finish(in: text, rules: self) { deliver($0, to: index + 1) }
            }
        }
    }

    /// One pattern's part of the merge: the spans accepted before it (the base's and the earlier
    /// patterns' kept matches) reach it in order, and it hands them on in order together with its
    /// pattern's matches that overlap none of them.
    ///
    /// Invariant: every match not yet read starts at or after the end of every span received.
    struct PatternStage {
        var matches: PatternMatches

        /// Hands on the matches that end before `span` (none of them overlaps an earlier span),
        /// drops those that overlap it, then hands on `span`.
        mutating func receive(
            _ span: Span, in text: UnsafeBufferPointer<UInt8>, rules: CustomRuleSet, _ forward: (Span) -> Void
        ) {
            while let match = matches.head(in: text, rules: rules), match.lowerBound < span.utf8Range.upperBound {
                matches.advance()
                if match.upperBound <= span.utf8Range.lowerBound {
                    forward(Span(kind: matches.pattern.kind, utf8Range: match))
                }
            }
            forward(span)
        }

        /// Hands on the matches after the last span received.
        mutating func finish(in text: UnsafeBufferPointer<UInt8>, rules: CustomRuleSet, _ forward: (Span) -> Void) {
            while let match = matches.head(in: text, rules: rules) {
                matches.advance()
                forward(Span(kind: matches.pattern.kind, utf8Range: match))
            }
        }
    }

    /// One pattern's matches in a range of whole words, word by word, read a batch at a time: the
    /// expression sees a word and its bordering separators, and a match that reaches into the next
    /// separator ends the word's matches. Words shorter than the pattern's shortest match, and
    /// words lacking a byte that every match needs (``CustomPattern/wordFilter``: one a match can
    /// start with, one of each set the expression's items require), are not searched: the search
    /// could find nothing in them. With an engine that resumes searches
    /// cheaply the search stops after a batch of matches and goes on from the last one's end;
    /// otherwise a word's matches are found in one search.
    ///
    /// Invariant: `batch[next...]` are the matches found and not yet read, sorted; the search goes
    /// on from `position` in `word` (or, when `word` is `nil`, from the next word at `position`).
    struct PatternMatches {
        let pattern: CustomPattern
        let words: Range<Int>
        private let batchCount: Int
        private var batch: [Range<Int>] = []
        private var next = 0
        private var word: Range<Int>?
        private var position: Int

        /// The most matches found ahead of the merge when the engine resumes cheaply.
        static let defaultBatchCount = 1024

        /// - Parameter words: starts at a word start, ends at a word end.
        init(pattern: CustomPattern, words: Range<Int>, batchCount: Int = defaultBatchCount) {
            self.pattern = pattern
            self.words = words
            position = words.lowerBound
            self.batchCount = type(of: pattern.compiled).resumesCheaply ? batchCount : .max
        }

        /// The next match, searching for the next batch first when the one found is used up; `nil`
        /// when none is left in `words`.
        @inline(__always)
        mutating func head(in text: UnsafeBufferPointer<UInt8>, rules: CustomRuleSet) -> Range<Int>? {
            while next == batch.count {
                guard findBatch(in: text, rules: rules) else { return nil }
            }
            return batch[next]
        }

        /// Moves past the head.
        @inline(__always)
        mutating func advance() {
            next += 1
        }

        /// Where the next word that may hold a match starts, from `position` (a word start or a
        /// separator) on; `nil` when none is left in `words`. With a ``WordByteFilter/search`` the
        /// words before the next byte of it are passed over unread.
        private func nextWordStart(in text: UnsafeBufferPointer<UInt8>, rules: CustomRuleSet) -> Int? {
            var position = position
            guard let search = pattern.wordFilter.search else {
                while position < words.upperBound {
                    let length = rules.separators.separatorLength(at: position, in: text)
                    guard length > 0 else { return position }
                    position += length
                }
                return nil
            }
            while true {
                let hit = search.firstIndex(in: text, from: position, before: words.upperBound)
                guard hit < words.upperBound else { return nil }
                let separator = rules.separators.separatorLength(at: hit, in: text)
                guard separator > 0 else { return rules.wordStart(containing: hit, notBefore: position, in: text) }
                position = hit + separator
            }
        }

        /// Finds the next matches, moving on to the next word when the current one has no more;
        /// `false` when no word is left.
        private mutating func findBatch(in text: UnsafeBufferPointer<UInt8>, rules: CustomRuleSet) -> Bool {
            if !batch.isEmpty { batch.removeAll(keepingCapacity: true) }
            next = 0
            if word == nil {
                guard let start = nextWordStart(in: text, rules: rules) else {
                    position = words.upperBound
                    return false
                }
                position = start
                let end = rules.wordEnd(from: position, in: text)
                // A word too short for the pattern, or lacking a byte every match needs, holds no match.
                guard end - position >= pattern.minimumLength, pattern.wordFilter.admits(position..<end, in: text) else {
                    position = end
                    return true
                }
                word = position..<end
            }
            let word = word!
            let subjectStart = word.lowerBound == 0 ? 0 : text.scalarStart(before: word.lowerBound)
            let subjectEnd = word.upperBound == text.count
                ? word.upperBound : word.upperBound + UTF8Scalar.length(lead: text[word.upperBound])
            var isFull = false
            let limit = batchCount
            // Found into a local (the closure may not reach `self`), the storage moved, not copied.
            var found: [Range<Int>] = []
            swap(&found, &batch)
            let outcome = pattern.compiled.forEachMatch(
                in: text, visible: subjectStart..<subjectEnd, startingIn: position..<word.upperBound
            ) { match in
                // A match that reaches into the next separator ends the word.
                guard match.upperBound <= word.upperBound else { return false }
                found.append(match)
                isFull = found.count == limit
                return !isFull
            }
            swap(&found, &batch)
            // A search the engine cannot finish within its limits ends this pattern's scan of the
            // word, as no match would: the word's outcome still depends on the word alone.
            if case .gaveUp(let failure) = outcome {
                pattern.recordGiveUp(PatternError(failure, pattern: pattern.expression))
                isFull = false
            }
            if isFull {
                position = batch[batch.count - 1].upperBound
            } else {
                (self.word, position) = (nil, word.upperBound)
            }
            return true
        }
    }

    /// The start of the word holding `offset` (or `offset` itself when a separator or the text
    /// start precedes it), or `notBefore` when the word reaches back past it.
    func wordStart(containing offset: Int, notBefore: Int = 0, in text: UnsafeBufferPointer<UInt8>) -> Int {
        var start = offset
        while start > notBefore {
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
