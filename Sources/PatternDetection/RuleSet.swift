/// A named set of detection rules: PCRE2 expressions plus the small post-filters a platform needs
/// (trimming, TLD validation, overlap removal), behind one interface the scanner, the incremental
/// tokenizer and the CLI share.
///
/// ## The locality contract
/// Incremental rescans rely on two promises every rule set makes about its separators:
/// 1. No span contains a separator scalar.
/// 2. Whether a span exists, and where, depends only on the separator-free run ("word") it lies in
///    and on what borders that run: the separator scalars (or text start / end) on either side.
///    Scanning may therefore restart fresh at any word start and find exactly what a scan of the
///    whole text finds there.
/// A rule set that cannot promise this for some scalar must not call it a separator; one that
/// declares no separators at all is still correct, only every rescan then covers the whole text.
public protocol RuleSet: Sendable {
    /// The name users pass to `--rules`: `bluesky`, `twitter`, `icysky`, or a custom name.
    var name: String { get }

    /// The kinds this rule set may report, in the order styles and legends list them.
    var kinds: [PatternKind] { get }

    /// Whether `scalar` is a separator in the sense of the locality contract.
    func isSeparator(_ scalar: Unicode.Scalar) -> Bool

    /// Every span that starts inside `window`, sorted, non-overlapping.
    ///
    /// - Parameters:
    ///   - text: the whole text, valid UTF-8; rules read context outside `window` from it.
    ///   - window: lies on scalar boundaries; starts at 0 or right after a separator, ends at the
    ///     text's end or at a separator. `0..<text.count` is a full scan.
    func spans(
        in text: UnsafeBufferPointer<UInt8>, startingIn window: Range<Int>
    ) -> [Span]

    /// The span's value as facets and `--format json` report it: the handle of a mention, the URI
    /// of a link, the tag without its sign, the `$TICKER` of a cashtag; the text for custom kinds.
    func value(of span: Span, in text: UnsafeBufferPointer<UInt8>) -> String

    /// How the kinds a composer completes (mentions, hashtags, cashtags, custom kinds with a
    /// trigger) are typed under this rule set, one grammar per kind, at most one per kind. Kinds
    /// without a grammar (links) are never completed. Defaults to none.
    ///
    /// Asked on every keystroke: return a stored or static array, not one built per call.
    var tokenGrammars: [TokenGrammar] { get }
}

extension RuleSet {
    /// Default value: the span's text.
    public func value(of span: Span, in text: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: text[span.utf8Range]), as: UTF8.self)
    }

    /// The value of a span found in `text` (handle, URI, tag, ticker, shortcode), as
    /// ``value(of:in:)-(_,UnsafeBufferPointer<UInt8>)`` gives it for the text's bytes.
    public func value(of span: Span, in text: String) -> String {
        var copy = text
        return copy.withUTF8 { value(of: span, in: $0) }
    }

    /// No kind is completed.
    public var tokenGrammars: [TokenGrammar] { [] }

    /// The grammar for `kind`, or `nil` when this rule set does not complete that kind.
    public func tokenGrammar(for kind: PatternKind) -> TokenGrammar? {
        tokenGrammars.first { $0.kind == kind }
    }

    /// All spans of a valid UTF-8 text.
    public func spans(in text: UnsafeBufferPointer<UInt8>) -> [Span] {
        spans(in: text, startingIn: 0..<text.count)
    }
}
