#if !PCRE2 || FOUNDATION_REGEX_ORACLE
import Foundation

/// The CPU time the calling thread has used: what a search's time limit counts, so that a machine
/// busy with other work (or a test runner starting many processes) does not make a search give up
/// that would finish given the CPU.
enum ThreadCPUClock {
    /// CPU time of the calling thread since it started.
    static func now() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
    }
}
#endif
