/// twitter-text 3.1.0's `extractUrlsWithIndices`, reproduced in linear time.
///
/// The reference runs one global expression, `(preceding)((https?://)?(domain)(:port)?(/path)?(?query)?)`
/// with flags `gi`, over the text's UTF-16 code units, and post-filters every match; a rejected
/// match still consumes its text (`lastIndex` moves past it). This scanner walks the same start
/// positions in the same order and consumes the same text:
/// - at each position whose character may precede a URL it tries a URL right after it, and at
///   offset 0 (the `^` alternative) a URL at the very start;
/// - an astral character is two code units to the reference: after its high surrogate the URL
///   would start at the low surrogate, which is a valid domain character; that "phantom" start is
///   tried first, then the start after the whole character.
///
/// Most of a post cannot hold a URL: every match needs a dot with a domain character on both
/// sides, and begins at most one scalar (plus a scheme) before the run of label characters that
/// ends at that dot. The scanner jumps from dot to dot (sixteen bytes at a time) and walks
/// positions only from there and through such runs; skipped positions are ones where the
/// reference's scan finds no match and consumes nothing.
///
/// Why no input makes it superlinear: every attempt is O(1) except the domain search, which is an
/// amortised O(1) query to a ``TwitterDomainSearch``, which walks each label at most twice, and
/// the port/path/query/validation work, which happens only for a match and reads only the text the
/// match consumes. Label lengths are checked by punycode only for labels of at most 63 code
/// points; the TLD step is a bounded trie walk. The dot search reads each byte once, and the walk
/// back from a dot to the start of its run stops at the scan position, so it reads each byte once
/// more at most. So each byte is read a constant number of times.
struct TwitterURLScanner {
    let text: UnsafeBufferPointer<UInt8>
    let tlds: TwitterTLDMatcher
    /// The lazily initialized tables, read once per scanner: each read of a global `static let`
    /// goes through `swift_once`, and these are read per dot and per domain run.
    private let classes = TwitterCharacterClasses.asciiClasses
    private let dots = Self.dots
    private var domains = TwitterDomainSearch()
    /// Scratch space of the validation steps, reused from candidate to candidate.
    var asciiDomains = TwitterASCIIDomains()
    var codePoints: [UInt32] = []

    init(text: UnsafeBufferPointer<UInt8>, tlds: TwitterTLDMatcher) {
        self.text = text
        self.tlds = tlds
    }

    /// One match of the URL expression, before the reference's post-filters.
    struct Candidate {
        /// Where the URL text starts (for a phantom start: the astral character's offset).
        var urlStart: Int
        var isPhantom: Bool
        var protocolLength: Int
        var domain: Range<Int>
        var hasPath: Bool
        var matchEnd: Int
        /// The preceding character when it is one the reference can test (nil for `^` and
        /// surrogates).
        var preceding: UInt32?
    }

    /// The URLs whose matches start (with their preceding character) in `start..<limit`.
    ///
    /// `start` must be 0 or a position where the reference's scan would be in a fresh state (just
    /// before a separator, which no match crosses); results are entity ranges, some of which may
    /// start at or after `limit` when their preceding character is the last one before it.
    mutating func urls(from start: Int, before limit: Int) -> [Range<Int>] {
        ResumableScan.collect(start..<limit) { urls(resuming: &$0, before: limit, atMost: $1, into: &$2) }
    }

    /// The URLs of ``urls(from:before:)`` from where `extraction` stands, appended to `found`
    /// until it holds `count` or more (one candidate may yield several) or the scan is finished.
    mutating func urls(
        resuming extraction: inout ResumableScan, before limit: Int, atMost count: Int, into found: inout [Range<Int>]
    ) {
        var position = extraction.position
        var dot = -1
        defer { extraction.position = position }
        while found.count < count {
            guard position < limit else { return extraction.isFinished = true }
            if dot < position {
                guard let next = labelEndingDot(from: position) else { return extraction.isFinished = true }
                dot = next
                position = earliestMatchStart(forDot: dot, notBefore: position)
                guard position < limit else { return extraction.isFinished = true }
            }
            let (scalar, length) = text.scalarValue(at: position)
            var candidate: Candidate?
            if scalar >= 0x10000 {
                candidate = phantomCandidate(at: position)
                if candidate == nil { candidate = self.candidate(at: position + length, preceding: nil) }
            } else {
                if TwitterCharacterClasses.isURLPreceding(scalar) {
                    candidate = self.candidate(at: position + length, preceding: scalar)
                }
                if candidate == nil, position == 0 { candidate = self.candidate(at: 0, preceding: nil) }
            }
            if let candidate {
                accept(candidate, into: &found)
                position = candidate.matchEnd
            } else {
                position += length
            }
        }
    }

