#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The processors this process can run on, for the default `--threads`.
enum ProcessorCount {
    /// The processors online (at least 1).
    static var online: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }
}
