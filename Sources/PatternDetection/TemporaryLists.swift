/// Runs `body` with one list per source given (two to four: the last two optional), each made by
/// `make`, in memory lent for the call and released after it: the entity merges' lists, which a
/// scan of a short text then allocates nothing for.
@inline(__always)
func withTemporaryLists<Source, List, Result>(
    _ sources: (Source, Source, Source?, Source?), _ make: (Source) -> List,
    _ body: (UnsafeMutableBufferPointer<List>) -> Result
) -> Result {
    withUnsafeTemporaryAllocation(of: List.self, capacity: 4) { lists in
        var count = 0
        for source in [sources.0, sources.1, sources.2, sources.3] {
            guard let source else { break }
            (lists.baseAddress! + count).initialize(to: make(source))
            count += 1
        }
        defer { lists.baseAddress!.deinitialize(count: count) }
        return body(UnsafeMutableBufferPointer(rebasing: lists[..<count]))
    }
}
