/// Where a per-span output loop gets a span's value as bytes of its text (``SpanValueBytes``): a
/// type rather than a closure, so that the loop is compiled for each built-in rule set and asks it
/// for a value inline.
package protocol SpanValueBytesSource {
    /// The value of `span` as bytes of `text`, or `nil` when only a `String` can say.
    func valueBytes(of span: Span, in text: UnsafeBufferPointer<UInt8>) -> SpanValueBytes?
}

/// No value as bytes: every value comes as a `String`.
package struct NoSpanValueBytes: SpanValueBytesSource {
    package init() {}

    @inline(__always)
    package func valueBytes(of span: Span, in text: UnsafeBufferPointer<UInt8>) -> SpanValueBytes? { nil }
}

/// The values a rule set gives as bytes (``SpanValueBytesProviding``).
package struct RuleSetValueBytes<Provider: SpanValueBytesProviding>: SpanValueBytesSource {
    let provider: Provider

    @inline(__always)
    package func valueBytes(of span: Span, in text: UnsafeBufferPointer<UInt8>) -> SpanValueBytes? {
        provider.valueBytes(of: span, in: text)
    }
}

/// An output encoder whose per-span loop over a streamed chunk takes the chunk's values from a
/// ``SpanValueBytesSource`` and writes to a ``FlushingSink``: ``encodeWithChunkValues(_:into:)``
/// then runs a loop compiled for the chunk's rule set (each built-in one by its own type) and for
/// one sink type, whatever sink its caller has.
package protocol ChunkEncoder {
    /// Encodes `chunk`, its values from `values`.
    mutating func encode(_ chunk: StreamChunk, values: some SpanValueBytesSource, into sink: inout FlushingSink)
}

extension ChunkEncoder {
    /// ``encode(_:values:into:)`` with the values of `chunk`'s rule set, by its type (resolved
    /// once per stream or renderer, ``ValueBytesRules``).
    ///
    /// An encoder calls it with its own type known and the sink a ``FlushingSink`` (in
    /// ``ByteSink/withFlushingSink(_:)``): generic over nothing else, the call is specialized for
    /// the encoder, and so is its loop for each rule set below.
    package mutating func encodeWithChunkValues(_ chunk: StreamChunk, into sink: inout FlushingSink) {
        switch chunk.valueBytesRules {
        case .bluesky(let rules): encode(chunk, values: RuleSetValueBytes(provider: rules), into: &sink)
        case .twitter(let rules): encode(chunk, values: RuleSetValueBytes(provider: rules), into: &sink)
        case .mastodon(let rules): encode(chunk, values: RuleSetValueBytes(provider: rules), into: &sink)
        case .icysky(let rules): encode(chunk, values: RuleSetValueBytes(provider: rules), into: &sink)
        case .other(let provider): encode(chunk, valuesOf: provider, into: &sink)
        case .none: encode(chunk, values: NoSpanValueBytes(), into: &sink)
        }
    }

    /// ``encode(_:values:into:)`` with the values of `provider` (a rule set met as an existential,
    /// opened here).
    private mutating func encode<Provider: SpanValueBytesProviding>(
        _ chunk: StreamChunk, valuesOf provider: Provider, into sink: inout FlushingSink
    ) {
        encode(chunk, values: RuleSetValueBytes(provider: provider), into: &sink)
    }
}
