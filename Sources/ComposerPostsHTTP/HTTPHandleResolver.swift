import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ComposerPosts

/// Resolves handles with an atproto service's `com.atproto.identity.resolveHandle`:
/// `GET {serviceURL}/xrpc/com.atproto.identity.resolveHandle?handle=H`, answered by
/// `{"did":"did:plc:…"}`.
///
/// Per ``resolve(_:)`` call (a batch): each distinct handle is asked once (handles are compared
/// lower-cased, as atproto normalizes them), at most ``maximumConcurrentRequests`` requests are
/// in flight, and each request gets ``timeout`` — enforced by this type's own timer, which cancels
/// the request, because `URLSession`'s timeouts on Linux count whole seconds only (a timeout under
/// one second fails at once) and its resource timeout does not fire. A batch therefore ends within
/// about ⌈handles / maximumConcurrentRequests⌉ × ``timeout``.
///
/// A handle is unresolved (never an error of the batch) on a transport error, a status other than
/// 200 (with the service's `message` when it sends one), a timeout, an answer that is not a JSON
/// object with a string `did`, an answer larger than ``maximumAnswerBytes`` (refused as it passes
/// the limit, whatever its status, so a huge answer holds neither memory nor its slot), or a `did`
/// that is not a DID.
public struct HTTPHandleResolver: HandleResolver {
    /// The service, e.g. `https://public.api.bsky.app` (a trailing `/` is ignored).
    public let serviceURL: URL
    /// The most time one request may take, from sending to the last byte of the answer.
    public let timeout: Duration
    /// The most requests in flight at once.
    public let maximumConcurrentRequests: Int

    /// - Precondition: `timeout` is positive and `maximumConcurrentRequests` at least 1.
    public init(serviceURL: URL, timeout: Duration = .seconds(5), maximumConcurrentRequests: Int = 4) {
        precondition(timeout > .zero, "the timeout must be positive")
        precondition(maximumConcurrentRequests >= 1, "at least one request must be allowed")
        self.serviceURL = serviceURL
        self.timeout = timeout
        self.maximumConcurrentRequests = maximumConcurrentRequests
    }

    /// Outcomes keyed by the lower-cased handle.
    public func resolve(_ handles: [String]) async -> [String: Result<String, HandleResolutionFailure>] {
        var seen: Set<String> = []
        let distinct = handles.map(ATIdentifier.normalizedHandle).filter { seen.insert($0).inserted }
        guard !distinct.isEmpty else { return [:] }
        let collector = AnswerCollector(timeout: timeout)
        let session = URLSession(configuration: sessionConfiguration, delegate: collector, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        var outcomes: [String: Result<String, HandleResolutionFailure>] = [:]
        await withTaskGroup(of: (String, Result<String, HandleResolutionFailure>).self) { group in
            var next = 0
            func startNext() {
                let handle = distinct[next]
                next += 1
                group.addTask { (handle, await self.resolve(handle, session: session, collector: collector)) }
            }
            while next < min(maximumConcurrentRequests, distinct.count) { startNext() }
            for await (handle, outcome) in group {
                outcomes[handle] = outcome
                if next < distinct.count { startNext() }
            }
        }
        return outcomes
    }

    /// The request URL for one handle.
    func requestURL(for handle: String) -> URL? {
        var base = serviceURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        guard var components = URLComponents(string: base + "/xrpc/com.atproto.identity.resolveHandle") else {
            return nil
        }
        components.queryItems = [URLQueryItem(name: "handle", value: handle)]
        return components.url
    }

    /// URLSession's own timeout, a backstop behind this type's timer: whole seconds (what Linux
    /// honours), at least one more than ``timeout``, so it never fires first.
    var backstopSeconds: TimeInterval {
        let (seconds, attoseconds) = timeout.components
        return TimeInterval(seconds + (attoseconds > 0 ? 1 : 0) + 1)
    }

    private var sessionConfiguration: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = backstopSeconds
        configuration.httpMaximumConnectionsPerHost = maximumConcurrentRequests
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        return configuration
    }
}
