/// Spans as JSON, the `highlight --format json` shape: one object per document,
/// `{"spans":[{"kind":…,"text":…,"value":…,"utf8":[s,e],"utf16":[s,e],"scalars":[s,e]}]}`, spans
/// in the order given (sorted by start), ranges start-inclusive and end-exclusive.
///
/// A document may arrive in pieces (a stream cut at separators, see ``SpanStream``): UTF-16 and
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
public struct SpanJSONEncoder {
    private var utf8Base = 0
    private var utf16Base = 0
    private var scalarBase = 0
    private var isFirst = true
    private var json = JSONWriter(capacity: 1 << 12)

    public init() {}

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
    /// - Complexity: O(piece + spans).
    public mutating func encode(
        _ bytes: UnsafeBufferPointer<UInt8>, spans: [Span], value: (Span) -> String, into sink: inout some ByteSink
    ) {
        var bounds: [Int] = []
        bounds.reserveCapacity(2 * spans.count + 1)
        for span in spans {
            bounds.append(span.utf8Range.lowerBound)
            bounds.append(span.utf8Range.upperBound)
        }
        bounds.append(bytes.count)
        let converted = TextOffsets.convert(bounds, in: bytes)
        json.bytes.removeAll(keepingCapacity: true)
        for (index, span) in spans.enumerated() {
            let start = converted[2 * index], end = converted[2 * index + 1]
            if !isFirst { json.appendByte(UInt8(ascii: ",")) }
            isFirst = false
            json.append("{\"kind\":")
            json.appendString(span.kind.rawValue)
            json.append(",\"text\":")
            json.appendString(UnsafeBufferPointer(rebasing: bytes[span.utf8Range]))
            json.append(",\"value\":")
            json.appendString(value(span))
            json.append(",\"utf8\":")
            json.appendPair(utf8Base + span.utf8Range.lowerBound..<utf8Base + span.utf8Range.upperBound)
            json.append(",\"utf16\":")
            json.appendPair(utf16Base + start.utf16..<utf16Base + end.utf16)
            json.append(",\"scalars\":")
            json.appendPair(scalarBase + start.scalars..<scalarBase + end.scalars)
            json.appendByte(UInt8(ascii: "}"))
        }
        json.bytes.withUnsafeBufferPointer { sink.write($0) }
        utf8Base += bytes.count
        utf16Base += converted[converted.count - 1].utf16
        scalarBase += converted[converted.count - 1].scalars
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
            encoder.encode(bytes, spans: spans, value: { rules.value(of: $0, in: bytes) }, into: &output)
        }
        encoder.endDocument(into: &output)
        return String(decoding: output, as: UTF8.self)
    }
}
