/// The reference's checks on each URL match, and what it reports for the ones that pass.
extension TwitterURLScanner {
    static let maximumURLLength = 4096
    static let maximumTcoSlugLength = 40
    static let maximumLabelLength = 63

    /// Applies `isValidUrl`, the scheme-less rules and the `t.co` rule to `candidate`, appending the
    /// reported ranges to `found`.
    mutating func accept(_ candidate: Candidate, into found: inout [Range<Int>]) {
        let textStart = candidate.isPhantom ? candidate.urlStart + 4 : candidate.urlStart
        let protocolLength = candidate.protocolLength > 0 ? candidate.protocolLength : "https://".utf8.count
        // UTF-16 never has more units than UTF-8 has bytes: count only URLs that could be too long.
        let bytes = candidate.matchEnd - textStart + (candidate.isPhantom ? 1 : 0)
        let urlLength = protocolLength + bytes <= Self.maximumURLLength
            ? bytes : (candidate.isPhantom ? 1 : 0) + text.twitterUTF16Count(textStart..<candidate.matchEnd)
        // The length first: the label checks hold scratch space in proportion to the domain.
        guard protocolLength + urlLength <= Self.maximumURLLength, hasValidLabels(candidate) else { return }

        guard candidate.protocolLength == 0 else {
            if let end = tcoEnd(candidate) {
                guard end >= 0 else { return }
                found.append(candidate.urlStart..<end)
            } else {
                found.append(candidate.urlStart..<candidate.matchEnd)
            }
            return
        }
        switch candidate.preceding {
        case 0x2D, 0x5F, 0x2E, 0x2F: return  // `invalidUrlWithoutProtocolPrecedingChars`: - _ . /
        default: break
        }
        let domainText = (candidate.isPhantom ? candidate.urlStart + 4 : candidate.domain.lowerBound)
            ..< candidate.domain.upperBound
        let firstMatch = found.count
        asciiDomains.appendMatches(in: text, domain: domainText, tlds: tlds, to: &found)
        guard found.count > firstMatch else { return }
        if candidate.hasPath { found[found.count - 1] = found[found.count - 1].lowerBound..<candidate.matchEnd }
    }

    /// punycode.js-based `idna.toAscii`: a domain starting with `xn--` must contain an ASCII domain,
    /// and every label must convert to 1…63 characters.
    private mutating func hasValidLabels(_ candidate: Candidate) -> Bool {
        let domain = candidate.domain
        if !candidate.isPhantom, domain.count >= 4, text[domain.lowerBound] == UInt8(ascii: "x"),
            text[domain.lowerBound + 1] == UInt8(ascii: "n"), text[domain.lowerBound + 2] == UInt8(ascii: "-"),
            text[domain.lowerBound + 3] == UInt8(ascii: "-"),
            !asciiDomains.hasMatch(in: text, domain: domain, tlds: tlds)
        {
            return false
        }
        // Every label of a matched domain has a character, so a short printable-ASCII domain has
        // only labels of 1…63 characters, which need no conversion.
        if !candidate.isPhantom, domain.count <= Self.maximumLabelLength, Self.isPrintableASCII(text, domain) {
            return true
        }
        var labelStart = domain.lowerBound
        var isFirst = true
        while labelStart <= domain.upperBound {
            var labelEnd = labelStart
            var plainASCII = true
            var codePointCount = 0
            var nonASCIICount = 0
            while labelEnd < domain.upperBound, text[labelEnd] != UInt8(ascii: ".") {
                let byte = text[labelEnd]
                if byte & 0xC0 != 0x80 {
                    codePointCount += 1
                    if byte >= 0x80 { nonASCIICount += 1 }
                }
                if byte < 0x20 || byte > 0x7E { plainASCII = false }
                labelEnd += 1
            }
            let phantom = isFirst && candidate.isPhantom
            if plainASCII && !phantom {
                guard (1...Self.maximumLabelLength).contains(labelEnd - labelStart) else { return false }
            } else if Self.punycodeLengthBound(codePoints: codePointCount, nonASCII: nonASCIICount)
                <= Self.maximumLabelLength
            {
                // Short enough that its conversion has 1…63 characters whatever it holds.
            } else {
                guard codePointCount <= Self.maximumLabelLength else { return false }
                codePoints.removeAll(keepingCapacity: true)
                var position = labelStart
                if phantom {
                    let astral = text.scalarValue(at: position).value
                    codePoints.append(0xDC00 | ((astral - 0x10000) & 0x3FF))
                    position += 4
                }
                while position < labelEnd {
                    let (scalar, length) = text.scalarValue(at: position)
                    codePoints.append(scalar)
                    position += length
                }
                guard (1...Self.maximumLabelLength).contains(Punycode.asciiLength(ofLabel: codePoints)) else {
                    return false
                }
            }
            isFirst = false
            labelStart = labelEnd + 1
        }
        return true
    }

