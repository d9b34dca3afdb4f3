// Shared by the tests and the `lengths` fuzz target (Fuzz/LengthsFuzz.swift), which compiles the
// ComposerPosts sources into its own module and so must not import it.
import PatternDetection
#if !FUZZING
@testable import ComposerPosts
#endif

extension ThreadOracle {
    /// What is wrong with `posts` as the split of the draft, each check independent of the
    /// splitter's own counting: every post valid and as long as ``PostLength`` says; the posts
    /// tile the draft with only white space dropped, at cuts the rules allow (no entity cut unless
    /// too long for a post, no word cut unless too long for a post); no two neighbouring posts
    /// could be one; no cut could move to a better-ranked (or, equally ranked, later) place with
    /// both posts beside it still valid.
    /// - Parameter ranks: also check that no cut could be better placed (holds where lengths add
    ///   up: always at white space, inside words only in ``ThreadDrafts`` `spaced` drafts).
    mutating func violations(of posts: [ThreadPost], ranks: Bool = true) -> [String] {
        var problems: [String] = []
        guard draft.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else {
            return posts.isEmpty ? [] : ["a blank draft gave \(posts.count) posts"]
        }
        guard !posts.isEmpty else { return ["no posts"] }
        let count = posts.count
        let suffixes = (1...count).map { numbering && count > 1 ? " \($0)/\(count)" : "" }
        // Valid, counted right, the draft's slice plus the suffix, UTF-16 range right.
        for (index, post) in posts.enumerated() {
            let report = self.report(post.text)
            if !report.isValid || report.length != post.length {
                problems.append("post \(index + 1): \(post.length) claimed, \(report.length) counted, valid \(report.isValid)")
            }
            if post.text != text(post.utf8Range) + suffixes[index] {
                problems.append("post \(index + 1) is not its slice plus \(suffixes[index].debugDescription)")
            }
            let utf16 = TextOffsets.utf16Offsets([post.utf8Range.lowerBound, post.utf8Range.upperBound], in: draft)
            if post.utf16Range != utf16[0]..<utf16[1] { problems.append("post \(index + 1): UTF-16 range \(post.utf16Range)") }
            if post.utf8Range.isEmpty { problems.append("post \(index + 1) is empty") }
        }
        // Tiling: the gaps are white space only; posts neither start nor end with white space.
        var gaps: [Range<Int>] = [0..<posts[0].utf8Range.lowerBound]
        for index in 1..<count { gaps.append(posts[index - 1].utf8Range.upperBound..<posts[index].utf8Range.lowerBound) }
        gaps.append(posts[count - 1].utf8Range.upperBound..<bytes.count)
        for gap in gaps where gap.lowerBound > gap.upperBound || !text(gap).allSatisfy(Self.isCutSpace) {
            problems.append("gap \(gap) holds more than white space")
        }
        for (index, post) in posts.enumerated() {
            let slice = text(post.utf8Range)
            if let first = slice.first, Self.isCutSpace(first) { problems.append("post \(index + 1) starts with white space") }
            if let last = slice.last, Self.isCutSpace(last) { problems.append("post \(index + 1) ends with white space") }
        }
        guard problems.isEmpty else { return problems }
        // The cuts taken are allowed cuts. With numbering, words may be cut inside if they do not
        // fit with the suffix of the thread's count, or of one digit more (the splitter keeps the
        // widest suffix it tried when cutting words brings the count back under a power of ten).
        let digits = numbering && count > 1 ? String(count).count : 0
        var cuts: [Cut] = []
        var chosen: [Int] = []
        for reserveDigits in numbering && count > 1 ? [digits, digits + 1] : [0] {
            cuts = self.cuts(reserve: reserve(digits: reserveDigits))
            let indices = gaps.dropFirst().dropLast().compactMap { gap in cuts.firstIndex { $0.dropped == gap } }
            chosen = [0] + indices + [cuts.count - 1]
            if indices.count == count - 1 { break }
        }
        guard chosen.count == count + 1 else {
            let allowed = Set(cuts.map(\.dropped))
            return gaps.dropFirst().dropLast().filter { !allowed.contains($0) }.map {
                "the cut \($0) is not an allowed cut (entity or word cut, or white space split)"
            }
        }
        for gap in gaps where !gap.isEmpty {
            for entity in entities where entity.overlaps(gap) { problems.append("white space \(gap) inside entity \(entity)") }
        }
        // No two neighbours could be one post; no cut could be better placed.
        for post in 1..<count {
            let (before, cut, after) = (chosen[post - 1], chosen[post], chosen[post + 1])
            if fits(cuts, before, after, suffix: suffixes[post - 1]) {
                problems.append("posts \(post) and \(post + 1) fit as one")
            }
            guard ranks else { continue }
            let rank = cuts[cut].rank
            var better = (before + 1..<after).filter { cuts[$0].rank > rank }
            if let next = (cut + 1..<after).first(where: { cuts[$0].rank == rank }) { better.append(next) }
            for place in better
            where fits(cuts, before, place, suffix: suffixes[post - 1]) && fits(cuts, place, after, suffix: suffixes[post]) {
                problems.append("cut \(post) (rank \(rank)) could move to \(cuts[place].dropped) (rank \(cuts[place].rank))")
                break
            }
        }
        return problems
    }
}
