import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ComposerPosts
import ComposerCore

/// The session's delegate: gathers each request's answer and, when its data task completes, tells
/// the request's ``PendingRequest`` what the answer means.
///
/// No answer longer than ``HTTPHandleResolver/maximumAnswerBytes`` is kept: one whose
/// `Content-Length` is larger is refused when its head arrives, one that sends more bytes than
/// that when they arrive. A refused answer finishes its request at once with
/// ``HandleResolutionFailure/badResponse(_:)`` (``HTTPHandleResolver/answerTooLarge``) and cancels
/// its data task; the bytes gathered so far are dropped, and any that URLSession still delivers
/// before the cancellation takes hold are ignored.
///
/// Delegate calls arrive on the session's serial delegate queue; the table is locked all the same,
/// because requests register and leave it from their own tasks.
final class AnswerCollector: NSObject, URLSessionDataDelegate, Sendable {
    private struct Answer {
        let pending: PendingRequest
        var response: URLResponse?
        var body = Data()
        var refused = false
    }

    /// By task identifier: requests whose data task was made and has not completed.
    private let answers = LockedValue<[Int: Answer]>([:])
    private let timeout: Duration

    init(timeout: Duration) {
        self.timeout = timeout
    }

    /// Call before `task` is resumed: its answer goes to `pending`.
    func expect(_ task: URLSessionTask, for pending: PendingRequest) {
        answers.withLock { $0[task.taskIdentifier] = Answer(pending: pending) }
    }

    /// Drops what is kept for `task` (a task that was never resumed never completes).
    func forget(_ task: URLSessionTask) {
        _ = answers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        if response.expectedContentLength > Int64(HTTPHandleResolver.maximumAnswerBytes) {
            refuse(dataTask)
            // FoundationNetworking ignores the disposition; `refuse` cancelled the task.
            completionHandler(.cancel)
            return
        }
        answers.withLock { $0[dataTask.taskIdentifier]?.response = response }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let id = dataTask.taskIdentifier
        let fits = answers.withLock { answers -> Bool in
            guard answers[id]?.refused == false, let count = answers[id]?.body.count else { return true }
            guard count + data.count <= HTTPHandleResolver.maximumAnswerBytes else { return false }
            answers[id]?.body.append(data)
            return true
        }
        if !fits { refuse(dataTask) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let answer = answers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        answer.pending.finish(
            answer.refused
                ? .failure(.badResponse(HTTPHandleResolver.answerTooLarge))
                : HTTPHandleResolver.outcome(data: answer.body, response: answer.response, error: error, timeout: timeout),
            cancelling: false)
        answer.pending.taskEnded()
    }

    /// Marks the answer refused, drops its bytes, and finishes its request (which cancels the task).
    private func refuse(_ task: URLSessionDataTask) {
        let id = task.taskIdentifier
        let pending = answers.withLock { answers -> PendingRequest? in
            guard answers[id]?.refused == false else { return nil }
            answers[id]?.refused = true
            answers[id]?.body = Data()
            return answers[id]?.pending
        }
        pending?.finish(.failure(.badResponse(HTTPHandleResolver.answerTooLarge)))
    }
}
