/// The links Mastodon's server finds: twitter-text 3.1.0's Ruby `extract_urls_with_indices`
/// (`extract_url_without_protocol: false`, as Mastodon's formatter calls it) with Mastodon's
/// patched expressions, in linear time.
///
/// The reference scans `(preceding)((protocol)?(domain)(:port)?(/path)?(?query)?)` over the text's
/// code points and post-filters every match; a match without a protocol is skipped but still
/// consumes its text (`example.com/https://x.com` links nothing). Protocols are `http`, `https`,
/// `dat`, `dweb`, `ipfs`, `ipns`, `ssb`, `gopher` and `gemini`, any case. The domain expression is
/// twitter-text's, found by ``TwitterDomainSearch`` with the Ruby expression's ASCII domain
/// characters; the path and query are Mastodon's (``MastodonURLPath``). A match with a protocol is
/// a link when its host converts under IDNA2003 (``Nameprep``) and it is at most 4,096 characters
/// long; `t.co` links are cut after their slug. Unlike the JavaScript reference there is no UTF-16:
/// every start is a code point.
///
/// Like ``TwitterURLScanner`` this jumps from dot to dot: every match holds a dot with a domain
/// character on both sides and starts at most one scalar (plus a protocol) before the run of label
/// characters that ends at that dot.
/// - Complexity: O(n); see ``TwitterURLScanner`` for why the domain search cannot go quadratic.
struct MastodonURLScanner {
    /// One match of the URL expression, before the post-filters.
    struct Candidate {
        var urlStart: Int
        var protocolLength: Int
        /// Whether the protocol is `http` or `https` (only those can be `t.co` links).
        var isHTTP: Bool
        var domain: Range<Int>
        var matchEnd: Int
    }

    /// A match the extractor reports.
    struct Link {
        var range: Range<Int>
        /// Whether the host holds a backslash: the extractor reports it (so it counts and takes
        /// part in overlap removal) but Mastodon's formatter cannot parse it and links nothing.
        var isUnparsable: Bool
    }

    let text: UnsafeBufferPointer<UInt8>
    let tlds: TwitterTLDMatcher
    /// The lazily initialized tables, read once per scanner (each read of a global `static let`
    /// goes through `swift_once`; these are needed per dot and per domain run).
    private let classes = MastodonCharacters.asciiDomainClasses
    private let dots = TwitterURLScanner.dots
    private var domains = TwitterDomainSearch()
    var nameprep = Nameprep()

    init(text: UnsafeBufferPointer<UInt8>, tlds: TwitterTLDMatcher) {
        self.text = text
        self.tlds = tlds
    }

    /// The links whose matches start (with their preceding character) in `start..<limit`.
    ///
    /// `start` must be 0 or a position where the reference's scan is in a fresh state (a
    /// separator, which no match crosses).
    mutating func links(from start: Int, before limit: Int) -> [Link] {
        ResumableScan.collect(start..<limit) { links(resuming: &$0, before: limit, atMost: $1, into: &$2) }
    }

    /// The links of ``links(from:before:)`` from where `resumption` stands, appended to `found`
    /// until it holds `count` or the scan is finished.
    mutating func links(resuming resumption: inout ResumableScan, before limit: Int, atMost count: Int, into found: inout [Link]) {
        var position = resumption.position
        var dot = -1
        defer { resumption.position = position }
        while found.count < count {
            guard position < limit else { return resumption.isFinished = true }
            if dot < position {
                guard let next = labelEndingDot(from: position) else { return resumption.isFinished = true }
                dot = next
                position = earliestMatchStart(forDot: dot, notBefore: position)
                guard position < limit else { return resumption.isFinished = true }
            }
            let (scalar, length) = text.scalarValue(at: position)
            var candidate: Candidate?
            if MastodonCharacters.isURLPreceding(scalar) { candidate = self.candidate(at: position + length) }
            if candidate == nil, position == 0 { candidate = self.candidate(at: 0) }
            if let candidate {
                if let link = accept(candidate) { found.append(link) }
                position = candidate.matchEnd
            } else {
                position += length
            }
        }
    }

