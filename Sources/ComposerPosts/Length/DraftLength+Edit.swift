import PatternDetection

extension DraftLength {
    /// Reads the text of a UTF-8 range of the draft's text. The ranges asked for always start and
    /// end at line boundaries (the text's ends, or just after an LF), which are grapheme cluster
    /// boundaries too.
    public typealias TextReader = (Range<Int>) -> String

    /// Updates the counts after `edit`, reading the lines it touches from `newText`, the text after
    /// the edit.
    /// - Precondition: the draft was counted for the text before the edit; `edit` lies on scalar
    ///   boundaries of both texts.
    /// - Complexity: see ``DraftLength``: O(lines between this edit and the last + bytes of the
    ///   touched lines), plus the line where a limit is crossed when the edit lies before its end.
    public mutating func apply(_ edit: TextEdit, in newText: String) {
        apply(edit, newUTF8Count: newText.utf8.count, readingText: Self.reader(newText))
    }

    /// As `apply(_:in:)`, for text kept elsewhere (a text view's storage, an `AttributedString`):
    /// `readingText` returns the text of a range of the text after the edit, and is asked for the
    /// lines the edit touched and, when a valid range moved, for one line more.
    /// - Precondition: `newUTF8Count` is the length of the text after the edit.
    public mutating func apply(
        _ edit: TextEdit, newUTF8Count: Int, readingText read: TextReader
    ) {
        guard isTracking else { return }
        precondition(edit.oldEnd <= utf8Count, "\(edit) reaches past the text end (\(utf8Count) bytes)")
        precondition(newUTF8Count == utf8Count + edit.delta, "\(edit) on \(utf8Count) bytes does not leave \(newUTF8Count)")
        moveGap(toLineHolding: edit.start)
        // The lines from the gap through the one holding `oldEnd` (a line ending exactly there is
        // followed by the one starting there, which the edit may join).
        var touched = 0
        var touchedUTF8 = 0
        repeat {
            touchedUTF8 += lines[lines.countBeforeGap + touched].utf8
            touched += 1
        } while lines.countBeforeGap + touched < lines.count && gapUTF8 + touchedUTF8 <= edit.oldEnd
        let reachesEnd = lines.countBeforeGap + touched == lines.count
        let region = gapUTF8..<gapUTF8 + touchedUTF8 + edit.delta
        let text = read(region)
        precondition(text.utf8.count == region.count, "read \(text.utf8.count) bytes for \(region)")
        let counted = count(text, at: gapUTF8, firstLine: lines.countBeforeGap, reachesEnd: reachesEnd)

        for _ in 0..<touched {
            totals.remove(lines.popFirstAfterGap())
        }
        lines.insertAtGap(contentsOf: counted.lines)
        for line in counted.lines { totals.add(line) }
        if let newHead = counted.head { head = newHead }
        let regionStart = gapUTF8
        gapUTF8 += region.count
        cuts = updatedCuts(unchangedUpTo: regionStart, read: read, scanned: counted.scans)
    }

    /// Sets the content warning `mastodon` profiles count before `text` (the current text).
    /// - Complexity: O(warning + first line), plus the line where a `mastodon` limit is crossed.
    public mutating func setContentWarning(_ contentWarning: String, in text: String) {
        setContentWarning(contentWarning, readingText: Self.reader(text))
    }

    /// As `setContentWarning(_:in:)`, reading the current text through `readingText`.
    public mutating func setContentWarning(_ contentWarning: String, readingText read: TextReader) {
        guard contentWarning != self.contentWarning else { return }
        self.contentWarning = contentWarning
        contentWarningClusters = contentWarning.count
        guard needs.mastodon else { return }
        // Only mastodon's counts change.
        let mastodon = Needs(profiles.filter { if case .mastodon = $0 { true } else { false } })
        let first = LineScan(line: read(0..<lines[0].utf8), afterLF: false, needs: mastodon)
        head = Head(contentWarning: contentWarning, first: first, tally: lines[0], needs: needs)
        cuts = updatedCuts(unchangedUpTo: -1, read: read, scanned: [0: first], only: { mastodon.includes($0) })
    }

    /// Moves the gap to just before the line holding `offset` (the last line holds the text's end).
    /// - Complexity: O(lines crossed).
    private mutating func moveGap(toLineHolding offset: Int) {
        var index = lines.countBeforeGap
        var start = gapUTF8
        while index > 0, index == lines.count || start > offset {
            index -= 1
            start -= lines[index].utf8
        }
        while index < lines.count - 1, start + lines[index].utf8 <= offset {
            start += lines[index].utf8
            index += 1
        }
        lines.moveGap(to: index)
        gapUTF8 = start
    }

    /// Tallies of the lines of `text`, which starts at UTF-8 offset `start` and line `firstLine` of
    /// the draft: a run of whole lines that either reaches the draft's end (its last line is the
    /// draft's last, possibly empty) or ends with an LF. When the run starts the draft, also what
    /// the content warning adds to its first line. The scans of the lines that may be where a
    /// limit is crossed (the first limit + 1), by start offset, for the cuts to reuse.
    mutating func count(
        _ text: String, at start: Int, firstLine: Int, reachesEnd: Bool
    ) -> (lines: [LineTally], head: Head?, scans: [Int: LineScan]) {
        let kept = profiles.map(\.limit).max().map { $0.saturatingAdding(1) } ?? 0
        return withUTF8Bytes(of: text) { (bytes) in
            var tallies: [LineTally] = []
            var head: Head?
            var scans: [Int: LineScan] = [:]
            func append(_ range: Range<Int>) {
                let line = range == 0..<bytes.count ? text : String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
                let index = firstLine + tallies.count
                let scan = LineScan(line: line, afterLF: index > 0, needs: needs)
                let tally = LineTally(scan, needs: needs)
                if index == 0 { head = Head(contentWarning: contentWarning, first: scan, tally: tally, needs: needs) }
                if index <= kept { scans[start + range.lowerBound] = scan }
                tallies.append(tally)
            }
            var lineStart = 0
            while let newline = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
                append(lineStart..<newline + 1)
                lineStart = newline + 1
            }
            if reachesEnd {
                append(lineStart..<bytes.count)
            } else {
                precondition(lineStart == bytes.count, "a run of lines that does not reach the end ends with an LF")
            }
            return (tallies, head, scans)
        }
    }

    /// Reads ranges of `text`.
    static func reader(_ text: String) -> TextReader {
        { range in
            let utf8 = text.utf8
            let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
            return String(Substring(utf8[lower..<utf8.index(lower, offsetBy: range.count)]))
        }
    }
}
