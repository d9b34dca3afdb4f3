/// Custom emoji shortcodes as Mastodon finds them (`CustomEmoji::SCAN_RE`):
/// `(?<=[^[:alnum:]:]|\n|^):([a-zA-Z0-9_]{2,}):(?=[^[:alnum:]:]|$)`.
///
/// A colon not preceded by a letter, a digit (in any script) or a colon, two or more of
/// `[A-Za-z0-9_]`, a colon not followed by a letter, a digit or a colon. A match consumes its text,
/// but its closing colon could never open another (a word character precedes it), so every colon
/// is tried in turn.
/// - Complexity: O(n): the colon search reads each byte once; a candidate reads its shortcode and
///   one scalar on either side.
extension MastodonRules {
    static let colons = ByteSetSearch([UInt8(ascii: ":")])

    func shortcodes(in text: UnsafeBufferPointer<UInt8>, scan: Range<Int>) -> [Span] {
        ResumableScan.collect(scan) { shortcodes(in: text, scan: scan, resuming: &$0, atMost: $1, into: &$2) }
    }

    /// The shortcodes of `scan` from where `resumption` stands, appended to `found` until it holds
    /// `count` or the scan is finished.
    func shortcodes(
        in text: UnsafeBufferPointer<UInt8>, scan: Range<Int>, resuming resumption: inout ResumableScan, atMost count: Int,
        into found: inout [Span]
    ) {
        let colons = Self.colons
        var position = resumption.position
        defer { resumption.position = position }
        while found.count < count {
            position = colons.firstIndex(in: text, from: position, before: scan.upperBound)
            guard position < scan.upperBound else { return resumption.isFinished = true }
            let open = position
            position += 1
            if open > 0 {
                let (previous, _) = text.scalarValue(at: text.scalarStart(before: open))
                if previous == 0x3A || MastodonCharacters.isAlnum(previous) { continue }
            }
            var close = open + 1
            while close < text.count, MastodonCharacters.isASCIIWordByte(text[close]) { close += 1 }
            guard close - open - 1 >= 2, close < text.count, text[close] == UInt8(ascii: ":") else { continue }
            if close + 1 < text.count {
                let (next, _) = text.scalarValue(at: close + 1)
                if next == 0x3A || MastodonCharacters.isAlnum(next) { continue }
            }
            found.append(Span(kind: .emoji, utf8Range: open..<close + 1))
            position = close + 1
        }
    }
}
