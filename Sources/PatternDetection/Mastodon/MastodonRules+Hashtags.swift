/// Mastodon's hashtag expression and its extractor's post-filter, scanned in Swift.
///
/// `Tag::HASHTAG_RE` is `(?<=^|[[:space:]])[#＃](FIRST|LAST)`, case-sensitive, with
/// - FIRST = `[[:word:]_][[:word:]S]*[[:alpha:]S][[:word:]S]*[[:word:]_]`,
/// - LAST = `[[:word:]_]*[[:alpha:]][[:word:]_]*`,
/// and S the separators `_`, `·` (U+00B7), `・` (U+30FB) and ZWNJ (U+200C). Both alternatives lie
/// inside the run of word characters and separators after the sign. With greedy backtracking FIRST
/// matches when the run starts with a word character and some letter or separator stands between
/// its first scalar and its last word character; it then ends at that last word character (a
/// trailing `·` is left out, a trailing `_` is not: `_` is a word character). Otherwise LAST matches
/// when the leading run of word characters holds a letter, and ends with that run. So `#1_1` is a
/// tag, `#123` and `#_1` are not.
///
/// The sign must follow the text start, a line feed or a White_Space character (a no-break space
/// too). When `://` follows the tag and its name ends in `http` or `https` after at least one other
/// character, that suffix is cut (`#taghttps://` → `#tag`).
/// - Complexity: O(n): each sign's run is read once, and runs of two signs never overlap (a run
///   holds no sign, and a sign must follow whitespace).
extension MastodonRules {
    static let hashSigns = ByteSetSearch([UInt8(ascii: "#"), 0xEF])

    func hashtags(in text: UnsafeBufferPointer<UInt8>, scan: Range<Int>) -> [Span] {
        ResumableScan.collect(scan) { hashtags(in: text, scan: scan, resuming: &$0, atMost: $1, into: &$2) }
    }

    /// The hashtags of `scan` from where `resumption` stands, appended to `found` until it holds
    /// `count` or the scan is finished.
    func hashtags(
        in text: UnsafeBufferPointer<UInt8>, scan: Range<Int>, resuming resumption: inout ResumableScan, atMost count: Int,
        into found: inout [Span]
    ) {
        let signs = Self.hashSigns
        var position = resumption.position
        defer { resumption.position = position }
        while found.count < count {
            position = signs.firstIndex(in: text, from: position, before: scan.upperBound)
            guard position < scan.upperBound else { return resumption.isFinished = true }
            let sign = position
            let signLength: Int
            if text[sign] == UInt8(ascii: "#") {
                signLength = 1
            } else if sign + 2 < text.count, text[sign + 1] == 0xBC, text[sign + 2] == 0x83 {
                signLength = 3
            } else {
                position += 1
                continue
            }
            position += signLength
            if sign > 0 {
                let (previous, _) = text.scalarValue(at: text.scalarStart(before: sign))
                guard MastodonCharacters.isSpace(previous) else { continue }
            }
            guard var end = Self.hashtagNameEnd(in: text, from: sign + signLength) else { continue }
            position = end
            if TwitterRules.startsWithSchemeSeparator(text, at: end) {
                end -= Self.schemeSuffixLength(in: text, name: sign + signLength..<end)
            }
            found.append(Span(kind: .hashtag, utf8Range: sign..<end))
        }
    }

    /// The end of FIRST|LAST at `start`, or nil when neither matches.
    static func hashtagNameEnd(in text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var position = start
        var index = 0
        var firstIsWord = false
        // LAST: the leading run of word characters and whether it holds a letter.
        var wordRunEnd = start
        var wordRunHasLetter = false
        var inWordRun = true
        // FIRST: the last word character, and the latest letter or separator after the first
        // scalar that lies before it.
        var lastWordEnd = -1
        var lastWordIndex = -1
        var latestLetterOrSeparatorIndex = -1
        var letterOrSeparatorBeforeLastWord = false
        while position < text.count {
            let (scalar, length) = text.scalarValue(at: position)
            let isWord = MastodonCharacters.isWord(scalar)
            let isSeparator = scalar == 0x5F || scalar == 0xB7 || scalar == 0x30FB || scalar == 0x200C
            guard isWord || isSeparator else { break }
            if index == 0 { firstIsWord = isWord }
            if isWord {
                if latestLetterOrSeparatorIndex >= 1 { letterOrSeparatorBeforeLastWord = true }
                lastWordIndex = index
                lastWordEnd = position + length
            }
            if index >= 1, isSeparator || MastodonCharacters.isAlpha(scalar) { latestLetterOrSeparatorIndex = index }
            if inWordRun {
                if isWord {
                    wordRunEnd = position + length
                    if !wordRunHasLetter, MastodonCharacters.isAlpha(scalar) { wordRunHasLetter = true }
                } else {
                    inWordRun = false
                }
            }
            position += length
            index += 1
        }
        _ = lastWordIndex
        if firstIsWord, letterOrSeparatorBeforeLastWord { return lastWordEnd }
        if wordRunHasLetter { return wordRunEnd }
        return nil
    }

    /// 5 when the name ends in `https`, 4 when in `http`, with at least one character before; else 0.
    static func schemeSuffixLength(in text: UnsafeBufferPointer<UInt8>, name: Range<Int>) -> Int {
        func endsWith(_ suffix: StaticString) -> Bool {
            let count = suffix.utf8CodeUnitCount
            guard name.count > count else { return false }
            let base = name.upperBound - count
            for index in 0..<count where text[base + index] != suffix.utf8Start[index] { return false }
            return true
        }
        if endsWith("https") { return 5 }
        if endsWith("http") { return 4 }
        return 0
    }
}