    /// The first dot at or after `offset` that can end a domain label before a TLD: a domain
    /// character on both sides. Every match of the URL expression holds one (its first label ends
    /// with one, and a TLD starts with one), so none can start before the stretch this dot ends.
    private func labelEndingDot(from offset: Int) -> Int? {
        var position = offset
        while true {
            position = dots.firstIndex(in: text, from: position, before: text.count)
            guard position < text.count else { return nil }
            if position > 0, position + 1 < text.count,
                TwitterCharacterClasses.isDomainCharacter(at: position + 1, in: text, classes: classes),
                TwitterCharacterClasses.isDomainCharacter(at: text.scalarStart(before: position), in: text, classes: classes)
            {
                return position
            }
            position += 1
        }
    }

    /// The first position from which the reference's scan can find a match that needs `dot` or a
    /// later one, not before `notBefore`.
    ///
    /// A match's domain runs from its start to its first dot through label characters (domain
    /// characters, `-`, `_`) only, and that first dot is one ``labelEndingDot(from:)`` accepts, so
    /// it is `dot` or lies beyond it. Either way the domain starts in the run of label characters
    /// that ends at `dot` or after it. In front of the domain a match holds its preceding character
    /// and, when the domain starts exactly where that run starts, possibly `http://` or `https://`
    /// (a scheme holds `:` and `/`, so it cannot end inside the run); the phantom start at an astral
    /// character lies in the run itself. So the scan resumes one scalar before the run, or before
    /// the scheme that ends where the run starts.
    /// - Complexity: O(length of the run), which lies after `notBefore`.
    private func earliestMatchStart(forDot dot: Int, notBefore: Int) -> Int {
        let runStart = TwitterCharacterClasses.labelRunStart(
            before: dot, notBefore: notBefore, in: text, classes: classes)
        var domainStart = runStart
        if runStart >= 8, Self.protocolLength(in: text, at: runStart - 8) == 8 {
            domainStart -= 8
        } else if runStart >= 7, Self.protocolLength(in: text, at: runStart - 7) == 7 {
            domainStart -= 7
        }
        guard domainStart > notBefore else { return notBefore }
        return text.scalarStart(before: domainStart)
    }

    static let dots = ByteSetSearch([UInt8(ascii: ".")])

    /// The URL expression at `start` (after the preceding character).
    private mutating func candidate(at start: Int, preceding: UInt32?) -> Candidate? {
        guard start < text.count else { return nil }
        let protocolLength = Self.protocolLength(in: text, at: start)
        let domainStart = start + protocolLength
        guard domainStart < text.count,
            TwitterCharacterClasses.isDomainCharacter(text.scalarValue(at: domainStart).value),
            let domainEnd = domainEnd(labelStart: domainStart, restStart: domainStart)
        else { return nil }
        return finish(
            Candidate(
                urlStart: start, isPhantom: false, protocolLength: protocolLength, domain: domainStart..<domainEnd,
                hasPath: false, matchEnd: domainEnd, preceding: preceding))
    }

    /// The URL expression at the low surrogate of the astral character at `position`.
    private mutating func phantomCandidate(at position: Int) -> Candidate? {
        guard let domainEnd = domainEnd(labelStart: position, restStart: position + 4) else { return nil }
        return finish(
            Candidate(
                urlStart: position, isPhantom: true, protocolLength: 0, domain: position..<domainEnd,
                hasPath: false, matchEnd: domainEnd, preceding: nil))
    }

    private mutating func domainEnd(labelStart: Int, restStart: Int) -> Int? {
        domains.domainEnd(labelStart: labelStart, restStart: restStart, in: text, tlds: tlds, classes: classes)
    }

    /// Port, path and query after the domain.
    private func finish(_ candidate: Candidate) -> Candidate {
        var result = candidate
        var end = TwitterURLPath.portEnd(in: text, at: candidate.domain.upperBound)
        if text.twitterByte(at: end) == UInt8(ascii: "/"), end < text.count {
            result.hasPath = true
            end = TwitterURLPath.pathEnd(in: text, after: end + 1)
        }
        if text.twitterByte(at: end) == UInt8(ascii: "?"), end < text.count,
            let queryEnd = TwitterURLPath.queryEnd(in: text, after: end + 1, bound: text.count)
        {
            end = queryEnd
        }
        result.matchEnd = end
        return result
    }

    /// 7 for `http://`, 8 for `https://` (any case), else 0.
    static func protocolLength(in text: UnsafeBufferPointer<UInt8>, at start: Int) -> Int {
        guard text.count - start >= 7, text[start] | 0x20 == UInt8(ascii: "h"), text[start + 1] | 0x20 == UInt8(ascii: "t"),
            text[start + 2] | 0x20 == UInt8(ascii: "t"), text[start + 3] | 0x20 == UInt8(ascii: "p")
        else { return 0 }
        var position = start + 4
        if text[position] | 0x20 == UInt8(ascii: "s") { position += 1 }
        guard text.twitterByte(at: position) == UInt8(ascii: ":"), text.twitterByte(at: position + 1) == UInt8(ascii: "/"),
            text.twitterByte(at: position + 2) == UInt8(ascii: "/"), position + 2 < text.count
        else { return 0 }
        return position + 3 - start
    }
}