    /// The first dot at or after `offset` with a domain character on both sides.
    private func labelEndingDot(from offset: Int) -> Int? {
        var position = offset
        while true {
            position = dots.firstIndex(in: text, from: position, before: text.count)
            guard position < text.count else { return nil }
            if position > 0, position + 1 < text.count,
                MastodonCharacters.isDomainCharacter(at: position + 1, in: text),
                MastodonCharacters.isDomainCharacter(at: text.scalarStart(before: position), in: text)
            {
                return position
            }
            position += 1
        }
    }

    /// The first position from which a match needing `dot` (or a later one) can start: one scalar
    /// before the run of label characters ending at `dot`, or before the protocol ending there.
    private func earliestMatchStart(forDot dot: Int, notBefore: Int) -> Int {
        let runStart = TwitterCharacterClasses.labelRunStart(
            before: dot, notBefore: notBefore, in: text, classes: classes)
        var domainStart = runStart
        if runStart >= 3, text[runStart - 1] == UInt8(ascii: "/"), text[runStart - 2] == UInt8(ascii: "/"),
            text[runStart - 3] == UInt8(ascii: ":")
        {
            // A protocol is at most six letters (ASCII, or the long s) before `://`.
            var letters = runStart - 3
            var count = 0
            while count < 7 {
                if letters > 0, TwitterCharacterClasses.isASCIILetter(text[letters - 1]) {
                    letters -= 1
                } else if letters > 1, Self.isLongS(text, at: letters - 2) {
                    letters -= 2
                } else {
                    break
                }
                count += 1
            }
            domainStart = letters
        }
        guard domainStart > notBefore else { return notBefore }
        return text.scalarStart(before: domainStart)
    }

    /// The URL expression at `start` (after the preceding character).
    private mutating func candidate(at start: Int) -> Candidate? {
        guard start < text.count else { return nil }
        let (protocolLength, isHTTP) = Self.protocolMatch(in: text, at: start)
        let domainStart = start + protocolLength
        guard domainStart < text.count, MastodonCharacters.isDomainCharacter(at: domainStart, in: text),
            let domainEnd = domainEnd(labelStart: domainStart)
        else { return nil }
        let end = MastodonURLPath.end(in: text, afterDomain: domainEnd)
        return Candidate(
            urlStart: start, protocolLength: protocolLength, isHTTP: isHTTP, domain: domainStart..<domainEnd, matchEnd: end)
    }

    /// The end of the domain expression whose first label starts at `labelStart`, or nil.
    mutating func domainEnd(labelStart: Int) -> Int? {
        domains.domainEnd(labelStart: labelStart, restStart: labelStart, in: text, tlds: tlds, classes: classes)
    }

    /// The length of `(?:https?|dat|dweb|ipfs|ipns|ssb|gopher|gemini)://` at `start` (any case; a
    /// long s `ſ` folds to `s`), or 0; and whether the protocol is `http` or `https`.
    static func protocolMatch(in text: UnsafeBufferPointer<UInt8>, at start: Int) -> (length: Int, isHTTP: Bool) {
        var end = start
        var word: UInt64 = 0
        var letters = 0
        while end < text.count, letters < 7 {
            if TwitterCharacterClasses.isASCIILetter(text[end]) {
                word = word << 8 | UInt64(text[end] | 0x20)
                end += 1
            } else if isLongS(text, at: end) {
                word = word << 8 | UInt64(UInt8(ascii: "s"))
                end += 2
            } else {
                break
            }
            letters += 1
        }
        guard letters >= 3, end + 2 < text.count, text[end] == UInt8(ascii: ":"),
            text[end + 1] == UInt8(ascii: "/"), text[end + 2] == UInt8(ascii: "/")
        else { return (0, false) }
        switch word {
        // http, https as lower-case byte words.
        case 0x6874_7470, 0x68_7474_7073:
            return (end + 3 - start, true)
        // dat, dweb, ipfs, ipns, ssb, gopher, gemini.
        case 0x64_6174, 0x6477_6562, 0x6970_6673, 0x6970_6E73, 0x73_7362, 0x676F_7068_6572, 0x6765_6D69_6E69:
            return (end + 3 - start, false)
        default:
            return (0, false)
        }
    }

    /// Whether U+017F LATIN SMALL LETTER LONG S (C5 BF) starts at `offset`.
    @inline(__always)
    static func isLongS(_ text: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        offset + 1 < text.count && text[offset] == 0xC5 && text[offset + 1] == 0xBF
    }
}
