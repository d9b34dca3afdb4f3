/// Each rule set's ``RuleSet/value(of:in:)`` as ``SpanValueBytes``, kept equal to it by
/// `SpanValueBytesTests` on every span of varied and hostile text.

extension BlueskyRules: SpanValueBytesProviding {
    /// The handle (text after `@`), the URI (`https://` + the text unless it starts with `http`),
    /// the tag without `#`/`＃`, `$` + the upper-cased ticker; the text for other kinds.
    @inline(__always)
    package func valueBytes(of span: Span, in text: UnsafeBufferPointer<UInt8>) -> SpanValueBytes? {
        let range = span.utf8Range
        switch span.kind {
        case .mention:
            // `dropFirst()` drops a character: one byte when that byte is ASCII (not CR) and an
            // ASCII byte or nothing follows (all these rules find); the String path decides others.
            guard !range.isEmpty else { return SpanValueBytes(range: range) }
            let first = text[range.lowerBound]
            guard first < 0x80, first != 0x0D, range.count == 1 || text[range.lowerBound + 1] < 0x80 else { return nil }
            return SpanValueBytes(range: range.lowerBound + 1..<range.upperBound)
        case .cashtag:
            // The first byte goes; when it is not ASCII the String path repairs what is left.
            guard !range.isEmpty else { return SpanValueBytes(prefix: "$", range: range) }
            guard text[range.lowerBound] < 0x80 else { return nil }
            return SpanValueBytes(prefix: "$", range: range.lowerBound + 1..<range.upperBound, uppercasesASCII: true)
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
    /// The URL text; for other kinds the text without its first scalar (the sign).
    @inline(__always)
    package func valueBytes(of span: Span, in text: UnsafeBufferPointer<UInt8>) -> SpanValueBytes? {
        span.kind == .url ? SpanValueBytes(range: span.utf8Range) : .droppingSign(of: span, in: text)
    }
}

extension IcyskyRules: SpanValueBytesProviding {
    /// The span's text.
    @inline(__always)
    package func valueBytes(of span: Span, in text: UnsafeBufferPointer<UInt8>) -> SpanValueBytes? {
        SpanValueBytes(range: span.utf8Range)
    }
}

extension CustomRuleSet: SpanValueBytesProviding {
    /// The base's value for the base's kinds, the text for custom kinds.
    package func valueBytes(of span: Span, in text: UnsafeBufferPointer<UInt8>) -> SpanValueBytes? {
        guard let base, base.kinds.contains(span.kind) else { return SpanValueBytes(range: span.utf8Range) }
        return baseValueBytes?.valueBytes(of: span, in: text)
    }
}
