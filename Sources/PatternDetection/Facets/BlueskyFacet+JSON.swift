extension BlueskyFacet {
    /// This facet as one JSON object with a fixed key order and no whitespace:
    /// `{"index":{"byteStart":…,"byteEnd":…},"features":[{"$type":"…","did"|"uri"|"tag":"…"}]}`.
    /// Decodes back to an equal facet (`Decodable`).
    public var json: String {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.string
    }

    package func write(to json: inout JSONWriter) {
        Self.writeOpening(index.utf8Range, to: &json)
        for (position, feature) in features.enumerated() {
            if position > 0 { json.appendByte(UInt8(ascii: ",")) }
            let value: String
            switch feature {
            case .mention(let mention): value = mention.did
            case .link(let link): value = link.uri
            case .tag(let tag): value = tag.tag
            }
            feature.shape.jsonOpening.withUnsafeBufferPointer { json.appendBytes($0) }
            json.appendStringContents(value)
            Self.writeFeatureClosing(to: &json)
        }
        Self.writeClosing(to: &json)
    }

    /// A facet's JSON up to its first feature: `{"index":{"byteStart":…,"byteEnd":…},"features":[`.
    @inline(__always)
    package static func writeOpening(_ slice: Range<Int>, to json: inout some JSONOutput) {
        json.append("{\"index\":{\"byteStart\":")
        json.append(slice.lowerBound)
        json.append(",\"byteEnd\":")
        json.append(slice.upperBound)
        json.append("},\"features\":[")
    }

    /// What ends a feature after its value: `"}`.
    @inline(__always)
    package static func writeFeatureClosing(to json: inout some JSONOutput) {
        json.append("\"}")
    }

    /// What ends a facet after its features: `]}`.
    @inline(__always)
    package static func writeClosing(to json: inout some JSONOutput) {
        json.append("]}")
    }

    /// Facets as a JSON array (`highlight --format facets` prints one per document): `[]` when
    /// there are none.
    package static func write(_ facets: [BlueskyFacet], to json: inout JSONWriter) {
        json.appendByte(UInt8(ascii: "["))
        for (position, facet) in facets.enumerated() {
            if position > 0 { json.appendByte(UInt8(ascii: ",")) }
            facet.write(to: &json)
        }
        json.appendByte(UInt8(ascii: "]"))
    }

    /// One document's facets as a JSON array on one line, as `highlight --format facets` prints
    /// it: `[]` when there are none.
    /// - Complexity: O(total size of the output).
    public static func documentJSON(_ facets: [BlueskyFacet]) -> String {
        var writer = JSONWriter()
        write(facets, to: &writer)
        return writer.string
    }
}

extension BlueskyFacet.Feature.Shape {
    /// A feature's JSON up to its value: `{"$type":"…#mention","did":"` (`uri` for links, `tag`
    /// for tags), built once per shape.
    package var jsonOpening: [UInt8] {
        switch self {
        case .mention: return Self.openings.mention
        case .link: return Self.openings.link
        case .tag: return Self.openings.tag
        }
    }

    private static let openings = (
        mention: opening(type: BlueskyFacet.Mention.type, key: "did"),
        link: opening(type: BlueskyFacet.Link.type, key: "uri"),
        tag: opening(type: BlueskyFacet.Tag.type, key: "tag"))

    private static func opening(type: String, key: StaticString) -> [UInt8] {
        var json = JSONWriter()
        json.append("{\"$type\":")
        json.appendString(type)
        json.appendByte(UInt8(ascii: ","))
        json.appendByte(UInt8(ascii: "\""))
        json.append(key)
        json.append("\":\"")
        return json.bytes
    }
}
