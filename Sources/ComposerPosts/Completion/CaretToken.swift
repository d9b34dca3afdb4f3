import PatternDetection

/// The mention, hashtag, cashtag or custom token being typed at the caret: what a composer's
/// autocomplete looks up, and the range a chosen completion replaces.
///
/// ## Which token
/// A token starts at a trigger (`@`/`＠` mention, `#`/`＃` hashtag, `$` cashtag, a custom kind's
/// trigger) that stands where the rule set lets its kind start, and runs over the scalars that
/// kind's body may hold; the rule set describes both in its `TokenGrammar`s.
/// - The caret lies after the trigger and no further than the token's end.
/// - Where a detected span of a completed kind covers the caret (start < caret ≤ end), the token
///   is exactly that span, so completion and highlighting never disagree about its range —
///   provided its trigger stands where a token may start (the first rule above): a span glued
///   where the grammar forbids a start (a custom `:shortcode:` in the middle of a word, `icysky`'s
///   bare `@` at the end of a link's word) is highlighted but not completed. A span covering the
///   caret whose kind is not completed (a link) means no token at all.
/// - Otherwise the grammar decides, and a token whose range would overlap a detected span (other
///   than a shorter span of its own kind starting at the same trigger) is no token: the span wins,
///   as it does in the published post.
/// - No token: a caret at the text start, in or right after a separator, inside a link, after a
///   trigger glued to a word where the rule set forbids that (`foo@b` under `bluesky`), or where
///   the body cannot begin (`@ж`: the scalar after the trigger is neither body, separator nor end).
///   A trigger followed by a separator or the end is a token with an empty query.
///
/// Invariants: `utf8Range` and `utf16Range` denote the same text; the range starts at a trigger,
/// holds no separator of the rule set, and contains the caret's position (`lowerBound < caret ≤
/// upperBound`); ``query`` is the text from just after the trigger to the caret.
public struct CaretToken: Sendable, Hashable, CustomStringConvertible {
    public var kind: PatternKind
    /// The body typed so far: from just after the trigger up to the caret (empty right after it).
    public var query: String
    /// The whole token, trigger to end of body, in UTF-8 bytes: what a completion replaces.
    public var utf8Range: Range<Int>
    /// The same range in UTF-16 code units.
    public var utf16Range: Range<Int>

    public init(kind: PatternKind, query: String, utf8Range: Range<Int>, utf16Range: Range<Int>) {
        self.kind = kind
        self.query = query
        self.utf8Range = utf8Range
        self.utf16Range = utf16Range
    }

    public var description: String {
        "\(kind)(\(query.debugDescription))[\(utf8Range.lowerBound),\(utf8Range.upperBound))"
    }
}
