/// Each built-in rule set's span values, defined once as ``SpanValueBytes``: the encoders write
/// them as bytes, and ``RuleSet/value(of:in:)`` decodes the same description.

extension BlueskyRules: SpanValueBytesProviding {
    /// The handle (the text after its sign), the URI (`https://` + the text unless it starts with
    /// `http`), the tag without `#`/`＃`, `$` + the ticker upper-cased in ASCII; the text for other
    /// kinds. Never `nil`.
    @inline(__always)
    package func valueBytes(of span: Span, in text: UnsafeBufferPointer<UInt8>) -> SpanValueBytes? {
        let range = span.utf8Range
        switch span.kind {
        case .mention:
            return .droppingSign(of: span, in: text)
        case .cashtag:
            var ticker = SpanValueBytes.droppingSign(of: span, in: text)
            ticker.prefix = "$"
            ticker.uppercasesASCII = true
            return ticker
        case .url:
            return SpanValueBytes(prefix: Self.startsWithLowercaseHTTP(text[range]) ? "" : "https://", range: range)
        case .hashtag:
            return .droppingSign(of: span, in: text)
        default:
            return SpanValueBytes(range: range)
        }
    }
}

extension TwitterRules: SpanValueBytesProviding {
    /// The URI of a URL (`https://` + the text unless the text starts with twitter-text's
    /// protocol, `http://` or `https://` in any case); for other kinds the text without its first
    /// scalar (the sign). Never `nil`.
    @inline(__always)
    package func valueBytes(of span: Span, in text: UnsafeBufferPointer<UInt8>) -> SpanValueBytes? {
        guard span.kind == .url else { return .droppingSign(of: span, in: text) }
        let range = span.utf8Range
        return SpanValueBytes(prefix: HTMLLinkPolicy.allowsLink(to: text[range]) ? "" : "https://", range: range)
    }
}

extension IcyskyRules: SpanValueBytesProviding {
    /// The span's text. Never `nil`.
    @inline(__always)
    package func valueBytes(of span: Span, in text: UnsafeBufferPointer<UInt8>) -> SpanValueBytes? {
        SpanValueBytes(range: span.utf8Range)
    }
}

extension CustomRuleSet: SpanValueBytesProviding {
    /// The base's value for the base's kinds, the text for custom kinds.
    package func valueBytes(of span: Span, in text: UnsafeBufferPointer<UInt8>) -> SpanValueBytes? {
        guard isBaseKind(span.kind) else { return SpanValueBytes(range: span.utf8Range) }
        return baseValueBytes?.valueBytes(of: span, in: text)
    }
}
