/// Rule sets whose spans can stand for an image: a custom emoji shortcode of an instance's
/// catalog. The encoders write the image (JSON `"url"`, HTML `<img>`) where one is known.
public protocol SpanImageProviding: RuleSet {
    /// The image `span` stands for, or `nil`.
    func imageURL(of span: Span, in text: UnsafeBufferPointer<UInt8>) -> String?
}

extension SpanImageProviding {
    /// The image a span found in `text` stands for, or `nil`.
    public func imageURL(of span: Span, in text: String) -> String? {
        var copy = text
        return copy.withUTF8 { imageURL(of: span, in: $0) }
    }
}

extension RuleSet {
    /// This rule set as a ``SpanImageProviding``, when it is one: looked up once per stream or
    /// document, not per span.
    package var imageProvider: (any SpanImageProviding)? { self as? any SpanImageProviding }
}
