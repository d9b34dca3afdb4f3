import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ComposerPosts
import ComposerCore

/// The state one request shares between the session's delegate (its answer, or its refusal of an
/// answer too large), its timer and cancellation: the first to finish resumes the caller; the
/// others find it done. Separately, it tracks when the data task itself has ended (the delegate
/// saw it complete), which may be later.
///
/// Timers are Dispatch work items, so they fire on time whatever the Swift concurrency pool is
/// doing.
final class PendingRequest: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Result<String, HandleResolutionFailure>, Never>?
        var task: URLSessionDataTask?
        /// Set once finished; a finish before `start` (cancelled early) waits here for it.
        var outcome: Result<String, HandleResolutionFailure>?
        /// The data task completed, or was never started.
        var taskHasEnded = false
        var endWaiter: CheckedContinuation<Void, Never>?
    }

    private let state = LockedValue(State())

    /// Starts `task` and the timer, unless the request already finished (then resumes at once).
    func start(
        continuation: CheckedContinuation<Result<String, HandleResolutionFailure>, Never>,
        task: URLSessionDataTask, timeout: Duration
    ) {
        let earlyOutcome: Result<String, HandleResolutionFailure>? = state.withLock { state in
            if let outcome = state.outcome {
                state.taskHasEnded = true
                return outcome
            }
            state.continuation = continuation
            state.task = task
            return nil
        }
        if let earlyOutcome {
            continuation.resume(returning: earlyOutcome)
            return
        }
        // Not cancelled when the answer comes first: it then finds the request finished.
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout.dispatchInterval) { [self] in
            finish(.failure(.timedOut(timeout)))
        }
        task.resume()
    }

    /// Finishes the request with `outcome` if nothing finished it before, and then (unless
    /// `cancelling` is false: the task has completed) cancels the data task on a thread of its own:
    /// the caller never waits for URLSession.
    func finish(_ outcome: Result<String, HandleResolutionFailure>, cancelling: Bool = true) {
        let taken = state.withLock { state -> State? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            let taken = state
            state.continuation = nil
            state.task = nil
            return taken
        }
        guard let taken else { return }
        if cancelling, let task = taken.task {
            // On a thread of its own: `cancel()` waits for the session's work queue, which a fast
            // answer keeps busy until it is cancelled, and a Dispatch worker blocked there (this one
            // may be the delegate queue's) is one the delegate queue may need to run at all: on
            // Linux the pool is about as wide as the cores, and a stalled delegate queue holds every
            // chunk URLSession has read, and delays every other request's answer.
            Thread.detachNewThread { task.cancel() }
        }
        taken.continuation?.resume(returning: outcome)
    }

    /// Called by the session's delegate when the data task completed.
    func taskEnded() {
        let waiter = state.withLock { state in
            state.taskHasEnded = true
            defer { state.endWaiter = nil }
            return state.endWaiter
        }
        waiter?.resume()
    }

    /// Returns once the data task has ended, or after `limit`.
    func waitUntilTaskEnded(atMost limit: Duration) async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let ended = state.withLock { state in
                if !state.taskHasEnded { state.endWaiter = waiter }
                return state.taskHasEnded
            }
            if ended { return waiter.resume() }
            DispatchQueue.global().asyncAfter(deadline: .now() + limit.dispatchInterval) { [self] in
                let late = state.withLock { state in
                    defer { state.endWaiter = nil }
                    return state.endWaiter
                }
                late?.resume()
            }
        }
    }
}

extension Duration {
    /// The duration for Dispatch, in whole nanoseconds.
    var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}
