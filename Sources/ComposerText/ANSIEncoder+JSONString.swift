import PatternDetection

extension ANSIEncoder {
    /// Writes `text` (well-formed UTF-8) as one JSON string literal, quotes included, with `spans`
    /// (sorted, non-overlapping, relative to `text`) styled inside it: the form of a `jsonl` post
    /// in ANSI output. The text is escaped as JSON; the escape sequences are written as they are
    /// (raw `ESC` bytes), so a terminal shows the colours, and removing them gives back the
    /// post's literal.
    ///
    /// A literal may be written in parts, each cut at a scalar boundary that no span crosses (a
    /// post streamed in chunks): the opening quote goes before the part that `opens`, the closing
    /// one after the part that `closes`, and the parts give the same bytes as the whole.
    ///
    /// A span whose style writes no opening escape gets no reset either, as in
    /// ``encode(_:spans:into:)``.
    /// - Complexity: O(text + spans); each stretch of text and the span after it go into `block`
    ///   with one room check.
    package func encodeJSONString(
        _ text: UnsafeBufferPointer<UInt8>, spans: [Span], opens: Bool = true, closes: Bool = true, block: inout OutputBlock,
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
