#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte buffers handed back and forth between threads (segments read, outputs rendered), kept
/// with their capacity: a freshly allocated segment-sized buffer is mapped and faulted in page by
/// page, a recycled one is not.
///
/// Invariant: every buffer held is empty; at most `limit` are held.
final class BufferRecycler: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Guarded by `mutex`.
    private var buffers: [[UInt8]] = []
    private let limit: Int

    init(limit: Int) {
        self.limit = limit
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// An empty buffer, with the capacity of one handed back earlier when there is one.
    func take() -> [UInt8] {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return buffers.popLast() ?? []
    }

    /// Keeps the storage of `buffer`, which is left empty, for a later ``take()`` (or frees it when
    /// enough are kept).
    ///
    /// The storage is taken out of the caller's variable, so it is kept only when that variable
    /// held the last reference: emptying a shared array while keeping its capacity would allocate
    /// fresh storage of that size instead, whose pages would all be faulted in again.
    func give(_ buffer: inout [UInt8]) {
        var kept: [UInt8] = []
        swap(&kept, &buffer)
        kept.removeAll(keepingCapacity: true)
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if buffers.count < limit { buffers.append(kept) }
    }
}
