/// A piece of a stream that ``SpanStream`` has finished: its bytes, exactly as they came in, and
/// the spans that start in them. No span crosses a chunk's edges.
///
/// Only valid inside the callback that receives it: `bytes` points into the stream's buffer.
package struct StreamChunk {
    /// The chunk's bytes; the concatenation of all chunks is the input, byte for byte.
    package let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of `bytes[0]` in the whole stream.
    package let streamOffset: Int
    /// The spans in `bytes`, sorted, offsets relative to `bytes`. Identical (after adding
    /// `streamOffset`) to ``PatternDetector/spans(inUTF8:)-(UnsafeBufferPointer<UInt8>)`` on the
    /// whole input.
    package let spans: [Span]

    let rules: any RuleSet
    /// The rule set's byte form of values, resolved once per stream.
    let valueBytesRules: ValueBytesRules
    /// The stream's buffer; `bytes` starts at `bytesOffset` in it.
    let buffer: UnsafeBufferPointer<UInt8>
    let bytesOffset: Int
    /// The well-formed texts the spans were found in, in `buffer` coordinates, sorted; empty when
    /// the whole buffer is one text (a post), which saves an array per post.
    let texts: [Range<Int>]
    /// Whether all of `bytes` is well-formed UTF-8 (known from the stream's validation).
    package let isWellFormed: Bool

    init(
        bytes: UnsafeBufferPointer<UInt8>, streamOffset: Int, spans: [Span], rules: any RuleSet,
        valueBytesRules: ValueBytesRules, buffer: UnsafeBufferPointer<UInt8>, bytesOffset: Int,
        texts: [Range<Int>], isWellFormed: Bool
    ) {
        self.bytes = bytes
        self.streamOffset = streamOffset
        self.spans = spans
        self.rules = rules
        self.valueBytesRules = valueBytesRules
        self.buffer = buffer
        self.bytesOffset = bytesOffset
        self.texts = texts
        self.isWellFormed = isWellFormed
    }

    /// A whole well-formed text (a post) as one chunk, so the encoders take posts and streamed
    /// documents the same way. `valueBytesRules` is `ValueBytesRules(rules)`, resolved by the
    /// caller once for many posts (it takes dynamic casts).
    /// - Precondition: `text` is well-formed UTF-8 and `spans` are `rules`' spans in it.
    package init(
        wholeText text: UnsafeBufferPointer<UInt8>, spans: [Span], rules: any RuleSet, valueBytesRules: ValueBytesRules
    ) {
        self.init(
            bytes: text, streamOffset: 0, spans: spans, rules: rules, valueBytesRules: valueBytesRules,
            buffer: text, bytesOffset: 0, texts: [], isWellFormed: true)
    }

    /// ``init(wholeText:spans:rules:valueBytesRules:)`` for one post.
    package init(wholeText text: UnsafeBufferPointer<UInt8>, spans: [Span], rules: any RuleSet) {
        self.init(wholeText: text, spans: spans, rules: rules, valueBytesRules: ValueBytesRules(rules))
    }

    /// The rule set's value for `span` (one of ``spans``): handle, URI, tag, ticker or text.
    package func value(of span: Span) -> String {
        inText(of: span) { rules.value(of: $0, in: $1) }
    }

    /// The image `span` (one of ``spans``) stands for, when the rule set knows one.
    package func imageURL(of span: Span) -> String? {
        guard span.kind == .emoji, let provider = rules.imageProvider else { return nil }
        return inText(of: span) { provider.imageURL(of: $0, in: $1) }
    }

    /// `body` with `span` moved into the well-formed text it was found in, and that text.
    private func inText<Result>(of span: Span, _ body: (Span, UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let start = span.utf8Range.lowerBound + bytesOffset
        guard !texts.isEmpty else { return body(span.shifted(by: bytesOffset), buffer) }
        var low = 0, high = texts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if texts[middle].lowerBound <= start { low = middle } else { high = middle - 1 }
        }
        let text = texts[low]
        let local = Span(kind: span.kind, utf8Range: start - text.lowerBound..<span.utf8Range.upperBound + bytesOffset - text.lowerBound)
        return body(local, UnsafeBufferPointer(rebasing: buffer[text]))
    }
}
