extension BlueskyFacet {
    /// This facet as one JSON object with a fixed key order and no whitespace:
    /// `{"index":{"byteStart":…,"byteEnd":…},"features":[{"$type":"…","did"|"uri"|"tag":"…"}]}`.
    /// Decodes back to an equal facet (``Codable``).
    public var json: String {
        var out = ""
        appendJSON(to: &out)
        return out
    }

    /// Appends ``json`` to `out`.
    public func appendJSON(to out: inout String) {
        out += "{\"index\":{\"byteStart\":\(index.byteStart),\"byteEnd\":\(index.byteEnd)},\"features\":["
        for (position, feature) in features.enumerated() {
            if position > 0 { out += "," }
            out += "{\"$type\":"
            JSONText.appendString(feature.type, to: &out)
            switch feature {
            case .mention(let mention):
                out += ",\"did\":"
                JSONText.appendString(mention.did, to: &out)
            case .link(let link):
                out += ",\"uri\":"
                JSONText.appendString(link.uri, to: &out)
            case .tag(let tag):
                out += ",\"tag\":"
                JSONText.appendString(tag.tag, to: &out)
            }
            out += "}"
        }
        out += "]}"
    }

    /// One document's facets as a JSON array on one line, as `highlight --format facets` prints
    /// it: `[]` when there are none.
    /// - Complexity: O(total size of the output).
    public static func documentJSON(_ facets: [BlueskyFacet]) -> String {
        var out = "["
        for (position, facet) in facets.enumerated() {
            if position > 0 { out += "," }
            facet.appendJSON(to: &out)
        }
        out += "]"
        return out
    }
}
