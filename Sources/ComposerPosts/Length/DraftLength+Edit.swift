import PatternDetection

extension DraftLength {
    /// Updates the counts after `edit`, reading the lines it touches from `newText`, the text after
    /// the edit.
    /// - Precondition: the draft was counted for the text before the edit; `edit` lies on scalar
    ///   boundaries of both texts.
    /// - Throws: ``PatternError`` when the `bluesky` rule set fails (PCRE2); the draft is then
    ///   unchanged (still the text before the edit).
    /// - Complexity: see ``DraftLength``: O(lines between this edit and the last + bytes of the
    ///   touched lines), more only when the edit lies before the end of a valid range's prefix.
    public mutating func apply(_ edit: TextEdit, in newText: String) throws(PatternError) {
        precondition(!isTracking || newText.utf8.count == utf8Count + edit.delta, "\(edit) does not lead to the text given")
        try apply(edit, read: Self.reader(newText))
    }

    /// As ``apply(_:in:)``, for text kept elsewhere: `readUTF8` returns the UTF-8 bytes of a range
    /// of the text after the edit (it is asked for the touched lines, and for a valid range's
    /// prefix when that is counted again).
    public mutating func apply(_ edit: TextEdit, readingUTF8 readUTF8: (Range<Int>) -> [UInt8]) throws(PatternError) {
        try apply(edit, read: readUTF8)
    }

    /// As ``apply(_:in:)``, reading the text from a text source (an `AttributedString`).
    package mutating func apply(_ edit: TextEdit, in newText: some UTF8TextSource) throws(PatternError) {
        precondition(!isTracking || newText.utf8Count == utf8Count + edit.delta, "\(edit) does not lead to the text given")
        try apply(edit, read: Self.reader(newText))
    }

    /// Sets the content warning `mastodon` profiles count before `text` (the current text).
    /// - Complexity: O(warning + first line), plus counting a valid range's prefix again.
    public mutating func setContentWarning(_ contentWarning: String, in text: String) {
        setContentWarning(contentWarning, read: Self.reader(text))
    }

    /// As ``setContentWarning(_:in:)``, reading the text from a text source.
    package mutating func setContentWarning(_ contentWarning: String, in text: some UTF8TextSource) {
        setContentWarning(contentWarning, read: Self.reader(text))
    }

    private mutating func setContentWarning(_ contentWarning: String, read: (Range<Int>) -> [UInt8]) {
        guard contentWarning != self.contentWarning else { return }
        self.contentWarning = contentWarning
        contentWarningClusters = contentWarning.count
        guard needs.mastodon else { return }
        let first = lines[0]
        head = Head(
            contentWarning: contentWarning, firstLine: String(decoding: read(0..<first.utf8), as: UTF8.self), tally: first,
            needs: needs)
        // Only mastodon's valid ranges change, and counting them scans no links: this cannot throw.
        cuts = try! updatedCuts(unchangedUpTo: -1, read: read, only: { if case .mastodon = $0 { true } else { false } })
    }

    private mutating func apply(_ edit: TextEdit, read: (Range<Int>) -> [UInt8]) throws(PatternError) {
        guard isTracking else { return }
        precondition(edit.oldEnd <= utf8Count, "\(edit) reaches past the text end (\(utf8Count) bytes)")
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
        let bytes = read(region)
        precondition(bytes.count == region.count, "read \(bytes.count) bytes for \(region)")
        let counted = try count(bytes, reachesEnd: reachesEnd, startsText: gapUTF8 == 0)

        let saved = (totals: totals, head: head)
        var removed: [LineTally] = []
        for _ in 0..<touched {
            let line = lines.popFirstAfterGap()
            totals.remove(line)
            removed.append(line)
        }
        lines.insertAtGap(contentsOf: counted.lines)
        for line in counted.lines { totals.add(line) }
        if let newHead = counted.head { head = newHead }
        let regionStart = gapUTF8
        gapUTF8 += region.count
        do {
            cuts = try updatedCuts(unchangedUpTo: regionStart, read: read)
        } catch {
            for _ in counted.lines { _ = lines.popLastBeforeGap() }
            lines.insertAtGap(contentsOf: removed)
            lines.moveGap(to: lines.countBeforeGap - removed.count)
            gapUTF8 = regionStart
            (totals, head) = saved
            throw error
        }
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

    /// Tallies of the lines of `bytes`: a run of whole lines that either reaches the text's end
    /// (its last line is the text's last, possibly empty) or ends with an LF. When the run starts
    /// the text, also what the content warning adds to its first line.
    mutating func count(
        _ bytes: [UInt8], reachesEnd: Bool, startsText: Bool
    ) throws(PatternError) -> (lines: [LineTally], head: Head?) {
        let scratch = needs.bluesky ? uniqueScratch() : nil
        var tallies: [LineTally] = []
        var head: Head?
        func append(_ range: Range<Int>) throws(PatternError) {
            let line = String(decoding: bytes[range], as: UTF8.self)
            let first = startsText && tallies.isEmpty
            let tally = try LineTally(line: line, afterLF: !first, needs: needs, scratch: scratch)
            if first {
                head = Head(contentWarning: contentWarning, firstLine: line, tally: tally, needs: needs)
            }
            tallies.append(tally)
        }
        var start = 0
        while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            try append(start..<newline + 1)
            start = newline + 1
        }
        if reachesEnd {
            try append(start..<bytes.count)
        } else {
            precondition(start == bytes.count, "a run of lines that does not reach the end ends with an LF")
        }
        return (tallies, head)
    }

    /// Reads UTF-8 ranges of `text`.
    static func reader(_ text: String) -> (Range<Int>) -> [UInt8] {
        { range in
            let utf8 = text.utf8
            let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
            return Array(utf8[lower..<utf8.index(lower, offsetBy: range.count)])
        }
    }

    /// Reads UTF-8 ranges of a text source.
    static func reader(_ text: some UTF8TextSource) -> (Range<Int>) -> [UInt8] {
        { range in
            [UInt8](unsafeUninitializedCapacity: range.count) { buffer, count in
                text.copyUTF8(range, into: buffer)
                count = range.count
            }
        }
    }
}
