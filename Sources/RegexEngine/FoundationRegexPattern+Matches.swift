#if !PCRE2 || FOUNDATION_REGEX_ORACLE
import Foundation

extension FoundationRegexPattern {
    /// Transcodes `text[visible]` to UTF-16 and enumerates the matches of a region that starts at
    /// the window and ends at `visible`'s end, with transparent bounds (look-behinds and `\b` see
    /// `visible` before the window) and without anchoring bounds (`^` and `$` match only at the
    /// input's ends). Where `visible` cuts the text, the input gets one U+FFFF beyond the cut, so
    /// `^` and `$` never match there, as PCRE2's `NOTBOL`/`NOTEOL` have it; a look-around reaching
    /// two scalars past a cut sees that U+FFFF where PCRE2 sees the subject's end, and `\A`/`\z`
    /// do not match at a cut where PCRE2's do.
    ///
    /// Empty matches are skipped (ICU has no `PCRE2_NOTEMPTY`: where an expression prefers an empty
    /// match, ICU moves on where PCRE2 would backtrack to a non-empty one at the same start).
    ///
    /// - Complexity: O(`visible`) to transcode and map offsets, plus ICU's search, each search
    ///   (from the window's start or the end of `body` for the previous match to the next match)
    ///   bounded by ``timeLimit`` in the calling thread's CPU time.
    @discardableResult
    package func forEachMatch(
        in text: UnsafeBufferPointer<UInt8>, visible: Range<Int>?, startingIn window: Range<Int>,
        _ body: (Range<Int>) -> Bool
    ) -> RegexSearchOutcome {
        let visible = visible ?? 0..<text.count
        guard !window.isEmpty else { return .complete }
        let subject = UnsafeBufferPointer(rebasing: text[visible])
        let padBefore = visible.lowerBound > 0, padAfter = visible.upperBound < text.count
        var input: [UInt8] = []
        input.reserveCapacity(subject.count + 6)
        if padBefore { input += Self.cutPadding }
        input += subject
        if padAfter { input += Self.cutPadding }
        let string = String(decoding: input, as: UTF8.self)
        let padding = padBefore ? 1 : 0
        var cursor = UTF16OffsetCursor(subject)
        let regionStart = padding + cursor.utf16Offset(ofUTF8: window.lowerBound - visible.lowerBound)
        let windowEnd = window.upperBound - visible.lowerBound
        let regionUTF16Count = UTF16OffsetCursor.utf16Count(
            of: UnsafeBufferPointer(rebasing: subject[(window.lowerBound - visible.lowerBound)...]))
        let limit = timeLimit.duration(forUTF16Count: regionUTF16Count)
        var searchStart = ThreadCPUClock.now()
        var searchStartUTF8 = window.lowerBound
        var progressReports = 0
        var outcome = RegexSearchOutcome.complete
        // The block does not outlive the call (corelibs Foundation declares it escaping).
        withoutActuallyEscaping(body) { body in
            regex.enumerateMatches(
                in: string, options: [.withTransparentBounds, .withoutAnchoringBounds, .reportProgress],
                range: NSRange(location: regionStart, length: regionUTF16Count)
            ) { result, _, stop in
                guard let result else {
                    progressReports &+= 1
                    if progressReports & 15 == 0, ThreadCPUClock.now() - searchStart > limit {
                        outcome = .gaveUp(
                            RegexLimitFailure(
                                code: Self.timeLimitCode,
                                message: "search exceeded its time limit of \(Self.milliseconds(limit)) ms",
                                offset: searchStartUTF8, engine: Self.engineName))
                        stop.pointee = true
                    }
                    return
                }
                let range = result.range
                let start = cursor.utf8Offset(ofUTF16: range.location - padding)
                guard start < windowEnd else {
                    stop.pointee = true
                    return
                }
                let end = cursor.utf8Offset(ofUTF16: range.location + range.length - padding)
                searchStartUTF8 = end + visible.lowerBound
                if end > start, !body(start + visible.lowerBound..<end + visible.lowerBound) {
                    stop.pointee = true
                }
                // The limit counts ICU's time: what `body` spends (a merge reading other
                // patterns' matches, say) is not the search's.
                searchStart = ThreadCPUClock.now()
            }
        }
        return outcome
    }

    /// `duration` in whole milliseconds, rounded to the nearest.
    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + (attoseconds + 500_000_000_000_000) / 1_000_000_000_000_000
    }

    /// U+FFFF (a noncharacter, no line break, not `\w`, not `\s`) in UTF-8: what the input holds
    /// beyond a cut.
    static let cutPadding: [UInt8] = [0xEF, 0xBF, 0xBF]
}
#endif
