/// Mastodon's mention expression and its extractor's post-filters, scanned in Swift.
///
/// `Account::MENTION_RE` is `(?<![=/[:word:]])@(USERNAME(?:@[[:word:]]+(?:[.-]+[[:word:]]+)*)?)`
/// with `USERNAME` = `[a-z0-9_]+(?:[.-]+[a-z0-9_]+)*` (case-insensitive). Greedy matching makes
/// each part end at the last word character of its run: the username at the last username
/// character of the run of username characters, dots and hyphens after the at sign; the domain
/// (only when an at sign follows the username directly) at the last word character of the run of
/// word characters, dots and hyphens after it. The extractor drops a match followed by an at sign,
/// a Latin accented letter or `://`, and one whose domain is longer than 253 characters; a dropped
/// match still consumes its text, so `@x@y@z` gives nothing (the second at sign follows `y`, a word
/// character).
/// - Complexity: O(n): the sign search reads each byte once (sixteen at a time); a match reads its
///   own text and one scalar on either side, and the scan resumes after it.
extension MastodonRules {
    static let mentionSigns = ByteSetSearch([UInt8(ascii: "@")])
    static let maximumMentionDomainLength = 253

    func mentions(in text: UnsafeBufferPointer<UInt8>, scan: Range<Int>) -> [Span] {
        ResumableScan.collect(scan) { mentions(in: text, scan: scan, resuming: &$0, atMost: $1, into: &$2) }
    }

    /// The mentions of `scan` from where `resumption` stands, appended to `found` until it holds
    /// `count` or the scan is finished.
    func mentions(
        in text: UnsafeBufferPointer<UInt8>, scan: Range<Int>, resuming resumption: inout ResumableScan, atMost count: Int,
        into found: inout [Span]
    ) {
        let signs = Self.mentionSigns
        var position = resumption.position
        defer { resumption.position = position }
        while found.count < count {
            position = signs.firstIndex(in: text, from: position, before: scan.upperBound)
            guard position < scan.upperBound else { return resumption.isFinished = true }
            let sign = position
            position += 1
            if sign > 0 {
                let (previous, _) = text.scalarValue(at: text.scalarStart(before: sign))
                if previous == 0x3D || previous == 0x2F || MastodonCharacters.isWord(previous) { continue }
            }
            guard let usernameEnd = Self.runEnd(in: text, from: sign + 1, isCore: MastodonCharacters.isUsernameCharacter)
            else { continue }
            var end = usernameEnd
            var domainLength = 0
            if end < text.count, text[end] == UInt8(ascii: "@"),
                let domainEnd = Self.runEnd(in: text, from: end + 1, isCore: MastodonCharacters.isWord)
            {
                domainLength = text.scalarCount(in: end + 1..<domainEnd)
                end = domainEnd
            }
            position = end
            guard !MastodonCharacters.endsMention(text, at: end), domainLength <= Self.maximumMentionDomainLength
            else { continue }
            found.append(Span(kind: .mention, utf8Range: sign..<end))
        }
    }

    /// The end of `core+(?:[.-]+core+)*` at `start`: after the last core scalar of the run of core
    /// scalars, dots and hyphens that starts there, or nil when no core scalar is at `start`.
    static func runEnd(
        in text: UnsafeBufferPointer<UInt8>, from start: Int, isCore: (UInt32) -> Bool
    ) -> Int? {
        var position = start
        var lastCoreEnd = -1
        while position < text.count {
            let (scalar, length) = text.scalarValue(at: position)
            if isCore(scalar) {
                position += length
                lastCoreEnd = position
            } else if (scalar == 0x2E || scalar == 0x2D) && lastCoreEnd >= 0 {
                position += 1
            } else {
                break
            }
        }
        return lastCoreEnd >= 0 ? lastCoreEnd : nil
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// The number of scalars in `range` (which lies on scalar boundaries).
    func scalarCount(in range: Range<Int>) -> Int {
        var count = 0
        for offset in range where !UTF8Scalar.isContinuation(self[offset]) { count += 1 }
        return count
    }
}
