/// Spans as JSON, the `highlight --format json` shape: one object per document,
/// `{"spans":[{"kind":…,"text":…,"value":…,"utf8":[s,e],"utf16":[s,e],"scalars":[s,e]}]}`, spans
/// in the order given (sorted by start), ranges start-inclusive and end-exclusive.
///
/// A document may arrive in pieces (a stream cut at separators, as the CLI reads its input): UTF-16 and
/// scalar offsets are counted piece by piece, in one pass over each piece, and nothing of earlier
/// pieces is kept. Ill-formed UTF-8 counts as one U+FFFD per maximal ill-formed sequence.
///
/// ```swift
/// var encoder = SpanJSONEncoder()
/// var output: [UInt8] = []
/// encoder.beginDocument(into: &output)
/// encoder.encode(bytes, spans: spans, value: { rules.value(of: $0, in: bytes) }, into: &output)
/// encoder.endDocument(into: &output)
/// ```
///
/// A value, `Sendable`: it keeps a document's offsets between pieces, so each document takes its
/// own copy (`var encoder = shared`), and a copy never shares state with another.
public struct SpanJSONEncoder: Sendable, ChunkEncoder {
    private var utf8Base = 0
    private var utf16Base = 0
    private var scalarBase = 0
    private var isFirst = true
    private var block = OutputBlock()
    /// Each kind's record opening, `{"kind":"K","text":`, escaped once.
    private var openings = PatternKindBytes(Self.opening(for:))

    public init() {}

    /// Where a document stands between two pieces: what the next piece's offsets start from, and
    /// whether a span was written (so the next one is preceded by a comma).
    package struct Position: Sendable, Equatable {
        package var utf8 = 0
        package var utf16 = 0
        package var scalars = 0
        package var hasSpans = false

        package init() {}
    }

    /// The position after the pieces encoded so far; setting it continues a document that other
    /// encoders started (a stream cut into pieces encoded in parallel, then written in order).
    package var position: Position {
        get {
            var position = Position()
            (position.utf8, position.utf16, position.scalars, position.hasSpans) = (utf8Base, utf16Base, scalarBase, !isFirst)
            return position
        }
        set {
            (utf8Base, utf16Base, scalarBase, isFirst) = (newValue.utf8, newValue.utf16, newValue.scalars, !newValue.hasSpans)
        }
    }

    /// The offsets after `bytes` for a document at `position` before them (`hasSpans` unchanged),
    /// without scanning or encoding them, and whether `bytes` are well-formed UTF-8 (which the
    /// same pass finds out).
    /// - Precondition: `bytes` starts and ends on the edges of units (scalars and maximal
    ///   ill-formed subsequences), as a piece cut after an ASCII byte does.
    /// - Complexity: O(bytes): a validating pass, then a counting pass sixteen bytes at a time
    ///   when the bytes are well-formed (cheaper than counting in the validating pass), or one pass
    ///   that counts each ill-formed subsequence as one U+FFFD when they are not.
    package static func position(
        _ position: Position, after bytes: UnsafeBufferPointer<UInt8>
    ) -> (position: Position, isWellFormed: Bool) {
        var cursor = TextOffsets.Cursor()
        if UTF8Validation.isValid(bytes) {
            cursor.advance(toWellFormed: bytes.count, in: bytes)
        } else {
            cursor.advance(to: bytes.count, in: bytes)
        }
        var next = position
        next.utf8 += bytes.count
        next.utf16 += cursor.utf16
        next.scalars += cursor.scalars
        return (next, !cursor.passedIllFormedBytes)
    }

    /// Starts a document: `{"spans":[`.
    public mutating func beginDocument(into sink: inout some ByteSink) {
        beginDocument(leadingMembers: [], into: &sink)
    }

    /// Starts a document whose object has other members before `"spans"`: `leadingMembers` is
    /// their JSON text, each followed by a comma (`"text":"…",`).
    public mutating func beginDocument(leadingMembers: [UInt8], into sink: inout some ByteSink) {
        utf8Base = 0
        utf16Base = 0
        scalarBase = 0
        isFirst = true
        sink.write("{")
        sink.write(leadingMembers)
        sink.write("\"spans\":[")
    }

    /// The next piece of the document: its bytes and the spans in them (offsets relative to
    /// `bytes`, sorted, non-overlapping), with `value` giving each span's value.
    /// - Complexity: O(piece + spans), one pass over the piece; memory bounded whatever the
    ///   number of spans (the output goes to `sink` in blocks).
    public mutating func encode(
        _ bytes: UnsafeBufferPointer<UInt8>, spans: [Span], value: (Span) -> String,
        imageURL: (Span) -> String? = { _ in nil }, into sink: inout some ByteSink
    ) {
        sink.withFlushingSink {
            encode(bytes, spans: spans, wellFormed: false, into: &$0, values: NoSpanValueBytes(), value: value, imageURL: imageURL)
        }
    }

