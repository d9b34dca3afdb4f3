import PatternDetection
import Testing

@testable import ComposerPosts

/// The cut search on synthetic drafts (words of random lengths between ranked gaps, a limit, a
/// suffix that grows with the post number as ` k/n` does), against an exhaustive search, and
/// the number of tests it makes.
@Suite("Thread splitting: the cut search")
struct ThreadLayoutTests {
    /// A synthetic draft: `words[k]` lies between cut k and cut k + 1; `gaps[k]` is the width of
    /// cut k's white space (cuts 0 and last drop nothing here).
    struct Synthetic {
        var words: [Int]
        var gaps: [Int]
        var ranks: [ThreadCut.Rank]
        var limit: Int
        var numbered: Bool
        /// `offsets[k]`: where cut k's white space starts, as if the words and gaps were laid out.
        var offsets: [Int] = []

        var last: Int { words.count }

        func suffix(_ post: Int) -> Int { numbered ? (post < 10 ? 4 : 6) : 0 }

        func fits(_ start: Int, _ end: Int, post: Int) -> Bool {
            offsets[end] - offsets[start] - gaps[start] + suffix(post) <= limit
        }

        /// A short draft (up to 30 words, limits of 8 to 37), or a long one (200 to 599 words,
        /// limits of 100 to 299: dozens of cuts per post).
        init(random: inout SplitMix64, long: Bool = false) {
            let count = long ? 200 + Int(random.next() % 400) : 1 + Int(random.next() % 30)
            limit = long ? 100 + Int(random.next() % 200) : 8 + Int(random.next() % 30)
            numbered = random.next() % 2 == 0
            words = (0..<count).map { _ in 1 + Int(random.next() % 9) }
            gaps = (0...count).map { _ in 1 + Int(random.next() % 3) }
            let all: [ThreadCut.Rank] = [.character, .space, .space, .space, .line, .sentence, .paragraph]
            ranks = (0...count).map { _ in all[Int(random.next() % UInt64(all.count))] }
            var offset = 0
            for cut in 0...count {
                offsets.append(offset)
                offset += gaps[cut] + (cut < count ? words[cut] : 0)
            }
        }

        /// The cuts as a splitter holds them: cut k drops `gaps[k]` bytes at `offsets[k]`.
        var cuts: [ThreadCut] { (0...last).map { ThreadCut(dropped: offsets[$0]..<offsets[$0] + gaps[$0], rank: ranks[$0]) } }

        /// The test as the splitter makes it: a part that does not fit hints from the end of its
        /// longest prefix that fits with the suffix, the limit's worth of bytes after its start
        /// less the suffix's.
        func probe(_ start: Int, _ end: Int, post: Int, cuts: [ThreadCut]) -> ThreadLayout.Probe {
            guard !fits(start, end, post: post) else { return .init(fits: true) }
            return .init(notFittingFrom: start, to: end, fittingEnd: offsets[start] + gaps[start] + limit - suffix(post), in: cuts)
        }

        /// The fewest posts, then the lexicographically greatest (rank, position) sequence, by
        /// trying every split; nil when no split exists.
        func best() -> [Int]? {
            for count in 1...last {
                // possible[t][i]: posts t+1...count cover from cut i to the end.
                var possible = [[Bool]](repeating: [Bool](repeating: false, count: last + 1), count: count + 1)
                possible[count][last] = true
                for posts in stride(from: count - 1, through: 0, by: -1) {
                    for start in 0..<last {
                        possible[posts][start] = (start + 1...last).contains { possible[posts + 1][$0] && fits(start, $0, post: posts + 1) }
                    }
                }
                guard possible[0][0] else { continue }
                var chosen = [0]
                for post in 1..<count {
                    let start = chosen[post - 1]
                    let options = (start + 1..<last).filter { possible[post][$0] && fits(start, $0, post: post) }
                    chosen.append(options.max { (ranks[$0], $0) < (ranks[$1], $1) }!)
                }
                return chosen + [last]
            }
            return nil
        }
    }

