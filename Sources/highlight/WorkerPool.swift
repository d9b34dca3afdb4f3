#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fixed number of threads running jobs in the order they were submitted (first in, first
/// started). A job is told which thread runs it (`0..<threadCount`), so it can use state that
/// belongs to that thread alone.
///
/// Invariant: a job starts only after every job submitted before it has started, so a job may
/// wait for what an earlier job hands over (``Handoff``) without deadlock.
final class WorkerPool: @unchecked Sendable {
    typealias Job = @Sendable (_ thread: Int) -> Void

    let threadCount: Int
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Guarded by `mutex`: jobs not yet started, from `next` on.
    private var queue: [Job?] = []
    private var next = 0
    private var isClosing = false
    private var threads: [pthread_t] = []

    /// Starts `threadCount` threads.
    /// - Precondition: `threadCount >= 1`.
    init(threadCount: Int) {
        precondition(threadCount >= 1, "a pool needs a thread")
        self.threadCount = threadCount
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
        for index in 0..<threadCount {
            let start = Unmanaged.passRetained(ThreadStart { [self] in self.runJobs(thread: index) }).toOpaque()
            #if canImport(Glibc)
            var thread = pthread_t()
            #else
            var thread: pthread_t?
            #endif
            let created = pthread_create(&thread, nil, { context in
                Unmanaged<ThreadStart>.fromOpaque(context!).takeRetainedValue().body()
                return nil
            }, start)
            precondition(created == 0, "cannot start a worker thread")
            #if canImport(Glibc)
            threads.append(thread)
            #else
            threads.append(thread!)
            #endif
        }
    }

    /// Lets the threads finish the jobs submitted so far, then ends them.
    func close() {
        pthread_mutex_lock(mutex)
        isClosing = true
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
        for thread in threads { pthread_join(thread, nil) }
        threads.removeAll()
    }

    deinit {
        if !threads.isEmpty { close() }
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func submit(_ job: @escaping Job) {
        pthread_mutex_lock(mutex)
        queue.append(job)
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    private func runJobs(thread: Int) {
        while true {
            pthread_mutex_lock(mutex)
            while next == queue.count && !isClosing { pthread_cond_wait(condition, mutex) }
            if next == queue.count {
                pthread_mutex_unlock(mutex)
                return
            }
            let job = queue[next]!
            queue[next] = nil
            next += 1
            if next == queue.count {
                queue.removeAll(keepingCapacity: true)
                next = 0
            }
            pthread_mutex_unlock(mutex)
            job(thread)
        }
    }
}

/// What a new thread runs, passed through `pthread_create`'s context pointer.
private final class ThreadStart {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}
