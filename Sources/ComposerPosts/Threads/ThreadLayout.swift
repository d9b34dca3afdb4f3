/// Where to cut a draft, given its candidate cuts (indices `0...last`, the first and last being
/// the draft's ends) and a test of whether the part between two cuts fits as a given post.
///
/// The searches rely on one property of the test: a part that fits still fits when it ends at an
/// earlier cut or starts at a later one. Every profile has it for parts between cuts at white
/// space, whose lengths add up across the white space. A part bounded by a cut inside a word is
/// counted afresh, and a cut there can make or break an entity (a link glued to the text before
/// it becomes one at the start of a post); there the results stay valid (every part returned was
/// tested) but may hold more posts than the fewest possible.
struct ThreadLayout {
    /// What testing one part tells.
    struct Probe {
        var fits: Bool
        /// For a part that does not fit: a guess at the furthest cut its start can reach (from the
        /// count's longest fitting prefix), which the search tries next; `nil` when unknown.
        var furthest: Int?
        /// For a part that does not fit: a guess at the earliest cut from which its end can be
        /// reached, which the backward search tries next; `nil` when unknown.
        var earliest: Int?
    }

    /// The index of the last cut (the draft's end).
    let last: Int
    /// Tests the part from cut `start` to cut `end` as post number `post` (1-based).
    let probe: (_ start: Int, _ end: Int, _ post: Int) -> Probe
    /// How many cuts the last post found spanned: the first guess for the next one.
    private var span = 8

    init(last: Int, probe: @escaping (_ start: Int, _ end: Int, _ post: Int) -> Probe) {
        self.last = last
        self.probe = probe
    }

    func fits(_ start: Int, _ end: Int, post: Int) -> Bool {
        probe(start, end, post).fits
    }

    /// The furthest cut after `start` that post number `post` can end at, or `nil` when not even
    /// the next one can.
    /// - Complexity: O(log e) tests, e being how far the answer lies from the previous post's span
    ///   (usually two or three tests with the count's hint).
    mutating func reach(from start: Int, post: Int) -> Int? {
        guard start < last, fits(start, start + 1, post: post) else { return nil }
        let end = Self.boundary(holding: start + 1, failing: last + 1, guess: start + span + span / 4 + 1) {
            (end) in
            let result = probe(start, end, post)
            return (result.fits, result.furthest)
        }
        span = end - start
        return end
    }

    /// The earliest cut before `end` that post number `post` can start at, or `nil` when not
    /// even the previous one can.
    /// - Complexity: O(log e) tests, as ``reach(from:post:)``.
    mutating func earliest(to end: Int, post: Int) -> Int? {
        guard end > 0, fits(end - 1, end, post: post) else { return nil }
        // Searched by distance back from `end`: distance 1 fits, distance end + 1 is before the start.
        let distance = Self.boundary(holding: 1, failing: end + 1, guess: span + span / 4 + 1) {
            (distance) in
            let result = probe(end - distance, end, post)
            return (result.fits, result.earliest.map { end - $0 })
        }
        span = distance
        return end - distance
    }

    /// Each post as long as it fits, from the start: the cuts chosen (`0` first, `last` last),
    /// the fewest posts there can be (for a test that has the property above). Where a post
    /// cannot even reach the next cut, that cut index is reported in `stuck` and the search goes
    /// on after the part (the cuts are then no split).
    mutating func greedy() -> (cuts: [Int], stuck: [Int]) {
        var cuts = [0]
        var stuck: [Int] = []
        var start = 0
        while start < last {
            if let end = reach(from: start, post: cuts.count) {
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
    mutating func preferred(count: Int, rank: (Int) -> ThreadCut.Rank) -> [Int]? {
        var bounds = [last]
        for posts in 1..<count {
            let previous = bounds[posts - 1]
            if previous == 0 {
                bounds.append(0)
                continue
            }
            guard let bound = earliest(to: previous, post: count - posts + 1) else { return nil }
            bounds.append(bound)
        }
        var cuts = [0]
        for post in 1..<count {
            let start = cuts[post - 1]
            guard let furthest = reach(from: start, post: post) else { return nil }
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
        guard fits(cuts[count - 1], last, post: count) else { return nil }
        cuts.append(last)
        return cuts
    }
}
