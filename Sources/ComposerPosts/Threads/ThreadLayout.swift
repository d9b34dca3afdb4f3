/// Where to cut a draft, given its candidate cuts (indices `0...last`, the first and last being
/// the draft's ends) and a test of whether the part between two cuts fits as a given post.
///
/// The searches rely on one property of the test: a part that fits still fits when it ends at an
/// earlier cut or starts at a later one. Every profile has it for parts between cuts at white
/// space, whose lengths add up across the white space. A part bounded by a cut inside a word is
/// counted afresh, and an entity cut in two can count differently from its pieces; there the
/// results stay valid (every part returned was tested), but counts may fall short of minimal.
struct ThreadLayout {
    /// The index of the last cut (the draft's end).
    let last: Int
    /// Whether the part from cut `start` to cut `end` fits as post number `post` (1-based).
    let fits: (_ start: Int, _ end: Int, _ post: Int) throws(ThreadSplitError) -> Bool

    /// The furthest cut after `start` that post number `post` can end at, or `nil` when not even
    /// the next one can.
    /// - Complexity: O(log d) tests, d being the number of cuts the post spans: a galloping
    ///   search, then a binary one.
    func reach(from start: Int, post: Int) throws(ThreadSplitError) -> Int? {
        guard start < last, try fits(start, start + 1, post) else { return nil }
        var good = start + 1, bad = last + 1, step = 1
        while good + 1 < bad {
            let probe = min(good + step, bad - 1)
            guard try fits(start, probe, post) else {
                bad = probe
                break
            }
            good = probe
            step *= 2
        }
        while good + 1 < bad {
            let middle = (good + bad) / 2
            if try fits(start, middle, post) { good = middle } else { bad = middle }
        }
        return good
    }

    /// The earliest cut before `end` that post number `post` can start at, or `nil` when not
    /// even the previous one can.
    /// - Complexity: O(log d) tests, as ``reach(from:post:)``.
    func earliest(to end: Int, post: Int) throws(ThreadSplitError) -> Int? {
        guard end > 0, try fits(end - 1, end, post) else { return nil }
        var good = end - 1, bad = -1, step = 1
        while good - 1 > bad {
            let probe = max(good - step, bad + 1)
            guard try fits(probe, end, post) else {
                bad = probe
                break
            }
            good = probe
            step *= 2
        }
        while good - 1 > bad {
            let middle = (good + bad) / 2
            if try fits(middle, end, post) { good = middle } else { bad = middle }
        }
        return good
    }

    /// Each post as long as it fits, from the start: the cuts chosen (`0` first, `last` last),
    /// the fewest posts there can be (for a test that has the property above). Where a post
    /// cannot even reach the next cut, that cut index is reported in `stuck` and the search goes
    /// on after the part (the cuts are then no split).
    func greedy() throws(ThreadSplitError) -> (cuts: [Int], stuck: [Int]) {
        var cuts = [0]
        var stuck: [Int] = []
        var start = 0
        while start < last {
            if let end = try reach(from: start, post: cuts.count) {
                cuts.append(end)
                start = end
            } else {
                stuck.append(start)
                start += 1
            }
        }
        return (cuts, stuck)
    }

    /// The split into exactly `count` posts (the fewest possible) whose cuts, read from the first,
    /// are as good as possible: each cut is the best-ranked one (the furthest among equals) that
    /// still lets the remaining posts reach the end. That is, among all splits into `count`
    /// posts, the one whose sequence of (rank, position) of cuts is lexicographically greatest.
    ///
    /// First, from the end backwards, the earliest cut from which the last t posts can still
    /// reach the end (each post starting as early as it fits); then, from the start, each post's
    /// cut is chosen among those it reaches that are no earlier than that bound.
    ///
    /// Returns `nil` when the bounds contradict one another, which only a test without the
    /// property above can cause; callers then fall back to ``greedy()``.
    /// - Complexity: O(count × log d) tests, plus O(cuts) rank comparisons.
    func preferred(count: Int, rank: (Int) -> ThreadCut.Rank) throws(ThreadSplitError) -> [Int]? {
        var bounds = [last]
        for posts in 1..<count {
            let previous = bounds[posts - 1]
            if previous == 0 {
                bounds.append(0)
                continue
            }
            guard let bound = try earliest(to: previous, post: count - posts + 1) else { return nil }
            bounds.append(bound)
        }
        var cuts = [0]
        for post in 1..<count {
            let start = cuts[post - 1]
            guard let furthest = try reach(from: start, post: post) else { return nil }
            let upper = min(furthest, last - (count - post))
            let lower = max(bounds[count - post], start + 1)
            guard lower <= upper else { return nil }
            var best = upper
            var index = upper
            while index > lower, rank(best) < .paragraph {
                index -= 1
                if rank(index) > rank(best) { best = index }
            }
            cuts.append(best)
        }
        guard try fits(cuts[count - 1], last, count) else { return nil }
        cuts.append(last)
        return cuts
    }
}
