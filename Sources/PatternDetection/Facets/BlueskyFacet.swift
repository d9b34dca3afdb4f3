/// One `app.bsky.richtext.facet`: a UTF-8 byte slice of the post text and what it links to.
///
/// Written (``json``) as exactly the lexicon's JSON, and read back with `Decodable`:
/// `{"index":{"byteStart":6,"byteEnd":21},"features":[{"$type":"app.bsky.richtext.facet#mention","did":"a.bsky.social"}]}`.
/// The optional top-level `"$type":"app.bsky.richtext.facet"` is accepted when decoding and not
/// written. Mentions made from detected text carry the handle in `did` until the caller resolves it
/// to a DID, as `detectFacetsWithoutResolution` leaves it.
///
/// Invariant (for facets this package makes): `0 <= byteStart < byteEnd <= text.utf8.count`, both on
/// scalar boundaries, and exactly one feature per facet.
public struct BlueskyFacet: Hashable, Sendable, Decodable {
    /// The lexicon type of a facet object.
    public static let type = "app.bsky.richtext.facet"

    public var index: ByteSlice
    public var features: [Feature]

    public init(index: ByteSlice, features: [Feature]) {
        self.index = index
        self.features = features
    }

    /// `app.bsky.richtext.facet#byteSlice`: start inclusive, end exclusive, in UTF-8 bytes.
    public struct ByteSlice: Hashable, Sendable, Decodable {
        public var byteStart: Int
        public var byteEnd: Int

        public init(byteStart: Int, byteEnd: Int) {
            self.byteStart = byteStart
            self.byteEnd = byteEnd
        }

        /// The slice as a range.
        public var utf8Range: Range<Int> { byteStart..<byteEnd }

        public init(_ utf8Range: Range<Int>) {
            self.init(byteStart: utf8Range.lowerBound, byteEnd: utf8Range.upperBound)
        }
    }
}

extension BlueskyFacet {
    /// A facet feature: `#mention`, `#link` or `#tag` (cashtags are tags whose text starts with `$`).
    public enum Feature: Hashable, Sendable {
        case mention(Mention)
        case link(Link)
        case tag(Tag)

        /// The feature's `$type`.
        public var type: String {
            switch self {
            case .mention: return Mention.type
            case .link: return Link.type
            case .tag: return Tag.type
            }
        }
    }

    /// `app.bsky.richtext.facet#mention`: `did` is the DID once resolved, the handle before.
    public struct Mention: Hashable, Sendable {
        public static let type = "app.bsky.richtext.facet#mention"
        public var did: String
        public init(did: String) { self.did = did }
    }

    /// `app.bsky.richtext.facet#link`: the full URI.
    public struct Link: Hashable, Sendable {
        public static let type = "app.bsky.richtext.facet#link"
        public var uri: String
        public init(uri: String) { self.uri = uri }
    }

    /// `app.bsky.richtext.facet#tag`: the tag without `#` (`$TICKER` for a cashtag).
    public struct Tag: Hashable, Sendable {
        public static let type = "app.bsky.richtext.facet#tag"
        public var tag: String
        public init(tag: String) { self.tag = tag }
    }
}

extension BlueskyFacet.Feature: Decodable {
    private enum CodingKeys: String, CodingKey {
        case type = "$type"
        case did, uri, tag
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case BlueskyFacet.Mention.type:
            self = .mention(.init(did: try container.decode(String.self, forKey: .did)))
        case BlueskyFacet.Link.type:
            self = .link(.init(uri: try container.decode(String.self, forKey: .uri)))
        case BlueskyFacet.Tag.type:
            self = .tag(.init(tag: try container.decode(String.self, forKey: .tag)))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "unknown facet feature type \(type)")
        }
    }
}
