#if PCRE2
import Synchronization

extension MatchScratch {
    /// Scratch not in use, kept for the next scan: each slot holds one retained instance or
    /// nothing. At most 16 are kept; more are made when more scans run at once, and
    /// freed when they finish.
    ///
    /// Lock-free: a scan takes the first filled slot with one atomic exchange (acquiring) and gives
    /// its scratch back to the first empty slot with one compare-exchange (releasing), so what one
    /// scan wrote into the scratch happens before the next scan that takes it reads it. Atomics,
    /// rather than a `Mutex`, also let ThreadSanitizer see that order: `Mutex` waits in the kernel
    /// on Linux, which the sanitizer does not observe.
    private static let slots = InlineArray<16, Atomic<Unmanaged<MatchScratch>?>> { _ in Atomic(nil) }

    /// Runs `body` with scratch no other caller uses meanwhile, taken from the pool (or made) and
    /// returned to it afterwards.
    /// - Complexity: two uncontended atomic operations per call; allocation only when every slot
    ///   is empty.
    package static func withPooled<Result>(_ body: (MatchScratch) -> Result) -> Result {
        let scratch = taken() ?? MatchScratch()
        defer { giveBack(scratch) }
        return body(scratch)
    }

    private static func taken() -> MatchScratch? {
        for index in slots.indices {
            if let held = slots[index].exchange(nil, ordering: .acquiring) { return held.takeRetainedValue() }
        }
        return nil
    }

    private static func giveBack(_ scratch: MatchScratch) {
        let held = Unmanaged.passRetained(scratch)
        for index in slots.indices {
            if slots[index].compareExchange(expected: nil, desired: held, ordering: .releasing).exchanged { return }
        }
        held.release()
    }
}
#endif
