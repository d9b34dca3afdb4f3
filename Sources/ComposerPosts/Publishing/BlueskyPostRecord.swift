#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PatternDetection

/// An `app.bsky.feed.post` record, ready to publish (`com.atproto.repo.createRecord`).
///
/// Invariants (for records this package makes, see ``BlueskyPostDraft``): `facets` are sorted by
/// `byteStart`, never overlap, and each slices `text`'s UTF-8 on scalar boundaries; `createdAt` is
/// the lexicon's datetime with milliseconds in UTC (`2026-11-22T12:00:00.000Z`).
///
/// ``json`` writes the record on one line with the keys in the order `$type`, `text`, `facets`,
/// `createdAt`, `langs` (only when present). `Decodable` reads that form back (a missing `facets`
/// is no facets) and requires `$type` to be `app.bsky.feed.post`.
public struct BlueskyPostRecord: Hashable, Sendable {
    /// The record's lexicon type, its `$type`.
    public static let type = "app.bsky.feed.post"

    /// The post text as published: links shortened the way the Bluesky app shows them.
    public var text: String
    /// Rich-text facets over `text`'s UTF-8 bytes.
    public var facets: [BlueskyFacet]
    /// When the post was made, as a lexicon datetime string.
    public var createdAt: String
    /// The post's languages (BCP 47 tags; the lexicon allows up to three), when known.
    public var langs: [String]?

    public init(text: String, facets: [BlueskyFacet], createdAt: String, langs: [String]? = nil) {
        self.text = text
        self.facets = facets
        self.createdAt = createdAt
        self.langs = langs
    }

    /// A record made at `createdAt`, written with millisecond precision (sub-millisecond time is
    /// dropped, never rounded up) in UTC. The lexicon's datetime has a four-digit year, so an
    /// instant outside years 0001–9999 is clamped to them, an infinite one too (`+infinity` is
    /// 9999-12-31T23:59:59.999Z, `-infinity` 0001-01-01T00:00:00.000Z); a `Date` of NaN seconds
    /// names no instant and is written as `Date`'s reference date, 2001-01-01T00:00:00.000Z.
    public init(text: String, facets: [BlueskyFacet], createdAt: Date, langs: [String]? = nil) {
        self.init(text: text, facets: facets, createdAt: BlueskyDateTime.string(from: createdAt), langs: langs)
    }
}

extension BlueskyPostRecord: Decodable {
    private enum CodingKeys: String, CodingKey {
        case type = "$type"
        case text, facets, createdAt, langs
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        guard type == Self.type else {
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "not an \(Self.type) record: \(type)")
        }
        text = try container.decode(String.self, forKey: .text)
        facets = try container.decodeIfPresent([BlueskyFacet].self, forKey: .facets) ?? []
        createdAt = try container.decode(String.self, forKey: .createdAt)
        langs = try container.decodeIfPresent([String].self, forKey: .langs)
    }
}
