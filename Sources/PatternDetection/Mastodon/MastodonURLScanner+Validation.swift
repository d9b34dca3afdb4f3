/// The Ruby extractor's checks on each match with a protocol, and what it reports for the ones
/// that pass.
extension MastodonURLScanner {
    static let maximumURLLength = 4096
    static let maximumTcoSlugLength = 40

    /// The link `candidate` stands for, or nil when the extractor skips it: no protocol, a `t.co`
    /// slug over 40 characters, a host IDNA2003 refuses, or more than 4,096 characters (counting the
    /// host in its ASCII form when that is longer).
    mutating func accept(_ candidate: Candidate) -> Link? {
        guard candidate.protocolLength > 0 else { return nil }
        var end = candidate.matchEnd
        if let slugEnd = tcoSlugEnd(candidate) {
            guard text.scalarCount(in: candidate.domain.lowerBound + 5..<slugEnd) <= Self.maximumTcoSlugLength else {
                return nil
            }
            end = slugEnd
        }
        guard let asciiHostLength = nameprep.asciiLength(ofHost: candidate.domain, in: text) else { return nil }
        if end - candidate.urlStart + max(0, asciiHostLength) > Self.maximumURLLength {
            let hostLength = text.scalarCount(in: candidate.domain)
            let length = text.scalarCount(in: candidate.urlStart..<end) + max(0, asciiHostLength - hostLength)
            guard length <= Self.maximumURLLength else { return nil }
        }
        let hasBackslash = candidate.domain.contains { text[$0] == UInt8(ascii: "\\") }
        return Link(range: candidate.urlStart..<end, isUnparsable: hasBackslash)
    }

    /// For an `http` or `https` link to `t.co` with a slug (`^https?://t\.co/([a-z0-9]+)`, any
    /// case), the end of the slug; else nil.
    private func tcoSlugEnd(_ candidate: Candidate) -> Int? {
        let host = candidate.domain.lowerBound
        let end = candidate.matchEnd
        guard candidate.isHTTP, end - host > 5,
            text[host] | 0x20 == UInt8(ascii: "t"), text[host + 1] == UInt8(ascii: "."),
            text[host + 2] | 0x20 == UInt8(ascii: "c"), text[host + 3] | 0x20 == UInt8(ascii: "o"),
            text[host + 4] == UInt8(ascii: "/")
        else { return nil }
        var slugEnd = host + 5
        while slugEnd < end {
            let (scalar, length) = text.scalarValue(at: slugEnd)
            guard scalar < 0x80 ? TwitterCharacterClasses.isASCIIAlphanumeric(UInt8(scalar)) : scalar == 0x212A || scalar == 0x17F
            else { break }
            slugEnd += length
        }
        return slugEnd > host + 5 ? slugEnd : nil
    }
}
