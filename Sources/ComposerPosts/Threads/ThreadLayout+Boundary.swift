extension ThreadLayout {
    /// The last index where `test` holds, between `holding` (where it holds) and `failing`
    /// (where it fails), for a test that holds up to some index and fails after it.
    ///
    /// Starts at `guess` and moves away from it in doubling steps until the answer is bracketed,
    /// then bisects; a failing test's hint (an index where it may hold again) is tried next. So
    /// a good guess or hint costs a few tests, and a bad one O(log distance).
    static func boundary(
        holding: Int, failing: Int, guess: Int, test: (Int) -> (holds: Bool, hint: Int?)
    ) -> Int {
        var good = holding, bad = failing
        var next = guess
        var step = 1
        // +1 while searching upwards from a success, -1 downwards from a failure, 0 right after a
        // hint; the other direction's result brackets the answer.
        var direction = 0
        while good + 1 < bad {
            let index = min(max(next, good + 1), bad - 1)
            let (holds, hint) = test(index)
            if holds {
                good = index
                if direction < 0 { break }
                if direction == 0 { step = 1 }
                direction = 1
                next = good + step
            } else {
                bad = index
                if let hint, hint > good, hint < bad {
                    next = hint
                    direction = 0
                    continue
                }
                if direction > 0 { break }
                if direction == 0 { step = 1 }
                direction = -1
                next = bad - step
            }
            step *= 2
        }
        while good + 1 < bad {
            let middle = (good + bad) / 2
            if test(middle).holds { good = middle } else { bad = middle }
        }
        return good
    }
}
