extension MastodonRules: SpanValueBytesProviding {
    /// The link's text; mentions and hashtags without their sign; emoji without their colons.
    @inline(__always)
    package func valueBytes(of span: Span, in text: UnsafeBufferPointer<UInt8>) -> SpanValueBytes? {
        switch span.kind {
        case .url: return SpanValueBytes(range: span.utf8Range)
        case .emoji: return SpanValueBytes(range: span.utf8Range.lowerBound + 1..<span.utf8Range.upperBound - 1)
        default: return .droppingSign(of: span, in: text)
        }
    }
}

extension MastodonRules: SpanImageProviding {
    /// For an emoji span, its image in the catalog (none without a catalog).
    public func imageURL(of span: Span, in text: UnsafeBufferPointer<UInt8>) -> String? {
        guard span.kind == .emoji, let emojiCatalog else { return nil }
        return emojiCatalog.url(forShortcode: value(of: span, in: text))
    }
}