    /// The next streamed chunk of the document (or a whole post): values are written straight
    /// from the span's bytes when the rule set describes them so (``SpanValueBytesProviding``).
    package mutating func encode(_ chunk: StreamChunk, into sink: inout some ByteSink) {
        sink.withFlushingSink { encodeWithChunkValues(chunk, into: &$0) }
    }

    /// A record's opening for `kind`: `{"kind":"K","text":`.
    private static func opening(for kind: PatternKind) -> [UInt8] {
        var opening = JSONWriter()
        opening.append("{\"kind\":")
        opening.appendString(kind.rawValue)
        opening.append(",\"text\":")
        return opening.bytes
    }

    /// The fixed part of a span's object: its member names and punctuation, and three pairs.
    private static let recordOverhead = 64 + 3 * RawJSONWriter.maximumPairLength

    /// ``ChunkEncoder``: `chunk` with its values from `values`.
    package mutating func encode(_ chunk: StreamChunk, values: some SpanValueBytesSource, into sink: inout FlushingSink) {
        encode(
            chunk.bytes, spans: chunk.spans, wellFormed: chunk.isWellFormed, into: &sink, values: values,
            value: { chunk.value(of: $0) }, imageURL: { chunk.imageURL(of: $0) })
    }

    private mutating func encode(
        _ bytes: UnsafeBufferPointer<UInt8>, spans: [Span], wellFormed: Bool, into sink: inout FlushingSink,
        values: some SpanValueBytesSource, value: (Span) -> String, imageURL: (Span) -> String?
    ) {
        for span in spans where span.kind.code == 0 { openings.add(span.kind, Self.opening(for:)) }
        let openings = self.openings
        var cursor = TextOffsets.Cursor()
        let bases = (utf8: utf8Base, utf16: utf16Base, scalars: scalarBase)
        var isFirst = self.isFirst
        // The block is taken out of `self` for the loop.
        var block = OutputBlock()
        swap(&block, &self.block)
        // A span that ends here or before has whole blocks readable from anywhere in it.
        let blockReadableEnd = bytes.count - RawJSONWriter.blockSlack
        // Every offset in this piece is below 10^8 (UTF-16 and scalar offsets are at most the
        // UTF-8 one): the common record writes its numbers without a check of their size.
        let offsetsBelow100Million = bases.utf8 &+ bytes.count < 100_000_000
        openings.bytes.withUnsafeBufferPointer { openingBytes in
            spans.withUnsafeBufferPointer { spans in
            block.withWriter(to: &sink) { writer, sink in
                for index in spans.indices {
                    // The span is read in place: a copy would retain its kind's name.
                    let range = spans[index].utf8Range
                    let start: (utf16: Int, scalars: Int)
                    if wellFormed {
                        start = cursor.advance(toWellFormed: range.lowerBound, then: range.upperBound, in: bytes)
                    } else {
                        cursor.advance(to: range.lowerBound, in: bytes)
                        start = (cursor.utf16, cursor.scalars)
                        cursor.advance(to: range.upperBound, in: bytes)
                    }
                    // Offsets in a text in memory: no sum overflows.
                    let record = Record(
                        separated: !isFirst, text: UnsafeBufferPointer(rebasing: bytes[range]),
                        utf8: bases.utf8 &+ range.lowerBound..<bases.utf8 &+ range.upperBound,
                        utf16: bases.utf16 &+ start.utf16..<bases.utf16 &+ cursor.utf16,
                        scalars: bases.scalars &+ start.scalars..<bases.scalars &+ cursor.scalars)
                    isFirst = false
                    let form = values.valueBytes(of: spans[index], in: bytes)
                    let opening = UnsafeBufferPointer(rebasing: openingBytes[openings.range(at: openings.index(of: spans[index].kind)!)])
                    // The common case: a built-in kind, a value in bytes of the text, whole blocks
                    // readable through the text (all but the spans at a piece's last bytes),
                    // offsets below 10^8, a text without escapes, a record that fits a block.
                    if let form, spans[index].kind.code != 0, spans[index].kind.code != PatternKind.emoji.code,
                        range.upperBound <= blockReadableEnd, offsetsBelow100Million,
                        opening.count &+ range.count &+ form.count <= OutputBlock.capacity &- Record.commonBound,
                        JSONEscape.needsNone(in: UnsafeRawPointer(bytes.baseAddress! + range.lowerBound), count: range.count)
                    {
                        record.write(blockCopiedOpening: opening, value: form, in: bytes, to: &writer, sink: &sink)
                        continue
                    }
                    let span = spans[index]
                    // Strings only where a value has no byte form or the span is an emoji with an image.
                    if let form, span.kind != .emoji {
                        record.write(opening: opening, value: form, in: bytes, to: &writer, sink: &sink)
                    } else {
                        var image = span.kind == .emoji ? imageURL(span) ?? "" : ""
                        var fallback = form == nil ? value(span) : ""
                        fallback.withUTF8 { fallback in
                            image.withUTF8 { image in
                                record.write(
                                    opening: opening, value: form, fallback: fallback, image: image, in: bytes,
                                    to: &writer, sink: &sink)
                            }
                        }
                    }
                }
            }
            }
        }
        swap(&block, &self.block)
        cursor.advance(to: bytes.count, in: bytes, knownWellFormed: wellFormed)
        self.isFirst = isFirst
        utf8Base += bytes.count
        utf16Base += cursor.utf16
        scalarBase += cursor.scalars
    }

