import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ComposerPosts

extension HTTPHandleResolver {
    /// One request, raced against ``timeout``: whichever ends first decides, and a request that
    /// loses is cancelled. An answer refused for passing ``maximumAnswerBytes`` decides too, as
    /// soon as it passes the limit, and cancels the request. Cancelling the calling task ends the
    /// request at once too. The timer runs on a Dispatch queue, not the Swift concurrency pool, so
    /// the request is cancelled on time even while the pool is busy. A cancelled request keeps its slot until URLSession
    /// reports it ended (a few milliseconds) or ``cancelGrace`` passed; its connection is closed
    /// asynchronously, so the next request's connection can briefly overlap it.
    func resolve(
        _ handle: String, session: URLSession, collector: AnswerCollector
    ) async -> Result<String, HandleResolutionFailure> {
        guard let url = requestURL(for: handle) else {
            return .failure(.transport("cannot make a request URL from \(serviceURL.absoluteString)"))
        }
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.timeoutInterval = backstopSeconds
        let pending = PendingRequest()
        let timeout = self.timeout
        // The collector finishes the request when the task completes, or as soon as its answer
        // passes `maximumAnswerBytes`.
        let task = session.dataTask(with: request)
        collector.expect(task, for: pending)
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                pending.start(continuation: continuation, task: task, timeout: timeout)
            }
        } onCancel: {
            pending.finish(.failure(.transport("cancelled")))
        }
        await pending.waitUntilTaskEnded(atMost: Self.cancelGrace)
        collector.forget(task)
        return outcome
    }

    /// How long a cancelled request may keep its slot while URLSession winds it down.
    static let cancelGrace = Duration.milliseconds(250)

    /// The most bytes an answer's body may have: 64 KiB. A `resolveHandle` answer is a small JSON
    /// object (`{"did":"did:plc:…"}`, well under 1 KiB); a service that sends more is not answering
    /// the question, and its answer is refused as soon as it passes this limit (by its
    /// `Content-Length`, or by the bytes received), with ``HandleResolutionFailure/badResponse(_:)``
    /// `"answer larger than 64 KiB"`. A request therefore never holds more than this much of an
    /// answer, and never waits for the rest.
    public static let maximumAnswerBytes = 64 * 1024

    /// The reason of a refused answer.
    static var answerTooLarge: String { "answer larger than \(maximumAnswerBytes / 1024) KiB" }

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
