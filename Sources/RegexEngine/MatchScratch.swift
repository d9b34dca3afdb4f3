#if PCRE2
internal import CPCRE2

/// Scratch space for matching: PCRE2 match data, a match context and a JIT stack.
///
/// Used by one scan at a time: a scan takes one from a small pool (``withPooled(_:)``) and gives
/// it back when done, so scans allocate nothing per match and callers never see scratch space.
/// `@unchecked Sendable` because the pool hands each instance to one caller at a time.
///
/// Every match call passes `PCRE2_NO_UTF_CHECK`: without it PCRE2 re-validates the subject from the
/// start offset to its end on each call and a find-all loop turns quadratic. Callers must therefore
/// pass valid UTF-8 and offsets on scalar boundaries; the public entry points guarantee both.
package final class MatchScratch: @unchecked Sendable {
    private var matchData: OpaquePointer
    private var pairCapacity: Int
    private let context: OpaquePointer
    private let jitStack: OpaquePointer?

    /// - Parameters:
    ///   - jitStackBytes: the largest the JIT stack may grow to. PCRE2's default of 32 KiB fails with
    ///     "JIT stack limit reached" on long inputs; 8 MiB covers megabyte-long tokens.
    ///   - matchLimit: PCRE2's match limit (backtracking budget per search); `nil` keeps its default.
    package init(jitStackBytes: Int = 8 << 20, matchLimit: UInt32? = nil) {
        pairCapacity = 16
        matchData = pcre2_match_data_create_8(UInt32(pairCapacity), nil)
        context = pcre2_match_context_create_8(nil)
        jitStack = pcre2_jit_stack_create_8(32 << 10, max(jitStackBytes, 32 << 10), nil)
        if let jitStack {
            pcre2_jit_stack_assign_8(context, nil, UnsafeMutableRawPointer(jitStack))
        }
        if let matchLimit {
            pcre2_set_match_limit_8(context, matchLimit)
        }
    }

    deinit {
        pcre2_match_data_free_8(matchData)
        pcre2_match_context_free_8(context)
        if let jitStack { pcre2_jit_stack_free_8(jitStack) }
    }

    /// Options for a single search.
    package struct SearchOptions: OptionSet, Sendable {
        package let rawValue: UInt32
        package init(rawValue: UInt32) { self.rawValue = rawValue }
        /// The match must start exactly at the start offset.
        package static let anchored = SearchOptions(rawValue: PCRE2_ANCHORED)
        /// An empty string is not a valid match (the search moves on to a non-empty one).
        package static let notEmpty = SearchOptions(rawValue: PCRE2_NOTEMPTY)
        /// The start offset is not treated as the start of the subject for `^` / `\A`.
        package static let notBeginningOfLine = SearchOptions(rawValue: PCRE2_NOTBOL)
        /// The subject's end is not the end of a line for `$` (`\z` and `\Z` are unaffected).
        package static let notEndOfLine = SearchOptions(rawValue: PCRE2_NOTEOL)
    }

    /// Searches `subject` from `start` for the first match of `pattern`.
    ///
    /// - Parameters:
    ///   - startLimit: if given, the match must start at or before this offset
    ///     (`PCRE2_USE_OFFSET_LIMIT`); look-behinds and `\b` still see the whole subject.
    /// - Returns: the match's range, or `nil` for "no match". Capture groups are then available
    ///   through ``captureRange(_:)`` until the next search.
    /// - Throws: ``RegexLimitFailure`` for every other outcome: match limit, JIT stack limit, depth
    ///   limit, and so on. A caller that stops scanning on an error must say so.
    package func firstMatch(
        of pattern: PCRE2Pattern,
        in subject: UnsafeBufferPointer<UInt8>,
        from start: Int,
        startLimit: Int? = nil,
        options: SearchOptions = []
    ) throws(RegexLimitFailure) -> Range<Int>? {
        if pattern.captureCount + 1 > pairCapacity {
            pcre2_match_data_free_8(matchData)
            pairCapacity = pattern.captureCount + 1
            matchData = pcre2_match_data_create_8(UInt32(pairCapacity), nil)
        }
        pcre2_set_offset_limit_8(context, startLimit ?? cp2_unset())
        let result = pcre2_match_8(
            pattern.code, subject.baseAddress ?? emptySubject, subject.count, start,
            options.rawValue | PCRE2_NO_UTF_CHECK, matchData, context)
        if result == PCRE2_ERROR_NOMATCH { return nil }
        if result < 0 {
            throw RegexLimitFailure(
                code: result, message: pcre2Message(for: result), offset: start, engine: PCRE2Pattern.engineName)
        }
        let ovector = pcre2_get_ovector_pointer_8(matchData)!
        return ovector[0]..<max(ovector[0], ovector[1])
    }

    /// The range of capture group `group` in the last successful match, `nil` when it did not take
    /// part. Group 0 is the whole match.
    package func captureRange(_ group: Int) -> Range<Int>? {
        guard group < pairCapacity else { return nil }
        let ovector = pcre2_get_ovector_pointer_8(matchData)!
        let start = ovector[2 * group], end = ovector[2 * group + 1]
        if start == cp2_unset() || end == cp2_unset() || end < start { return nil }
        return start..<end
    }
}
#endif
