#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PatternDetection

/// A post as the Bluesky app publishes it, up to the one step that needs the network: its text
/// with every link shortened, and its facets with mentions still naming their handles.
///
/// Made synchronously from what the user typed, so a composer can preview the published text; a
/// record follows once the ``handles`` are resolved (``record(resolutions:createdAt:langs:)``,
/// or ``BlueskyPostRecord/make(from:resolver:createdAt:langs:)`` for both steps).
///
/// Invariants:
/// - `text` is the typed text with each link facet's text replaced by its short form
///   (`BlueskyLinkShortening`, the app's `toShortUrl`); nothing else changes.
/// - `facets` are the `bluesky` rule set's facets (overlaps already dropped), in order, each moved
///   onto `text`: sorted by `byteStart`, never overlapping, exact UTF-8 offsets into `text`. A link
///   facet covers its short text and keeps the full URI; a mention facet carries the handle as
///   typed in `did`; tags and cashtags are `#tag` facets (`$TICKER` for cashtags).
public struct BlueskyPostDraft: Hashable, Sendable {
    /// The text as it will be published.
    public let text: String
    /// Facets over ``text``; mention facets carry handles, not DIDs.
    public let facets: [BlueskyFacet]

    /// Detects the facets of `typedText` and shortens its links.
    /// - Complexity: O(n) for n bytes of text, plus the shortening of each link.
    public init(_ typedText: String) {
        let typedFacets = BlueskyFacet.facets(in: typedText)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(typedText.utf8.count)
        var facets: [BlueskyFacet] = []
        facets.reserveCapacity(typedFacets.count)
        let typed = Array(typedText.utf8)
        var cursor = 0
        for facet in typedFacets {
            let range = facet.index.utf8Range
            bytes.append(contentsOf: typed[cursor..<range.lowerBound])
            let start = bytes.count
            if case .link = facet.features.first {
                let linkText = String(decoding: typed[range], as: UTF8.self)
                bytes.append(contentsOf: BlueskyLinkShortening.shortText(ofLink: linkText[...]).utf8)
            } else {
                bytes.append(contentsOf: typed[range])
            }
            facets.append(BlueskyFacet(index: .init(start..<bytes.count), features: facet.features))
            cursor = range.upperBound
        }
        bytes.append(contentsOf: typed[cursor...])
        self.text = String(decoding: bytes, as: UTF8.self)
        self.facets = facets
    }

    /// The distinct handles mentioned, normalized (ASCII lower-cased, as atproto resolves them),
    /// in order of first mention.
    public var handles: [String] {
        var seen: Set<String> = []
        return facets.compactMap { facet in
            guard case .mention(let mention) = facet.features.first else { return nil }
            let handle = ATIdentifier.normalizedHandle(mention.did)
            return seen.insert(handle).inserted ? handle : nil
        }
    }

    /// The record, with each mention's handle replaced by the DID it resolved to.
    ///
    /// `resolutions` holds outcomes by normalized handle (what ``HandleResolver/resolve(_:)``
    /// returns for ``handles``). A mention whose handle failed, resolved to something that is not a
    /// DID, or has no outcome at all (``HandleResolutionFailure/noResolver``) gets no facet, as
    /// atproto's `detectFacets` leaves it; its text stays. Each such handle is reported once, in
    /// order of first mention. `createdAt` is written in UTC with milliseconds, clamped to years
    /// 0001–9999 (infinities too), as the record's initializer that takes a `Date` writes it.
    public func record(
        resolutions: [String: Result<String, HandleResolutionFailure>], createdAt: Date, langs: [String]? = nil
    ) -> (record: BlueskyPostRecord, unresolved: [UnresolvedHandle]) {
        var unresolved: [UnresolvedHandle] = []
        var reported: Set<String> = []
        let resolvedFacets = facets.compactMap { facet -> BlueskyFacet? in
            guard case .mention(let mention) = facet.features.first else { return facet }
            let handle = ATIdentifier.normalizedHandle(mention.did)
            let failure: HandleResolutionFailure
            switch resolutions[handle] {
            case .success(let did) where ATIdentifier.isDID(did):
                return BlueskyFacet(index: facet.index, features: [.mention(.init(did: did))])
            case .success(let value): failure = .notADID(value)
            case .failure(let reason): failure = reason
            case nil: failure = .noResolver
            }
            if reported.insert(handle).inserted {
                unresolved.append(UnresolvedHandle(handle: handle, reason: failure))
            }
            return nil
        }
        let record = BlueskyPostRecord(text: text, facets: resolvedFacets, createdAt: createdAt, langs: langs)
        return (record, unresolved)
    }
}

extension BlueskyPostRecord {
    /// The record the Bluesky app would publish for `typedText`: links shortened, facets placed on
    /// the shortened text, mentions resolved through `resolver` (each distinct handle asked once).
    /// Unresolved mentions get no facet and are returned with their reasons; they never fail the
    /// post. `createdAt` is written in UTC with milliseconds, clamped to years 0001–9999
    /// (infinities too), as the initializer that takes a `Date` writes it.
    public static func make(
        from typedText: String, resolver: some HandleResolver, createdAt: Date = Date(), langs: [String]? = nil
    ) async -> (record: BlueskyPostRecord, unresolved: [UnresolvedHandle]) {
        let draft = BlueskyPostDraft(typedText)
        let handles = draft.handles
        let resolutions = handles.isEmpty ? [:] : await resolver.resolve(handles)
        return draft.record(resolutions: resolutions, createdAt: createdAt, langs: langs)
    }
}
