import PatternDetection

extension BlueskyPostRecord {
    /// The record as one line of JSON, keys in a fixed order:
    /// `{"$type":"app.bsky.feed.post","text":"…","facets":[…],"createdAt":"…","langs":[…]}`
    /// (`langs` only when set; facets in `BlueskyFacet/json`'s form). Decodes back to an equal
    /// record (`Decodable`).
    /// - Complexity: O(size of the output).
    public var json: String {
        var writer = JSONWriter(capacity: text.utf8.count + 64 * facets.count + 96)
        write(to: &writer)
        return writer.string
    }

    package func write(to json: inout JSONWriter) {
        json.append("{\"$type\":")
        json.appendString(Self.type)
        json.append(",\"text\":")
        json.appendString(text)
        json.append(",\"facets\":")
        BlueskyFacet.write(facets, to: &json)
        json.append(",\"createdAt\":")
        json.appendString(createdAt)
        if let langs {
            json.append(",\"langs\":[")
            for (position, lang) in langs.enumerated() {
                if position > 0 { json.appendByte(UInt8(ascii: ",")) }
                json.appendString(lang)
            }
            json.appendByte(UInt8(ascii: "]"))
        }
        json.appendByte(UInt8(ascii: "}"))
    }
}
