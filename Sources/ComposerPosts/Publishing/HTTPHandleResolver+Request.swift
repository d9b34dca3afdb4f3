import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

extension HTTPHandleResolver {
    /// One request, raced against ``timeout``: whichever ends first decides, and a request that
    /// loses is cancelled. Cancelling the calling task ends the request at once too. A cancelled
    /// request keeps its slot until URLSession reports it ended (a few milliseconds) or
    /// ``cancelGrace`` passed; its connection is closed asynchronously, so the next request's
    /// connection can briefly overlap it.
    func resolve(_ handle: String, session: URLSession) async -> Result<String, HandleResolutionFailure> {
        guard let url = requestURL(for: handle) else {
            return .failure(.transport("cannot make a request URL from \(serviceURL.absoluteString)"))
        }
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.timeoutInterval = backstopSeconds
        let pending = PendingRequest()
        let timeout = self.timeout
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let task = session.dataTask(with: request) { data, response, error in
                    pending.finish(Self.outcome(data: data, response: response, error: error, timeout: timeout))
                    pending.taskEnded()
                }
                pending.start(continuation: continuation, task: task, timeout: timeout)
            }
        } onCancel: {
            pending.finish(.failure(.transport("cancelled")))
        }
        await pending.waitUntilTaskEnded(atMost: Self.cancelGrace)
        return outcome
    }

    /// How long a cancelled request may keep its slot while URLSession winds it down.
    static let cancelGrace = Duration.milliseconds(250)

    /// What an answer (or a failure to get one) means.
    static func outcome(
        data: Data?, response: URLResponse?, error: (any Error)?, timeout: Duration
    ) -> Result<String, HandleResolutionFailure> {
        if let error {
            if let urlError = error as? URLError, urlError.code == .timedOut { return .failure(.timedOut(timeout)) }
            return .failure(.transport(describe(error)))
        }
        guard let response = response as? HTTPURLResponse else {
            return .failure(.transport("the answer is not HTTP"))
        }
        let body = data.flatMap { try? JSONSerialization.jsonObject(with: $0) } as? [String: Any]
        guard response.statusCode == 200 else {
            return .failure(.httpStatus(response.statusCode, message: (body?["message"] as? String).map(oneLine)))
        }
        guard let body else { return .failure(.badResponse("not a JSON object")) }
        guard let did = body["did"] as? String else { return .failure(.badResponse("no string \"did\"")) }
        return ATIdentifier.isDID(did) ? .success(did) : .failure(.notADID(oneLine(did)))
    }

    private static func describe(_ error: any Error) -> String {
        guard let urlError = error as? URLError else { return oneLine(String(describing: error)) }
        switch urlError.code {
        case .cannotConnectToHost: return "cannot connect to the host"
        case .cannotFindHost: return "cannot find the host"
        case .networkConnectionLost: return "the connection was lost"
        case .notConnectedToInternet: return "not connected to the internet"
        case .unsupportedURL: return "unsupported URL"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate:
            return "the secure connection failed"
        default: return "URL error \(urlError.code.rawValue)"
        }
    }

    /// Text from the service, made safe for a one-line message: controls become spaces, and at
    /// most 200 characters are kept.
    private static func oneLine(_ text: String) -> String {
        let cleaned = String(String.UnicodeScalarView(text.unicodeScalars.map {
            $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" ? " " : $0
        }))
        return cleaned.count > 200 ? String(cleaned.prefix(200)) + "…" : cleaned
    }
}

/// The state one request shares between its completion handler, its timer and cancellation:
/// the first to finish resumes the caller; the others find it done. Separately, it tracks when the
/// data task itself has ended (its completion handler ran), which may be later.
private final class PendingRequest: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Result<String, HandleResolutionFailure>, Never>?
        var task: URLSessionDataTask?
        var timer: Task<Void, Never>?
        /// Set once finished; a finish before `start` (cancelled early) waits here for it.
        var outcome: Result<String, HandleResolutionFailure>?
        /// The data task's completion handler ran, or the task was never started.
        var taskHasEnded = false
        var endWaiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

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
            state.timer = Task { [self] in
                try? await Task.sleep(for: timeout)
                if !Task.isCancelled { finish(.failure(.timedOut(timeout))) }
            }
            return nil
        }
        if let earlyOutcome {
            continuation.resume(returning: earlyOutcome)
        } else {
            task.resume()
        }
    }

    /// Finishes the request with `outcome` if nothing finished it before; cancels the data task
    /// and the timer.
    func finish(_ outcome: Result<String, HandleResolutionFailure>) {
        let taken = state.withLock { state -> State? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            let taken = state
            state.continuation = nil
            state.task = nil
            state.timer = nil
            return taken
        }
        guard let taken else { return }
        taken.timer?.cancel()
        taken.task?.cancel()
        taken.continuation?.resume(returning: outcome)
    }

    /// Called by the data task's completion handler.
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
            Task { [self] in
                try? await Task.sleep(for: limit)
                let late = state.withLock { state in
                    defer { state.endWaiter = nil }
                    return state.endWaiter
                }
                late?.resume()
            }
        }
    }
}
