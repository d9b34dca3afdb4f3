import PatternDetection

extension ANSIEncoder {
    /// Writes `text` (well-formed UTF-8) as one JSON string literal, quotes included, with `spans`
    /// (sorted, non-overlapping, relative to `text`) styled inside it: the form of a `jsonl` post
    /// in ANSI output. The text is escaped as JSON; the escape sequences are written as they are
    /// (raw `ESC` bytes), so a terminal shows the colours, and removing them gives back the
    /// post's literal.
    ///
    /// A span whose style writes no opening escape gets no reset either, as in
    /// ``encode(_:spans:into:)``.
    /// - Complexity: O(text + spans); each stretch of text and the span after it go into `block`
    ///   with one room check.
    package func encodeJSONString(
        _ text: UnsafeBufferPointer<UInt8>, spans: [Span], block: inout OutputBlock, into sink: inout some ByteSink
    ) {
        encodeJSONStringPart(text, spans: spans, opens: true, closes: true, block: &block, into: &sink)
    }

    /// Writes `text` as a part of one JSON string literal, as ``encodeJSONString(_:spans:block:into:)``
    /// writes the whole: the opening quote before it when `opens`, the closing one after it when
    /// `closes`. A post streamed in chunks (each cut at a scalar boundary, no span crossing a cut)
    /// is written part by part, the same bytes as whole.
    package func encodeJSONStringPart(
        _ text: UnsafeBufferPointer<UInt8>, spans: [Span], opens: Bool, closes: Bool, block: inout OutputBlock,
        into sink: inout some ByteSink
    ) {
        Self.reset.withUnsafeBufferPointer { reset in withEscapeBytes { escapeBytes in
            block.withWriter(to: &sink) { writer, sink in
                var position = 0
                var isFirst = opens
                for index in spans.indices {
                    let range = spans[index].utf8Range
                    guard range.lowerBound >= position else { continue }
                    let before = UnsafeBufferPointer(rebasing: text[position..<range.lowerBound])
                    let inside = UnsafeBufferPointer(rebasing: text[range])
                    withOpening(for: spans[index].kind, in: escapeBytes) { escape in
                        let maximum = RawJSONWriter.maximumStringLength(before.count) + escape.count
                            + RawJSONWriter.maximumStringLength(inside.count) + reset.count
                        writer.write(maximum: maximum, to: &sink) { json in
                            if isFirst { json.appendByte(UInt8(ascii: "\"")) }
                            json.appendStringContents(before)
                            json.appendBytes(escape)
                            json.appendStringContents(inside)
                            if !escape.isEmpty { json.appendBytes(reset) }
                        }
                    }
                    isFirst = false
                    position = range.upperBound
                }
                let after = UnsafeBufferPointer(rebasing: text[position...])
                writer.write(maximum: RawJSONWriter.maximumStringLength(after.count), to: &sink) { json in
                    if isFirst { json.appendByte(UInt8(ascii: "\"")) }
                    json.appendStringContents(after)
                    if closes { json.appendByte(UInt8(ascii: "\"")) }
                }
            }
        } }
    }
}
