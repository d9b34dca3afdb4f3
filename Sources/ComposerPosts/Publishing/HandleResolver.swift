/// Resolves Bluesky handles (`alice.bsky.social`) to DIDs (`did:plc:…`), as
/// `com.atproto.identity.resolveHandle` does: the one asynchronous step of making a post record.
///
/// Implementations: ``HandleMap`` (a fixed handle → DID table) and `HTTPHandleResolver` in the
/// `ComposerPostsHTTP` library (asks an atproto service over HTTP).
///
/// Contract: ``resolve(_:)`` is given distinct handles, lower-cased as atproto normalizes them
/// before resolving, and returns one outcome for each; it never throws — a handle that cannot be
/// resolved, for whatever reason, maps to a ``HandleResolutionFailure``. Callers in this package
/// check that a resolved value is a DID (`did:method:identifier`) and treat anything else, or a
/// missing outcome, as unresolved.
public protocol HandleResolver: Sendable {
    func resolve(_ handles: [String]) async -> [String: Result<String, HandleResolutionFailure>]
}

/// Why a handle was not resolved. The mention keeps its text but gets no facet.
public enum HandleResolutionFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The handle is not in the ``HandleMap``.
    case notInMap
    /// No resolver was given, so no handle can be resolved.
    case noResolver
    /// The service answered with this HTTP status (and, when it sent one, its error message).
    case httpStatus(Int, message: String?)
    /// No answer within the resolver's timeout.
    case timedOut(Duration)
    /// The request failed before an answer arrived (connection refused, DNS, …).
    case transport(String)
    /// The answer was not a JSON object with a string `did`, or was too large to be one (the HTTP
    /// resolver refuses an answer over 64 KiB as it arrives: `"answer larger than 64 KiB"`).
    case badResponse(String)
    /// What the handle resolved to is not a DID.
    case notADID(String)

    public var description: String {
        switch self {
        case .notInMap: return "not in the handle map"
        case .noResolver: return "no resolver given"
        case .httpStatus(let status, let message):
            return "HTTP status \(status)" + (message.map { ": \($0)" } ?? "")
        case .timedOut(let timeout): return "no answer within \(timeout.secondsDescription)"
        case .transport(let reason): return "request failed: \(reason)"
        case .badResponse(let reason): return "bad answer: \(reason)"
        case .notADID(let value): return "not a DID: \(value)"
        }
    }
}

/// A mentioned handle that was not resolved, and why. Its mention got no facet.
public struct UnresolvedHandle: Hashable, Sendable, CustomStringConvertible {
    /// The normalized handle (ASCII letters lower-cased), without `@`.
    public var handle: String
    public var reason: HandleResolutionFailure

    public init(handle: String, reason: HandleResolutionFailure) {
        self.handle = handle
        self.reason = reason
    }

    /// `@handle not resolved: reason`.
    public var description: String { "@\(handle) not resolved: \(reason)" }
}

extension Duration {
    /// `0.5 s`, `10 s`.
    var secondsDescription: String {
        let (seconds, attoseconds) = components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
        var fraction = String(milliseconds % 1000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(milliseconds / 1000).\(fraction) s"
    }
}
