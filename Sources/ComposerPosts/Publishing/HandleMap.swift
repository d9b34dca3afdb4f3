/// A fixed table of handle → DID: a ``HandleResolver`` for tests, for batch jobs that resolved
/// handles beforehand, and for the CLI's `--handles FILE`.
///
/// Handles are compared as atproto compares them (ASCII letters lower-cased), so `Alice.test` and
/// `alice.test` are one entry. A handle that is missing, or whose value is not a DID, is
/// unresolved (``HandleResolutionFailure/notInMap``, ``HandleResolutionFailure/notADID(_:)``).
public struct HandleMap: HandleResolver, Hashable {
    /// Two entries that name the same handle (up to case) with different DIDs.
    public struct ConflictingEntries: Error, Hashable, CustomStringConvertible {
        /// The normalized handle.
        public var handle: String
        public var dids: [String]
        public var description: String {
            "the handle \(handle) appears more than once with different DIDs (\(dids.joined(separator: ", ")))"
        }
    }

    /// DIDs by normalized handle.
    public let dids: [String: String]

    /// - Throws: ``ConflictingEntries`` when two keys are the same handle up to case but map to
    ///   different DIDs (the same DID twice is fine).
    public init(_ didsByHandle: [String: String]) throws(ConflictingEntries) {
        var dids: [String: String] = [:]
        // Sorted, so the reported conflict does not depend on dictionary order.
        for (handle, did) in didsByHandle.sorted(by: { $0.key < $1.key }) {
            let key = ATIdentifier.normalizedHandle(handle)
            if let earlier = dids[key], earlier != did {
                throw ConflictingEntries(handle: key, dids: [earlier, did])
            }
            dids[key] = did
        }
        self.dids = dids
    }

    public func resolve(_ handles: [String]) async -> [String: Result<String, HandleResolutionFailure>] {
        var outcomes: [String: Result<String, HandleResolutionFailure>] = [:]
        for handle in handles {
            outcomes[handle] = outcome(for: handle)
        }
        return outcomes
    }

    /// The outcome for one handle, without suspending.
    public func outcome(for handle: String) -> Result<String, HandleResolutionFailure> {
        guard let did = dids[ATIdentifier.normalizedHandle(handle)] else { return .failure(.notInMap) }
        return ATIdentifier.isDID(did) ? .success(did) : .failure(.notADID(did))
    }
}
