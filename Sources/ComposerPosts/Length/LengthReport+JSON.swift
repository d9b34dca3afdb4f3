import PatternDetection

extension LengthReport {
    /// The profile's name in JSON output: `bluesky`, `twitter`, `mastodon`.
    public var profileName: String { profile.name }

    /// The report as `highlight --format json --profile` prints it:
    /// `{"length":42,"limit":300,"remaining":258,"valid":true,"permillage":140,
    /// "validRange":{"utf8":[0,57],"utf16":[0,55]},"overflow":null}`.
    package func write(to json: inout some JSONOutput) {
        json.append("{\"length\":")
        json.append(length)
        json.append(",\"limit\":")
        json.append(limit)
        json.append(",\"remaining\":")
        json.append(remaining)
        json.append(",\"valid\":")
        json.append(isValid)
        json.append(",\"permillage\":")
        json.append(permillage)
        json.append(",\"validRange\":")
        validRange.write(to: &json)
        json.append(",\"overflow\":")
        if let overflow { overflow.write(to: &json) } else { json.append("null") }
        json.appendByte(UInt8(ascii: "}"))
    }

    /// Bytes of ``writeMember(_:to:)`` for `count` reports, at most: every number given the
    /// room of the longest `Int`, as ``RawJSONWriter`` needs.
    package static func maximumMemberLength(count: Int) -> Int {
        // Per report: 160 bytes of names, punctuation and `false`, twelve numbers (four plus two
        // ranges of two pairs); and `"length":{}`.
        12 + count * (160 + 12 * RawJSONWriter.maximumIntegerLength)
    }

    /// `"length":{"bluesky":{…},"twitter":{…}}` for several reports, in their order.
    package static func writeMember(_ reports: [LengthReport], to json: inout some JSONOutput) {
        json.append("\"length\":{")
        for (index, report) in reports.enumerated() {
            if index > 0 { json.appendByte(UInt8(ascii: ",")) }
            json.appendString(report.profileName)
            json.appendByte(UInt8(ascii: ":"))
            report.write(to: &json)
        }
        json.appendByte(UInt8(ascii: "}"))
    }
}

extension TextRange {
    /// `{"utf8":[s,e],"utf16":[s,e]}`.
    package func write(to json: inout some JSONOutput) {
        json.append("{\"utf8\":")
        json.appendPair(utf8)
        json.append(",\"utf16\":")
        json.appendPair(utf16)
        json.appendByte(UInt8(ascii: "}"))
    }
}

extension LengthProfile {
    /// The profile's name: `bluesky`, `twitter`, `mastodon` (whatever its limit).
    public var name: String {
        switch self {
        case .bluesky: "bluesky"
        case .twitter: "twitter"
        case .mastodon: "mastodon"
        }
    }
}
