/// How long one search of the Foundation engine may run — in CPU time of the searching thread, so
/// a busy machine does not cut searches short — before the scan gives up on it: a fixed allowance
/// plus an allowance per UTF-16 code unit of the range searched, so a long text that is merely long
/// is never cut short while a backtracking search on any text is.
///
/// ICU's own time limit (`uregex_setTimeLimit`) is not reachable through NSRegularExpression; the
/// limit is checked each time ICU reports progress (at every start position it tries, and
/// periodically during backtracking), so a search overruns it by at most a few milliseconds.
/// Being a time, it depends on the machine: a search close to it may finish on one run and not on
/// another. PCRE2's limits, counted in steps, do not.
package struct SearchTimeLimit: Hashable, Sendable {
    /// Allowed for every search.
    package var perSearch: Duration
    /// Allowed in addition for each UTF-16 code unit of the searched range.
    package var perUTF16Unit: Duration

    package init(perSearch: Duration, perUTF16Unit: Duration) {
        self.perSearch = perSearch
        self.perUTF16Unit = perUTF16Unit
    }

    /// 100 ms per search plus 250 ns per code unit: generous next to a search that does not
    /// backtrack, small next to one that backtracks catastrophically.
    package static let standard = SearchTimeLimit(perSearch: .milliseconds(100), perUTF16Unit: .nanoseconds(250))

    /// The limit for a search over `utf16Count` code units.
    func duration(forUTF16Count utf16Count: Int) -> Duration {
        perSearch + perUTF16Unit * utf16Count
    }
}
