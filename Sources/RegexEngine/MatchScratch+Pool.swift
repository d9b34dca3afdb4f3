#if PCRE2
import Synchronization

extension MatchScratch {
    /// Scratch not in use, kept for the next scan. At most ``poolCapacity`` are kept; more are
    /// made when more scans run at once, and freed when they finish.
    private static let pool = Mutex<[MatchScratch]>([])
    private static let poolCapacity = 16

    /// Runs `body` with scratch no other caller uses meanwhile, taken from the pool (or made) and
    /// returned to it afterwards.
    /// - Complexity: one uncontended lock round trip per call, amortised; allocation only when the
    ///   pool is empty.
    package static func withPooled<Result>(_ body: (MatchScratch) -> Result) -> Result {
        let scratch = pool.withLock { $0.popLast() } ?? MatchScratch()
        defer {
            pool.withLock { free in
                if free.count < poolCapacity { free.append(scratch) }
            }
        }
        return body(scratch)
    }
}
#endif
