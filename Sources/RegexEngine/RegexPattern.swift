/// An expression compiled once by one engine, immutable and safe to share across threads.
///
/// Two engines implement it: ``PCRE2Pattern`` (the `PCRE2` package trait) and
/// ``FoundationRegexPattern`` (Foundation's `NSRegularExpression`, that is ICU). ``CompiledPattern``
/// names the one this build uses; code above this module sees only that name and this protocol.
///
/// Subjects are UTF-8 and every offset in and out is a UTF-8 byte offset on a scalar boundary.
/// Both engines are asked for the same semantics:
/// - Unicode-aware classes and case folding (PCRE2's UTF + UCP mode; ICU is always Unicode-aware).
///   Where the two disagree on what a class holds, see the PatternDetection article
///   "Regex engines".
/// - Only a line feed ends a line (`.`, `(?m)^`, `(?m)$`, `$` before a final newline).
/// - Matches are leftmost-first, non-overlapping and never empty.
package protocol RegexPattern: Sendable {
    /// Compiles `expression`.
    /// - Throws: ``RegexCompileFailure`` with the engine's message, and the byte offset in
    ///   `expression` where the engine stopped when it reports one.
    init(_ expression: String, options: RegexOptions) throws(RegexCompileFailure)

    /// The engine's name, for messages: `PCRE2` or `NSRegularExpression`.
    static var engineName: String { get }

    /// Whether a search resumed at a match's end (``forEachMatch(in:visible:startingIn:_:)`` with
    /// the window starting there) costs only the search from there, and finds what the one search
    /// would have found next: true for PCRE2, whose search keeps nothing from match to match; false
    /// for ICU, which is handed the whole visible text again (transcoded) on every call, so
    /// callers search one subject in one call.
    static var resumesCheaply: Bool { get }

    /// The expression as given.
    var expression: String { get }

    /// A lower bound on a match's length in UTF-8 bytes: a subject shorter than this holds no
    /// match. 0 when the engine does not know one.
    var minimumMatchUTF8Length: Int { get }

    /// The bytes a match can start with, sorted, when a set of them is known (from the engine, or
    /// read from the expression): a window holding none of them holds no match start. `nil` when
    /// any byte may start a match, or none is known. Never a UTF-8 continuation byte: a match
    /// starts on a scalar boundary.
    var matchStartBytes: [UInt8]? { get }

    /// Sets of bytes, each sorted, that every match needs one byte of: a search whose window
    /// starts at `w` finds no match ending at `e` unless `w..<e` holds a byte of each set (the
    /// attempt that found it began in the window and consumed one of each, even where `\K`
    /// reports a later start). Read from the expression's top-level items; empty when none is
    /// known. Never a UTF-8 continuation byte.
    var matchRequiredBytes: [[UInt8]] { get }

    /// Calls `body` with each non-empty, non-overlapping match that starts in `window`, left to
    /// right, until `body` returns `false` or there are no more.
    ///
    /// - Parameters:
    ///   - text: valid UTF-8.
    ///   - visible: the part of `text` the expression sees; matches lie inside it. Where `visible`
    ///     cuts `text`, `^` and `$` do not match at the cut, with or without `(?m)`: they keep
    ///     meaning the text's own start and end and line breaks inside `visible`. What lies beyond
    ///     a cut is the subject's end to PCRE2 (`\A` and `\z` match there) and one U+FFFF to ICU;
    ///     callers keep a scalar of context between a cut and the window so that only a
    ///     look-around reaching past it can tell. `nil` is the whole text.
    ///   - window: where matches may start; lies inside `visible`, on scalar boundaries.
    /// - Returns: ``RegexSearchOutcome/gaveUp(_:)`` when a search exceeded the engine's limits: the
    ///   matches reported before it stand, and nothing after it is searched.
    @discardableResult
    func forEachMatch(
        in text: UnsafeBufferPointer<UInt8>, visible: Range<Int>?, startingIn window: Range<Int>,
        _ body: (Range<Int>) -> Bool
    ) -> RegexSearchOutcome
}

extension RegexPattern {
    /// Compiles `expression` with no options beyond the ones every pattern gets.
    package init(_ expression: String) throws(RegexCompileFailure) {
        try self.init(expression, options: [])
    }

    /// Every match ``forEachMatch(in:visible:startingIn:_:)`` reports, with the whole text visible.
    package func matches(
        in text: UnsafeBufferPointer<UInt8>, startingIn window: Range<Int>? = nil
    ) -> [Range<Int>] {
        var found: [Range<Int>] = []
        forEachMatch(in: text, visible: nil, startingIn: window ?? 0..<text.count) { match in
            found.append(match)
            return true
        }
        return found
    }
}

extension RegexPattern {
    /// Calls `body` with each match that starts in `window` (the whole text when `nil`), the whole
    /// text visible.
    @discardableResult
    package func forEachMatch(
        in text: UnsafeBufferPointer<UInt8>, startingIn window: Range<Int>? = nil, _ body: (Range<Int>) -> Void
    ) -> RegexSearchOutcome {
        forEachMatch(in: text, visible: nil, startingIn: window ?? 0..<text.count) { match in
            body(match)
            return true
        }
    }
}
