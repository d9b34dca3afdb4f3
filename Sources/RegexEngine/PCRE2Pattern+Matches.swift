#if PCRE2
internal import CPCRE2

extension PCRE2Pattern {
    /// Searches with `PCRE2_NOTEMPTY` from the window's start, the match offset limit at its end,
    /// so one search per match plus one. A cut `visible` becomes the subject, with `PCRE2_NOTBOL` /
    /// `PCRE2_NOTEOL` at the cut ends (which leave `\A`, `\z` and `\Z` matching there).
    ///
    /// - Complexity: linear in the scanned bytes for expressions whose searches are linear; a
    ///   search costs at most PCRE2's match limit in backtracking steps.
    @discardableResult
    package func forEachMatch(
        in text: UnsafeBufferPointer<UInt8>, visible: Range<Int>?, startingIn window: Range<Int>,
        _ body: (Range<Int>) -> Bool
    ) -> RegexSearchOutcome {
        let visible = visible ?? 0..<text.count
        let subject = UnsafeBufferPointer(rebasing: text[visible])
        var options: MatchScratch.SearchOptions = .notEmpty
        if visible.lowerBound > 0 { options.insert(.notBeginningOfLine) }
        if visible.upperBound < text.count { options.insert(.notEndOfLine) }
        let shift = visible.lowerBound
        let limit = window.upperBound - shift
        return MatchScratch.withPooled { scratch in
            var position = window.lowerBound - shift
            while position < limit {
                let match: Range<Int>?
                do throws(RegexLimitFailure) {
                    match = try scratch.firstMatch(
                        of: self, in: subject, from: position, startLimit: limit, options: options)
                } catch {
                    var failure = error
                    failure.offset += shift
                    return .gaveUp(failure)
                }
                guard let match, match.lowerBound < limit else { return .complete }
                guard body(match.lowerBound + shift..<match.upperBound + shift) else { return .complete }
                position = match.upperBound > position
                    ? match.upperBound
                    : position + UTF8Boundaries.scalarLength(lead: subject[position])
            }
            return .complete
        }
    }
}
#endif

#if PCRE2
extension PCRE2Pattern {
    /// As ``forEachMatch(in:visible:startingIn:_:)`` with the whole text visible, `body` also
    /// getting the scratch that holds the match's capture groups (``MatchScratch/captureRange(_:)``),
    /// valid only inside `body`. PCRE2 only: the rule sets need no captures.
    @discardableResult
    package func forEachMatch(
        in text: UnsafeBufferPointer<UInt8>, startingIn window: Range<Int>? = nil,
        _ body: (Range<Int>, _ captures: MatchScratch) -> Void
    ) -> RegexSearchOutcome {
        let window = window ?? 0..<text.count
        return MatchScratch.withPooled { scratch in
            var position = window.lowerBound
            while position < window.upperBound {
                let match: Range<Int>?
                do throws(RegexLimitFailure) {
                    match = try scratch.firstMatch(
                        of: self, in: text, from: position, startLimit: window.upperBound, options: .notEmpty)
                } catch {
                    return .gaveUp(error)
                }
                guard let match, match.lowerBound < window.upperBound else { return .complete }
                body(match, scratch)
                position = match.upperBound
            }
            return .complete
        }
    }
}
#endif
