extension BlueskyFacet {
    /// This facet as one JSON object with a fixed key order and no whitespace:
    /// `{"index":{"byteStart":…,"byteEnd":…},"features":[{"$type":"…","did"|"uri"|"tag":"…"}]}`.
    /// Decodes back to an equal facet (`Codable`).
    public var json: String {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.string
    }

    package func write(to json: inout JSONWriter) {
        json.append("{\"index\":{\"byteStart\":")
        json.append(index.byteStart)
        json.append(",\"byteEnd\":")
        json.append(index.byteEnd)
        json.append("},\"features\":[")
        for (position, feature) in features.enumerated() {
            if position > 0 { json.appendByte(UInt8(ascii: ",")) }
            json.append("{\"$type\":")
            json.appendString(feature.type)
            switch feature {
            case .mention(let mention):
                json.append(",\"did\":")
                json.appendString(mention.did)
            case .link(let link):
                json.append(",\"uri\":")
                json.appendString(link.uri)
            case .tag(let tag):
                json.append(",\"tag\":")
                json.appendString(tag.tag)
            }
            json.appendByte(UInt8(ascii: "}"))
        }
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
