#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#else
import Synchronization
#endif

#if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
/// A value that one caller at a time reads or changes, behind a POSIX mutex.
///
/// Used instead of `Synchronization.Mutex` so that ThreadSanitizer sees the lock. On Linux `Mutex`
/// waits in the kernel (a priority-inheriting futex that the kernel hands from one thread to the
/// next), which the sanitizer does not observe: every contended access to a `Mutex`'s value is then
/// reported as a race, and an app or server that runs its own tests with `--sanitize=thread` would
/// get thousands of such reports from this package. The sanitizer intercepts
/// `pthread_mutex_lock` and `pthread_mutex_unlock`, so accesses made under this lock are ordered
/// for it as they are for the processor. Where there are no POSIX threads it wraps `Mutex`.
///
/// Invariant: `value` is read or written only between a lock and the matching unlock of `mutex`;
/// the mutex lives at a fixed address (allocated once) for the instance's lifetime.
package final class LockedValue<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    package init(_ initialValue: sending Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed (\(status))")
        value = initialValue
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock. `body` must not call `withLock` on the
    /// same instance (the lock is not recursive: that would wait forever).
    package func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
#else
/// A value that one caller at a time reads or changes, behind a `Synchronization.Mutex` (this
/// platform has no POSIX threads; where it has, the lock is a POSIX mutex that ThreadSanitizer
/// sees).
package final class LockedValue<Value>: Sendable {
    private let mutex: Mutex<Value>

    package init(_ initialValue: sending Value) {
        mutex = Mutex(initialValue)
    }

    /// Runs `body` with the value while holding the lock. `body` must not call `withLock` on the
    /// same instance.
    package func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        try mutex.withLock(body)
    }
}
#endif
