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
        case 0x85, 0xA0, 0x2007, 0x202F: false
        default: scalar.properties.isWhitespace
        }
    }

    /// The cuts at white space of `text`: one per maximal run of grapheme clusters made only of
    /// cut spaces (a space followed by a combining mark is one cluster, not white space), ranked,
    /// with the leading and the trailing run (each possibly empty) as the first and last cut.
    /// - Precondition: `text` holds a cluster that is not white space.
    /// - Complexity: O(n), one pass over the clusters.
    static func whiteSpaceCuts(in text: String) -> [ThreadCut] {
        var runs: [(range: Range<Int>, lineBreaks: Int)] = []
        var offset = 0
        var runStart: Int?
        var lineBreaks = 0
        for character in text {
            let width = character.utf8.count
            if character.unicodeScalars.allSatisfy(isCutSpace) {
                if runStart == nil {
                    runStart = offset
                    lineBreaks = 0
                }
                lineBreaks += Self.lineBreaks(in: character)
            } else if let start = runStart {
                runs.append((start..<offset, lineBreaks))
                runStart = nil
            }
            offset += width
        }
        if let start = runStart { runs.append((start..<offset, lineBreaks)) }
        let end = offset
        return withUTF8Bytes(of: text) { bytes in
            var cuts = [ThreadCut(dropped: 0..<0, rank: .paragraph)]
            for run in runs {
                if run.range.lowerBound == 0 {
                    cuts[0].dropped = run.range
                } else if run.range.upperBound == end {
                    break
                } else {
                    cuts.append(ThreadCut(dropped: run.range, rank: rank(of: run.lineBreaks, after: run.range.lowerBound, in: bytes)))
                }
            }
            let trailing = runs.last.flatMap { $0.range.upperBound == end && $0.range.lowerBound > 0 ? $0.range : nil }
            cuts.append(ThreadCut(dropped: trailing ?? end..<end, rank: .paragraph))
            return cuts
        }
    }

    /// The rank of white space holding `lineBreaks` line breaks that starts at `offset`.
    private static func rank(of lineBreaks: Int, after offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Rank {
        if lineBreaks >= 2 { return .paragraph }
        if endsSentence(bytes, at: offset, fullWidthOnly: false) { return .sentence }
        return lineBreaks == 1 ? .line : .space
    }

    /// Line breaks in one cluster of white space: LF, CR, CR LF, VT, FF and U+2028 count one;
    /// the paragraph separator U+2029 counts two (it ends a paragraph by itself).
    static func lineBreaks(in character: Character) -> Int {
        switch character {
        case "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{2028}": 1
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
