import PatternDetection

extension ThreadDraft {
    /// The white-space cuts plus cuts inside the words `words` (word `w` lies between
    /// `whiteSpaceCuts[w]` and `whiteSpaceCuts[w + 1]`; `words` is sorted): at every grapheme-
    /// cluster boundary inside the word that is not strictly inside an entity fitting a post by
    /// itself (with `reserve`, the longest numbering suffix, after it).
    ///
    /// Such a cut ranks ``ThreadCut/Rank/sentence`` right after a full-width sentence end and
    /// ``ThreadCut/Rank/character`` elsewhere.
    func cuts(cuttingWordsAfter words: [Int], reserve: String) -> [ThreadCut] {
        guard !words.isEmpty else { return whiteSpaceCuts }
        var cuts: [ThreadCut] = []
        var nextWord = 0
        var fitsAlone: [[UInt8]: Bool] = [:]
        for (index, cut) in whiteSpaceCuts.enumerated() {
            cuts.append(cut)
            if nextWord < words.count, words[nextWord] == index {
                appendCuts(inside: slice(from: cut, to: whiteSpaceCuts[index + 1]), to: &cuts, reserve: reserve, fitsAlone: &fitsAlone)
                nextWord += 1
            }
        }
        return cuts
    }

    /// Appends the cuts inside one word to `cuts`: a word too long for a post has a cut at nearly
    /// every character, so they go straight into the result rather than through a list of their
    /// own. `fitsAlone` remembers, for each entity text (its UTF-8) counted so far, whether it fits
    /// a post by itself with `reserve` after it (the same bytes count the same).
    /// - Complexity: O(log entities + word + entities overlapping it), plus a fresh count of each
    ///   such entity whose text was not counted before.
    private func appendCuts(
        inside word: Range<Int>, to cuts: inout [ThreadCut], reserve: String, fitsAlone: inout [[UInt8]: Bool]
    ) {
        var whole: [Range<Int>] = []
        var index = firstEntity(endingAfter: word.lowerBound)
        while index < entities.count, entities[index].lowerBound < word.upperBound {
            let entity = entities[index]
            index += 1
            guard entity.upperBound > word.lowerBound else { continue }
            // Keyed by the bytes: `Substring` equality is canonical equivalence, and canonically
            // equivalent texts need not count alike.
            let text = substring(entity)
            let bytes = Array(text.utf8)
            let fits = fitsAlone[bytes] ?? PostLength.report(for: String(text) + reserve, profile: profile).isValid
            fitsAlone[bytes] = fits
            if fits { whole.append(entity) }
        }
        withUTF8Bytes(of: text) { bytes in
            var offset = word.lowerBound
            // The entities in `whole` (sorted by start) that start before `offset`, and the
            // furthest end among them: `offset` lies strictly inside one of them when that end
            // lies after it.
            var started = 0
            var furthestEnd = Int.min
            for character in substring(word).dropLast() {
                offset += character.utf8.count
                while started < whole.count, whole[started].lowerBound < offset {
                    furthestEnd = max(furthestEnd, whole[started].upperBound)
                    started += 1
                }
                if furthestEnd > offset { continue }
                let rank: ThreadCut.Rank = ThreadCut.endsSentence(bytes, at: offset, fullWidthOnly: true) ? .sentence : .character
                cuts.append(ThreadCut(dropped: offset..<offset, rank: rank, isInsideWord: true))
            }
        }
    }

    /// The index of the first entity that ends after `offset` or any later one does: every
    /// entity before it ends at or before `offset` (a binary search over ``furthestEntityEnds``).
    private func firstEntity(endingAfter offset: Int) -> Int {
        Span.firstIndex(endingAfter: offset, count: furthestEntityEnds.count) { furthestEntityEnds[$0] }
    }
}
