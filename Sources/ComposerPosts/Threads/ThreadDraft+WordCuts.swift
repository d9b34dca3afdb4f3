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
        for (index, cut) in whiteSpaceCuts.enumerated() {
            cuts.append(cut)
            if nextWord < words.count, words[nextWord] == index {
                cuts += cutsInside(slice(from: cut, to: whiteSpaceCuts[index + 1]), reserve: reserve)
                nextWord += 1
            }
        }
        return cuts
    }

    /// The cuts inside one word.
    private func cutsInside(_ word: Range<Int>, reserve: String) -> [ThreadCut] {
        var whole: [Range<Int>] = []
        for entity in entities {
            guard entity.lowerBound < word.upperBound else { break }
            guard entity.upperBound > word.lowerBound else { continue }
            let alone = PostLength.report(for: String(substring(entity)) + reserve, profile: profile)
            if alone.isValid { whole.append(entity) }
        }
        return withUTF8Bytes(of: text) { bytes in
            var cuts: [ThreadCut] = []
            var offset = word.lowerBound
            for character in substring(word).dropLast() {
                offset += character.utf8.count
                if whole.contains(where: { $0.lowerBound < offset && offset < $0.upperBound }) { continue }
                let rank: ThreadCut.Rank = ThreadCut.endsSentence(bytes, at: offset, fullWidthOnly: true) ? .sentence : .character
                cuts.append(ThreadCut(dropped: offset..<offset, rank: rank, isInsideWord: true))
            }
            return cuts
        }
    }
}
