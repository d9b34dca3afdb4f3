/// Bluesky facets as JSON, the `highlight --format facets` shape, streamed: a document is one JSON
/// array (``BlueskyFacet/documentJSON(_:)`` of its facets, byte for byte), written as its pieces
/// arrive — `[` at the start, each piece's facets with the bytes before the piece added to their
/// offsets, `]` at the end. Nothing of earlier pieces is kept.
///
/// One facet per span of a built-in kind (see ``BlueskyFacet/facets(for:in:rules:)``), without
/// building a ``BlueskyFacet`` or a `String` per span.
package struct FacetJSONEncoder: ChunkEncoder {
    private var utf8Base = 0
    private var isFirst = true
    private var block = OutputBlock()

    package init() {}

    /// Where a document stands between two pieces: the bytes before the next piece, and whether a
    /// facet was written (so the next one is preceded by a comma).
    package struct Position: Sendable, Equatable {
        package var utf8 = 0
        package var hasFacets = false

        package init() {}
    }

    /// The position after the pieces encoded so far; setting it continues a document that other
    /// encoders started (a stream cut into pieces encoded in parallel, then written in order).
    package var position: Position {
        get {
            var position = Position()
            (position.utf8, position.hasFacets) = (utf8Base, !isFirst)
            return position
        }
        set {
            (utf8Base, isFirst) = (newValue.utf8, !newValue.hasFacets)
        }
    }

    /// The offsets after `bytes` for a document at `position` before them (`hasFacets`
    /// unchanged), without scanning or encoding them.
    /// - Complexity: O(1).
    package static func position(_ position: Position, after bytes: UnsafeBufferPointer<UInt8>) -> Position {
        var next = position
        next.utf8 += bytes.count
        return next
    }

    /// Starts a document: `[`.
    package mutating func beginDocument(into sink: inout some ByteSink) {
        utf8Base = 0
        isFirst = true
        sink.write("[")
    }

    /// The next piece of the document.
    /// - Complexity: O(spans + their values); memory bounded whatever the number of spans.
    package mutating func encode(_ chunk: StreamChunk, into sink: inout some ByteSink) {
        sink.withFlushingSink { encodeWithChunkValues(chunk, into: &$0) }
    }

    /// ``ChunkEncoder``: `chunk` with its values from `values`.
    package mutating func encode(_ chunk: StreamChunk, values: some SpanValueBytesSource, into sink: inout FlushingSink) {
        let base = utf8Base
        var isFirst = self.isFirst
        let bytes = chunk.bytes
        // A span that ends here or before has whole blocks readable from anywhere in it.
        let blockReadableEnd = bytes.count - RawJSONWriter.blockSlack
        Self.openings.bytes.withUnsafeBufferPointer { openingBytes in
        chunk.spans.withUnsafeBufferPointer { spans in
        block.withWriter(to: &sink) { writer, sink in
            for index in spans.indices {
                // The span is read in place: a copy would retain its kind's name. Custom kinds
                // and emoji have no facet.
                guard BlueskyFacet.Feature.Shape(kind: spans[index].kind) != nil,
                    let kindIndex = Self.openings.index(of: spans[index].kind)
                else { continue }
                let opening = UnsafeBufferPointer(rebasing: openingBytes[Self.openings.range(at: kindIndex)])
                let separated = !isFirst
                isFirst = false
                let range = base &+ spans[index].utf8Range.lowerBound..<base &+ spans[index].utf8Range.upperBound
                let form = values.valueBytes(of: spans[index], in: bytes)
                // The common case: a value in bytes of the text that needs no escape, whole blocks
                // readable through it, a record that fits a block.
                if let form, spans[index].utf8Range.upperBound <= blockReadableEnd,
                    opening.count &+ form.count <= OutputBlock.capacity &- Self.commonBound,
                    JSONEscape.needsNone(in: UnsafeRawPointer(bytes.baseAddress! + form.range.lowerBound), count: form.range.count)
                {
                    writer.write(maximum: Self.commonBound &+ opening.count &+ form.count, to: &sink) { json in
                        if separated { json.appendByte(UInt8(ascii: ",")) }
                        BlueskyFacet.writeOpening(range, to: &json)
                        json.appendBlocks(UnsafeRawPointer(opening.baseAddress!), count: opening.count)
                        form.writeUnescapedJSONBlocks(in: bytes, to: &json)
                        BlueskyFacet.writeFeatureClosing(to: &json)
                        BlueskyFacet.writeClosing(to: &json)
                    }
                    continue
                }
                var fallback = form == nil ? chunk.value(of: spans[index]) : ""
                fallback.withUTF8 { fallback in
                    let maximum = Self.recordOverhead + opening.count
                        + RawJSONWriter.maximumStringLength(form?.count ?? fallback.count)
                    if maximum <= OutputBlock.capacity {
                        writer.write(maximum: maximum, to: &sink) { json in
                            if separated { json.appendByte(UInt8(ascii: ",")) }
                            BlueskyFacet.writeOpening(range, to: &json)
                            json.appendBytes(opening)
                            if let form {
                                form.writeJSONContents(in: bytes, to: &json)
                            } else {
                                json.appendStringContents(fallback)
                            }
                            BlueskyFacet.writeFeatureClosing(to: &json)
                            BlueskyFacet.writeClosing(to: &json)
                        }
                        return
                    }
                    // A value too long to bound the record in one block (an enormous link):
                    // written in parts.
                    writer.write(maximum: Self.recordOverhead + opening.count, to: &sink) { json in
                        if separated { json.appendByte(UInt8(ascii: ",")) }
                        BlueskyFacet.writeOpening(range, to: &json)
                        json.appendBytes(opening)
                        if let form { json.append(form.prefix) }
                    }
                    if let form {
                        writer.writeStringContents(
                            UnsafeBufferPointer(rebasing: bytes[form.range]), uppercasingASCII: form.uppercasesASCII,
                            to: &sink)
                    } else {
                        writer.writeStringContents(fallback, to: &sink)
                    }
                    writer.write(maximum: Self.recordOverhead, to: &sink) { json in
                        BlueskyFacet.writeFeatureClosing(to: &json)
                        BlueskyFacet.writeClosing(to: &json)
                    }
                }
            }
        }
        }
        }
        self.isFirst = isFirst
        utf8Base += chunk.bytes.count
    }

    /// Each built-in kind's feature opening, `{"$type":"…#mention","did":"` (`uri` for links,
    /// `tag` for tags; nothing for emoji, which have no facet).
    private static let openings = PatternKindBytes { BlueskyFacet.Feature.Shape(kind: $0)?.jsonOpening ?? [] }

    /// The largest facet the common case writes, less its feature's opening and its value: the
    /// comma, the member names and punctuation, two numbers of any length, the value's longest
    /// prefix, and the blocks' slack.
    private static let commonBound = 64 + 2 * RawJSONWriter.maximumIntegerLength + 8 + RawJSONWriter.blockSlack

    /// A facet's punctuation and member names, and its two offsets.
    private static let recordOverhead = 64 + 2 * RawJSONWriter.maximumIntegerLength

    /// Ends the document: `]`.
    package mutating func endDocument(into sink: inout some ByteSink) {
        sink.write("]")
    }
}
