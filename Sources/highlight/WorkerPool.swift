#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Up to ``threadLimit`` threads running jobs in the order they were submitted (first in, first
/// started), each job on the worker of the thread that runs it: state that belongs to that thread
/// alone.
///
/// Threads are started as jobs need them: a submitted job starts a thread only when fewer threads
/// are waiting for work than jobs are waiting to start, and fewer than ``threadLimit`` run. A pool
/// that is never given a job starts no thread, and one given a job at a time keeps to about one;
/// a thread's worker is made (by `makeWorker`, on the submitting thread) when the thread starts.
///
/// Invariant: a job starts only after every job submitted before it has started, so a job may
/// wait for what an earlier job hands over (``Handoff``) without deadlock, however few threads
/// were started.
final class WorkerPool<Worker: Sendable>: @unchecked Sendable {
    typealias Job = @Sendable (_ worker: Worker) -> Void

    /// The most threads the pool starts.
    let threadLimit: Int
    private let makeWorker: () -> Worker
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Guarded by `mutex`: jobs not yet started, from `next` on.
    private var queue: [Job?] = []
    private var next = 0
    private var isClosing = false
    /// Guarded by `mutex`: threads waiting for a job.
    private var idle = 0
    /// Changed only by the thread that submits jobs and closes the pool.
    private var threads: [pthread_t] = []

    /// A pool that starts no thread yet.
    /// - Parameters:
    ///   - threadLimit: the most threads it starts.
    ///   - makeWorker: the state of a thread being started, called on the submitting thread.
    /// - Precondition: `threadLimit >= 1`.
    init(threadLimit: Int, makeWorker: @escaping () -> Worker) {
        precondition(threadLimit >= 1, "a pool needs a thread")
        self.threadLimit = threadLimit
        self.makeWorker = makeWorker
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    /// Threads started so far (read on the submitting thread).
    var startedThreads: Int { threads.count }

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

    /// Queues `job`, starting a thread for it when no started one is free to take it and the
    /// limit allows.
    func submit(_ job: @escaping Job) {
        pthread_mutex_lock(mutex)
        queue.append(job)
        let needsThread = queue.count - next > idle && threads.count < threadLimit
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
        if needsThread { startThread() }
    }

    private func startThread() {
        let worker = makeWorker()
        let start = Unmanaged.passRetained(ThreadStart { [self] in self.runJobs(on: worker) }).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let created = pthread_create(&thread, nil, { context in
            Unmanaged<ThreadStart>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, start)
        guard created == 0 else {
            // The jobs still run, on the threads already started; with none, nothing would run them.
            Unmanaged<ThreadStart>.fromOpaque(start).release()
            precondition(!threads.isEmpty, "cannot start a worker thread")
            return
        }
        #if canImport(Glibc)
        threads.append(thread)
        #else
        threads.append(thread!)
        #endif
    }

    private func runJobs(on worker: Worker) {
        while true {
            pthread_mutex_lock(mutex)
            while next == queue.count && !isClosing {
                idle += 1
                pthread_cond_wait(condition, mutex)
                idle -= 1
            }
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
            job(worker)
        }
    }
}

/// What a new thread runs, passed through `pthread_create`'s context pointer.
private final class ThreadStart {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}
