/// Bluesky's facet detection: the spans `detectFacetsWithoutResolution` in atproto's `@atproto/api`
/// (0.20.x) turns into `app.bsky.richtext.facet`s, so a composer highlights exactly what the post
/// will link once published.
///
/// Four detectors, as in the reference (one global JavaScript regex each): mentions, links,
/// hashtags and cashtags, with the reference's context rules (what may precede, what must follow)
/// and the decisions it makes in code: TLD validation, trailing clean-up, the 64-grapheme limit.
/// The reference's quirks are kept on purpose (see the "The rule sets" article): `HTTPS://x.com` is no link,
/// `Example.com` is one and `CNN.COM` is not, a bare domain starting with `http` is linked without
/// a TLD check, `@foo_bar.com` is no mention. They run as one byte scan that visits only the
/// positions where a match can start (see `BlueskyRules+Scanning.swift`).
///
/// JavaScript semantics are spelled out: `\s` is `JavaScriptWhitespace` (PCRE2's and Swift's
/// differ from it), `\b` and `\d` are ASCII-only, the URL's `i` flag covers the ASCII letters of
/// `http` only (not the Kelvin sign or the long s), and a rejected candidate still consumes its
/// text, the way a global regex's `lastIndex` moves past it.
///
/// ## Overlaps
/// The reference may return overlapping facets: `x.com/(@a.test)` is a link with a mention inside,
/// `#a($B)` a tag with a cashtag inside. The Bluesky app renders such a post by walking facets in
/// start order and skipping any that starts inside the previous one; this rule set reports the same
/// survivors (the earliest start wins). No two kinds can start at the same byte: a link starts with
/// a letter, the others with `@`, `#`/`＃` or `$`.
///
/// ## Locality
/// Separators are JavaScript's whitespace. No match holds whitespace, and each reads at most one
/// scalar of context on each side of it; a link runs to the end of its word and is the only
/// candidate that consumes more than its own text, and only within that word. So each span lies
/// inside one word, and what a word holds depends only on the word and the separators (or text
/// boundaries) around it.
///
/// ## Linear time
/// No input makes a scan superlinear: every byte is read once by the search for trigger bytes, and
/// the checks of one kind read disjoint stretches: a mention its handle run (twice at most, while
/// cutting it back to a word boundary), a tag its body up to whitespace, a cashtag at most six
/// bytes, a link check its word once, back to the start and forward to the end (later triggers in
/// that word are skipped). Only a tag longer than 64 bytes is counted in graphemes (one more
/// pass); TLD lookups hash at most 24 bytes.
public struct BlueskyRules: RuleSet {
    public let name = "bluesky"
    public let kinds: [PatternKind] = [.mention, .url, .hashtag, .cashtag]

    /// The rule set; it holds no state, so one per process is all anyone needs.
    public static let shared = BlueskyRules()

    private init() {}

    /// JavaScript whitespace (`JavaScriptWhitespace`): what the reference's `\s` matches.
    public func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        JavaScriptWhitespace.contains(scalar)
    }

    /// - Complexity: O(n) in the bytes from `window.lowerBound` to the end of the last word that
    ///   starts in `window`; see the type's notes on linear time.
    public func spans(
        in text: UnsafeBufferPointer<UInt8>, startingIn window: Range<Int>
    ) -> [Span] {
        collectSpans(in: text, startingIn: window)
    }

    /// The facet value: the handle of a mention (no `@`), the URI of a link (`https://` + the text
    /// unless the text starts with `http`, as in the reference), the tag without `#`/`＃`, and
    /// `$TICKER` upper-cased for a cashtag. Other kinds: the span's text.
    public func value(of span: Span, in text: UnsafeBufferPointer<UInt8>) -> String {
        valueBytes(of: span, in: text)!.string(in: text)
    }
}

extension RuleSet where Self == BlueskyRules {
    /// The shared `bluesky` rule set, for contexts that expect a concrete rule set type.
    public static var bluesky: BlueskyRules { BlueskyRules.shared }
}

extension BlueskyRules: SpanEnumerating {
    /// The spans of ``spans(in:startingIn:)``, handed out as the scan finds them (see
    /// ``OverlapMerge``): a word may hold any number of mentions after `(` (`(@a.bc(@d.ef…`), and
    /// they are not collected.
    package func forEachSpan(in text: UnsafeBufferPointer<UInt8>, startingIn window: Range<Int>, _ body: (Span) -> Void) {
        scan(text, window: window, body)
    }
}
