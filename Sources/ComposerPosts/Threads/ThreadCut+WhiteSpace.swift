import PatternDetection

extension ThreadCut {
    /// White space a thread may be cut at: Unicode's White_Space except NEL (U+0085), which the
    /// `bluesky` rule set reads as part of a word, and the no-break spaces U+00A0, U+2007 and
    /// U+202F, which ask not to be broken at.
    ///
    /// Every built-in rule set ends its entities at these scalars and reads them as it reads the
    /// start or end of a text, so a slice bounded by them holds the same entities as the same text
    /// posted alone.
    static func isCutSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20: true
        case 0..<0x80, 0x85, 0xA0, 0x2007, 0x202F: false
        default: scalar.properties.isWhitespace
        }
    }

    /// The cuts at white space of `text`: one per maximal run of grapheme clusters made only of
    /// cut spaces (a space followed by a combining mark is one cluster, not white space), ranked,
    /// with the leading and the trailing run (each possibly empty) as the first and last cut.
    ///
    /// Read by scalars, not clusters: no rule of grapheme breaking joins two White_Space scalars
    /// except CR LF, and whether a white-space scalar joins the scalar before or after it depends
    /// on that pair alone (no rule that looks further back has white space on either side: the
    /// scalar before joins only as a Prepend, the one after only as Extend, ZWJ or SpacingMark).
    /// So a run of cut-space scalars is a run of white-space clusters, less its first scalar when
    /// that joins the one before and its last when that joins the one after.
    /// - Precondition: `text` holds a cluster that is not white space.
    /// - Complexity: O(n), one pass over the bytes.
    static func whiteSpaceCuts(in text: String) -> [ThreadCut] {
        withUTF8Bytes(of: text) { bytes in
            var cuts = [ThreadCut(dropped: 0..<0, rank: .paragraph)]
            var position = 0
            while let run = nextWhiteSpaceRun(in: bytes, from: &position) {
                if run.range.lowerBound == 0 {
                    cuts[0].dropped = run.range
                } else if run.range.upperBound == bytes.count {
                    cuts.append(ThreadCut(dropped: run.range, rank: .paragraph))
                    return cuts
                } else {
                    cuts.append(ThreadCut(dropped: run.range, rank: rank(of: run.lineBreaks, after: run.range.lowerBound, in: bytes)))
                }
            }
            cuts.append(ThreadCut(dropped: bytes.count..<bytes.count, rank: .paragraph))
            return cuts
        }
    }

    /// The next maximal run of white-space clusters at or after `position`, with the line breaks
    /// it holds; `position` moves past it.
    private static func nextWhiteSpaceRun(
        in bytes: UnsafeBufferPointer<UInt8>, from position: inout Int
    ) -> (range: Range<Int>, lineBreaks: Int)? {
        while position < bytes.count {
            var start = position
            var end = position
            var lineBreaks = 0
            var last: (scalar: Unicode.Scalar, length: Int)?
            while end < bytes.count {
                let decoded = bytes.decodeScalar(at: end)
                guard isCutSpace(decoded.scalar) else { break }
                if !(decoded.scalar == "\n" && last?.scalar == "\r") { lineBreaks += Self.lineBreaks(in: decoded.scalar) }
                last = decoded
                end += decoded.length
            }
            guard let last else {
                position += bytes.decodeScalar(at: position).length
                continue
            }
            position = end
            if start > 0 {
                let first = bytes.decodeScalar(at: start)
                if clusters(bytes.decodeScalar(at: bytes.scalarStart(before: start)).scalar, first.scalar) { start += first.length }
            }
            if end < bytes.count, start < end, clusters(last.scalar, bytes.decodeScalar(at: end).scalar) { end -= last.length }
            if start < end { return (start..<end, lineBreaks) }
        }
        return nil
    }

    /// Whether no grapheme-cluster boundary lies between two scalars of which one is white space
    /// (Swift's own segmentation of the pair).
    private static func clusters(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Bool {
        if first.isASCII && second.isASCII { return first == "\r" && second == "\n" }
        var pair = String.UnicodeScalarView()
        pair.append(first)
        pair.append(second)
        return String(pair).count == 1
    }

    /// The rank of white space holding `lineBreaks` line breaks that starts at `offset`.
    private static func rank(of lineBreaks: Int, after offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Rank {
        if lineBreaks >= 2 { return .paragraph }
        if endsSentence(bytes, at: offset, fullWidthOnly: false) { return .sentence }
        return lineBreaks == 1 ? .line : .space
    }

    /// Line breaks in one white-space scalar: LF, CR, VT, FF and U+2028 count one (CR LF, one
    /// cluster, counts one in all); the paragraph separator U+2029 counts two (it ends a paragraph
    /// by itself).
    static func lineBreaks(in scalar: Unicode.Scalar) -> Int {
        switch scalar {
        case "\n", "\r", "\u{0B}", "\u{0C}", "\u{2028}": 1
        case "\u{2029}": 2
        default: 0
        }
    }

    /// Whether the text before `offset` ends a sentence: a sentence-ending mark followed by at
    /// most four closing marks (`"`, `'`, closing brackets and final quotes, as in `."` or `?)`).
    ///
    /// The marks: `.` `!` `?` `…` `‼` `⁇` `⁈` `⁉` `؟` `۔` `।` `॥` and the full-width `。` `．`
    /// `！` `？` `｡`; with `fullWidthOnly`, only the full-width ones, which end sentences without
    /// white space after them.
    static func endsSentence(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, fullWidthOnly: Bool) -> Bool {
        var position = offset
        var closers = 0
        while position > 0 {
            let start = bytes.scalarStart(before: position)
            let scalar = bytes.decodeScalar(at: start).scalar
            switch scalar.value {
            case 0x3002, 0xFF0E, 0xFF01, 0xFF1F, 0xFF61:
                return true
            case 0x2E, 0x21, 0x3F, 0x2026, 0x203C, 0x2047, 0x2048, 0x2049, 0x061F, 0x06D4, 0x0964, 0x0965:
                return !fullWidthOnly
            case 0x22, 0x27:
                break
            default:
                let category = scalar.properties.generalCategory
                guard category == .closePunctuation || category == .finalPunctuation else { return false }
            }
            closers += 1
            guard closers <= 4 else { return false }
            position = start
        }
        return false
    }
}