    /// Whether every byte in `range` is printable ASCII (0x20…0x7E), eight bytes at a time.
    static func isPrintableASCII(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var position = range.lowerBound
        let base = UnsafeRawPointer(text.baseAddress!)
        while position + 8 <= range.upperBound {
            let word = base.loadUnaligned(fromByteOffset: position, as: UInt64.self)
            // A byte ≥ 0x80, below 0x20 (subtracting 0x20 borrows into its high bit) or 0x7F (adding
            // one sets its high bit) marks its high bit.
            let ones: UInt64 = 0x0101_0101_0101_0101
            let high: UInt64 = 0x8080_8080_8080_8080
            if (word | (word &- ones &* 0x20) | (word &+ ones)) & high != 0 { return false }
            position += 8
        }
        while position < range.upperBound {
            guard (0x20...0x7E).contains(text[position]) else { return false }
            position += 1
        }
        return true
    }

    /// An upper bound of punycode.js's `toASCII` length for a non-empty label of `codePoints` code
    /// points, `nonASCII` of them not ASCII (a phantom low surrogate counts as one non-ASCII code
    /// point, as it does in the astral character's place), and 1 is a lower bound.
    ///
    /// Each piece between the dot-like separators (all non-ASCII) costs at most `xn--`, its basic
    /// code points, a `-` and nine base-36 digits per other code point (a delta stays below
    /// 64 × 0x110000 < 10⁸, and every digit but the last divides it by at least 10), plus one
    /// character per separator. A label whose bound is at most 63 passes without being converted,
    /// so short internationalised labels cost no conversion (and no allocation).
    static func punycodeLengthBound(codePoints: Int, nonASCII: Int) -> Int {
        6 + (codePoints - nonASCII) + 15 * nonASCII
    }

    /// For a URL with a scheme: nil when it is not a `t.co` link; -1 when its slug is too long (the
    /// reference drops it); else the end of `https?://t.co/slug` plus an optional query.
    private func tcoEnd(_ candidate: Candidate) -> Int? {
        let host = candidate.urlStart + candidate.protocolLength
        let end = candidate.matchEnd
        guard end - host > 5, text[host] | 0x20 == UInt8(ascii: "t"), text[host + 1] == UInt8(ascii: "."),
            text[host + 2] | 0x20 == UInt8(ascii: "c"), text[host + 3] | 0x20 == UInt8(ascii: "o"),
            text[host + 4] == UInt8(ascii: "/")
        else { return nil }
        var slugEnd = host + 5
        while slugEnd < end, TwitterCharacterClasses.isASCIIAlphanumeric(text[slugEnd]) { slugEnd += 1 }
        let slugLength = slugEnd - (host + 5)
        guard slugLength > 0 else { return nil }
        guard slugLength <= Self.maximumTcoSlugLength else { return -1 }
        if slugEnd < end, text[slugEnd] == UInt8(ascii: "?"),
            let queryEnd = TwitterURLPath.queryEnd(in: text, after: slugEnd + 1, bound: end)
        {
            return queryEnd
        }
        return slugEnd
    }
}