    @Test("Fewest posts and best-ranked cuts, as an exhaustive search finds them; few tests")
    func againstExhaustiveSearch() throws {
        var random = SplitMix64(seed: 0x1A7_0E7)
        var probes = 0, posts = 0, unsplittable = 0
        for _ in 0..<400 {
            let draft = Synthetic(random: &random)
            var tests = 0
            var layout = ThreadLayout(last: draft.last) { start, end, post in
                tests += 1
                return .init(fits: draft.fits(start, end, post: post))
            }
            let expected = draft.best()
            let greedy = layout.greedy()
            guard let expected else {
                #expect(!greedy.stuck.isEmpty)
                unsplittable += 1
                continue
            }
            #expect(greedy.stuck.isEmpty && greedy.cuts.count == expected.count, "\(draft)")
            tests = 0
            let preferred = layout.preferred(count: expected.count - 1) { draft.ranks[$0] }
            #expect(preferred == expected, "\(draft)")
            probes += tests
            posts += expected.count - 1
        }
        #expect(unsplittable > 0 && posts > 700)
        // Backward and forward passes: a handful of tests per post (log of the span at worst).
        #expect(probes <= 12 * posts, "\(probes) tests for \(posts) posts")
    }

    @Test("With the count's hints: the same cuts as without, in a few tests per search both ways")
    func withHints() throws {
        var random = SplitMix64(seed: 0x41_7E)
        var tests = (forward: 0, backward: 0, unhinted: 0)
        var posts = 0
        for _ in 0..<80 {
            let draft = Synthetic(random: &random, long: true)
            let cuts = draft.cuts
            var counted = 0
            var hinted = ThreadLayout(last: draft.last) { start, end, post in
                counted += 1
                return draft.probe(start, end, post: post, cuts: cuts)
            }
            var unhinted = ThreadLayout(last: draft.last) { start, end, post in
                counted += 1
                return .init(fits: draft.fits(start, end, post: post))
            }
            let greedy = unhinted.greedy()
            #expect(hinted.greedy() == greedy, "\(draft)")
            guard greedy.stuck.isEmpty else { continue }
            let count = greedy.cuts.count - 1
            counted = 0
            let expected = unhinted.preferred(count: count) { draft.ranks[$0] }
            tests.unhinted += counted
            // The backward pass alone: each post's earliest start, from the end.
            var end = draft.last
            counted = 0
            for post in stride(from: count, to: 1, by: -1) {
                guard let start = hinted.earliest(to: end, post: post) else { break }
                end = start
            }
            tests.backward += counted
            counted = 0
            #expect(expected != nil && hinted.preferred(count: count) { draft.ranks[$0] } == expected, "\(draft)")
            tests.forward += counted
            posts += count
        }
        #expect(posts > 1000)
        // A search is its guard, the guess, the hint and the test past it: about four. Without
        // hints each pass takes about seven per post.
        #expect(tests.backward <= 4 * posts, "\(tests.backward) backward tests for \(posts) posts")
        #expect(tests.forward <= 8 * posts, "\(tests.forward) tests for \(posts) posts")
        #expect(tests.unhinted > tests.forward)
    }

    @Test("The boundary search finds the boundary from any guess, with hints or without")
    func boundary() throws {
        var random = SplitMix64(seed: 0xB0_0D)
        for _ in 0..<2000 {
            let low = Int(random.next() % 50)
            let high = low + 1 + Int(random.next() % 500)
            let answer = low + Int(random.next() % UInt64(high - low))
            let guess = Int(random.next() % 600)
            let hints = random.next() % 2 == 0
            var tests = 0
            let found = ThreadLayout.boundary(holding: low, failing: high, guess: guess) { index in
                tests += 1
                precondition(index > low && index < high)
                return (index <= answer, hints ? answer + Int(random.next() % 3) : nil)
            }
            #expect(found == answer)
            let distance = max(1, abs(answer - min(max(guess, low + 1), high - 1)))
            #expect(tests <= 2 * (Int.bitWidth - distance.leadingZeroBitCount) + 3, "\(tests) tests at distance \(distance)")
        }
    }
}