    /// One span's object, less its opening and value: what ``encode(_:spans:wellFormed:into:values:value:imageURL:)``
    /// writes per span.
    private struct Record {
        /// Whether a comma goes first.
        var separated: Bool
        var text: UnsafeBufferPointer<UInt8>
        var utf8: Range<Int>
        var utf16: Range<Int>
        var scalars: Range<Int>

        /// No bytes: no fallback value, no image.
        private static var nothing: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: nil, count: 0) }

        /// The largest object ``write(blockCopiedOpening:value:in:to:sink:)`` writes, less its
        /// opening, text and value: the comma and the quote around the opening, the value's member
        /// name, its longest prefix, the offsets' member names and numbers of any length, and the
        /// blocks' slack.
        static let commonBound = 2 + 16 + 8 + 48 + 6 * RawJSONWriter.maximumIntegerLength + RawJSONWriter.blockSlack

        /// The object of a span whose text needs no escape, with `value` written from the text, no
        /// image: ``write(opening:value:in:to:sink:)``'s bytes, in whole blocks.
        /// - Precondition: `opening` lies in a ``PatternKindBytes``, so whole blocks are readable
        ///   from it; whole blocks are readable from anywhere in ``text`` (it ends at least
        ///   ``RawJSONWriter/blockSlack`` bytes before the end of `bytes`); ``text`` needs no JSON
        ///   escape (``JSONEscape/needsNone(in:count:)``), so neither does the value, a part of it
        ///   after an ASCII prefix; the record fits a block (``commonBound``, the opening, the text
        ///   and the value are at most ``OutputBlock/capacity``); every offset is below 10^8.
        @inline(__always)
        func write(
            blockCopiedOpening opening: UnsafeBufferPointer<UInt8>, value: SpanValueBytes, in bytes: UnsafeBufferPointer<UInt8>,
            to writer: inout OutputBlock.Writer, sink: inout FlushingSink
        ) {
            writer.write(maximum: Self.commonBound &+ opening.count &+ text.count &+ value.count, to: &sink) { json in
                if separated { json.appendByte(UInt8(ascii: ",")) }
                json.appendBlocks(UnsafeRawPointer(opening.baseAddress!), count: opening.count)
                json.appendByte(UInt8(ascii: "\""))
                json.appendBlocks(UnsafeRawPointer(text.baseAddress!), count: text.count)
                json.append("\",\"value\":\"")
                value.writeUnescapedJSONBlocks(in: bytes, to: &json)
                writeTail(to: &json, offsetsBelow100Million: true)
            }
        }

        /// The object with `value` written from the text, no image: the common case.
        @inline(__always)
        func write(
            opening: UnsafeBufferPointer<UInt8>, value: SpanValueBytes, in bytes: UnsafeBufferPointer<UInt8>,
            to writer: inout OutputBlock.Writer, sink: inout FlushingSink
        ) {
            let maximum = SpanJSONEncoder.recordOverhead + opening.count + RawJSONWriter.maximumStringLength(text.count)
                + RawJSONWriter.maximumStringLength(value.count)
            guard maximum <= OutputBlock.capacity else {
                return writeInParts(
                    opening: opening, value: value, fallback: Self.nothing, image: Self.nothing, in: bytes, to: &writer,
                    sink: &sink)
            }
            writer.write(maximum: maximum, to: &sink) { json in
                // The value is a part of the text (after an ASCII prefix): when the text needed no
                // escape, the value is copied without looking for one.
                if writeHead(opening: opening, to: &json) {
                    value.writeUnescapedJSONContents(in: bytes, to: &json)
                } else {
                    value.writeJSONContents(in: bytes, to: &json)
                }
                writeTail(to: &json)
            }
        }

        /// The object with the value from `value` when it has one, else `fallback`, and `image` as
        /// `"url"` when not empty.
        func write(
            opening: UnsafeBufferPointer<UInt8>, value: SpanValueBytes?, fallback: UnsafeBufferPointer<UInt8>,
            image: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>,
            to writer: inout OutputBlock.Writer, sink: inout FlushingSink
        ) {
            let maximum = SpanJSONEncoder.recordOverhead + opening.count + RawJSONWriter.maximumStringLength(text.count)
                + RawJSONWriter.maximumStringLength(value?.count ?? fallback.count)
                + RawJSONWriter.maximumStringLength(image.count)
            guard maximum <= OutputBlock.capacity else {
                return writeInParts(
                    opening: opening, value: value, fallback: fallback, image: image, in: bytes, to: &writer, sink: &sink)
            }
            writer.write(maximum: maximum, to: &sink) { json in
                writeHead(opening: opening, to: &json)
                if let value {
                    value.writeJSONContents(in: bytes, to: &json)
                } else {
                    json.appendStringContents(fallback)
                }
                if !image.isEmpty {
                    json.append("\",\"url\":\"")
                    json.appendStringContents(image)
                }
                writeTail(to: &json)
            }
        }

        /// The object as ``write(opening:value:fallback:image:in:to:sink:)`` writes it, in parts that
        /// each fit a block: for a span too long to bound its record in one (an enormous link), so
        /// that it needs no memory beyond the block.
        private func writeInParts(
            opening: UnsafeBufferPointer<UInt8>, value: SpanValueBytes?, fallback: UnsafeBufferPointer<UInt8>,
            image: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>,
            to writer: inout OutputBlock.Writer, sink: inout FlushingSink
        ) {
            writer.write(maximum: opening.count + 2, to: &sink) { json in
                if separated { json.appendByte(UInt8(ascii: ",")) }
                json.appendBytes(opening)
                json.appendByte(UInt8(ascii: "\""))
            }
            writer.writeStringContents(text, to: &sink)
            let prefix = value?.prefix ?? ""
            writer.write(maximum: 16 + prefix.utf8CodeUnitCount, to: &sink) { json in
                json.append("\",\"value\":\"")
                json.append(prefix)
            }
            if let value {
                writer.writeStringContents(
                    UnsafeBufferPointer(rebasing: bytes[value.range]), uppercasingASCII: value.uppercasesASCII, to: &sink)
            } else {
                writer.writeStringContents(fallback, to: &sink)
            }
            if !image.isEmpty {
                writer.write(maximum: 16, to: &sink) { json in json.append("\",\"url\":\"") }
                writer.writeStringContents(image, to: &sink)
            }
            writer.write(maximum: SpanJSONEncoder.recordOverhead, to: &sink) { json in writeTail(to: &json) }
        }

        /// `,{"kind":"K","text":"T","value":"` (the comma when `separated`); whether the text
        /// was written as it is (no escape).
        @inline(__always) @discardableResult
        private func writeHead(opening: UnsafeBufferPointer<UInt8>, to json: inout RawJSONWriter) -> Bool {
            if separated { json.appendByte(UInt8(ascii: ",")) }
            json.appendBytes(opening)
            json.appendByte(UInt8(ascii: "\""))
            let textWasClean = json.appendStringContentsNoticingEscapes(text)
            json.append("\",\"value\":\"")
            return textWasClean
        }

        /// `","utf8":[…],"utf16":[…],"scalars":[…]}`; with `offsetsBelow100Million`, the numbers
        /// are written with no check of their size (``RawJSONWriter/appendPair(below100Million:)``).
        @inline(__always)
        private func writeTail(to json: inout RawJSONWriter, offsetsBelow100Million: Bool = false) {
            @inline(__always) func appendPair(_ range: Range<Int>) {
                if offsetsBelow100Million { json.appendPair(below100Million: range) } else { json.appendPair(range) }
            }
            json.append("\",\"utf8\":")
            appendPair(utf8)
            json.append(",\"utf16\":")
            appendPair(utf16)
            json.append(",\"scalars\":")
            appendPair(scalars)
            json.appendByte(UInt8(ascii: "}"))
        }
    }

    /// Ends the document: `]}`.
    public mutating func endDocument(into sink: inout some ByteSink) {
        endDocument(trailingMembers: [], into: &sink)
    }

    /// Ends a document whose object has other members after `"spans"`: `trailingMembers` is their
    /// JSON text, each preceded by a comma (`,"token":null`).
    public mutating func endDocument(trailingMembers: [UInt8], into sink: inout some ByteSink) {
        sink.write("]")
        sink.write(trailingMembers)
        sink.write("}")
    }

    /// One whole document: the spans `rules` finds in `text`, as one JSON object.
    public static func document(_ text: String, spans: [Span], rules: any RuleSet) -> String {
        var encoder = SpanJSONEncoder()
        var output: [UInt8] = []
        encoder.beginDocument(into: &output)
        withUTF8Bytes(of: text) { bytes in
            encoder.encode(StreamChunk(wholeText: bytes, spans: spans, rules: rules), into: &output)
        }
        encoder.endDocument(into: &output)
        return String(decoding: output, as: UTF8.self)
    }
}
