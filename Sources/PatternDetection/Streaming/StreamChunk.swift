/// A piece of a stream that ``SpanStream`` has finished: its bytes, exactly as they came in, and
/// the spans that start in them. No span crosses a chunk's edges.
///
/// Only valid inside the callback that receives it: `bytes` points into the stream's buffer.
public struct StreamChunk {
    /// The chunk's bytes; the concatenation of all chunks is the input, byte for byte.
    public let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of `bytes[0]` in the whole stream.
    public let streamOffset: Int
    /// The spans in `bytes`, sorted, offsets relative to `bytes`. Identical (after adding
    /// `streamOffset`) to ``PatternDetector/spans(inUTF8:)-(UnsafeBufferPointer<UInt8>)`` on the
    /// whole input.
    public let spans: [Span]

    let rules: any RuleSet
    /// The stream's buffer; `bytes` starts at `bytesOffset` in it.
    let buffer: UnsafeBufferPointer<UInt8>
    let bytesOffset: Int
    /// The well-formed texts the spans were found in, in `buffer` coordinates, sorted.
    let texts: [Range<Int>]

    /// The rule set's value for `span` (one of ``spans``): handle, URI, tag, ticker or text.
    public func value(of span: Span) -> String {
        let start = span.utf8Range.lowerBound + bytesOffset
        var low = 0, high = texts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if texts[middle].lowerBound <= start { low = middle } else { high = middle - 1 }
        }
        let text = texts[low]
        let local = Span(kind: span.kind, utf8Range: start - text.lowerBound..<span.utf8Range.upperBound + bytesOffset - text.lowerBound)
        return rules.value(of: local, in: UnsafeBufferPointer(rebasing: buffer[text]))
    }
}
