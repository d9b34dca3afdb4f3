#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value passed once from one thread to any others: ``put(_:)`` once, ``wait()`` as often as
/// needed, each blocking until the value is there.
///
/// Invariant: the value, once put, never changes (a second `put` traps).
final class Handoff<Value: Sendable>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Guarded by `mutex`.
    private var value: Value?

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    /// A handoff that already holds `value`.
    convenience init(_ value: Value) {
        self.init()
        put(value)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func put(_ newValue: Value) {
        pthread_mutex_lock(mutex)
        precondition(value == nil, "a handoff is put once")
        value = newValue
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    /// The value, once it is put.
    func wait() -> Value {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while true {
            if let value { return value }
            pthread_cond_wait(condition, mutex)
        }
    }
}
