import PatternDetection

/// A piece of a document to render: its bytes, the spans in them (relative to the bytes) and how
/// to get a span's value. A streamed chunk, or a whole document.
struct RenderPiece {
    let bytes: UnsafeBufferPointer<UInt8>
    let spans: [Span]
    let value: (Span) -> String
}

/// Renders documents in the chosen format to the output: `begin`, pieces in order, `end`.
///
/// ANSI, HTML and JSON take streamed chunks (constant memory); formats for which ``streams`` is
/// false (facets: one JSON array per document) get each document as one piece (O(document)
/// memory).
final class DocumentRenderer {
    let format: OutputFormat
    let rules: any RuleSet
    let styler: ANSIStyler
    let html: HTMLRenderer
    /// For `jsonl` posts: line breaks inside a post become character references.
    let htmlPost: HTMLRenderer
    let output: StandardOutput
    private var json = JSONSpanWriter()

    init(format: OutputFormat, rules: any RuleSet, styler: ANSIStyler, output: StandardOutput) {
        self.format = format
        self.rules = rules
        self.styler = styler
        self.html = HTMLRenderer(kinds: PatternKind.builtIn + rules.kinds)
        self.htmlPost = HTMLRenderer(kinds: PatternKind.builtIn + rules.kinds, escapesLineBreaks: true)
        self.output = output
    }

    /// Whether documents can be rendered chunk by chunk as they are read.
    var streams: Bool { format != .facets }

    func beginDocument() {
        switch format {
        case .json: json.begin(to: output)
        case .ansi, .html, .facets: break
        }
    }

    /// One piece of the current document (the whole document when ``streams`` is false).
    func render(_ piece: RenderPiece) {
        switch format {
        case .ansi:
            styler.render(piece.bytes, spans: piece.spans, to: output)
        case .html:
            html.render(piece.bytes, spans: piece.spans, value: piece.value, to: output)
        case .json:
            json.write(piece, to: output)
        case .facets:
            let facets = BlueskyFacet.facets(for: piece.spans, in: piece.bytes, rules: rules)
            output.write(BlueskyFacet.documentJSON(facets))
        }
        output.endChunk()
    }

    /// Ends the document: ANSI output is the input itself plus escapes; the others end with a
    /// newline, one line per document.
    func endDocument() {
        switch format {
        case .ansi: break
        case .json: json.end(to: output)
        case .html, .facets: output.endLine()
        }
    }

    /// A post from a jsonl line: exactly one output line. ANSI output is the post as a JSON string
    /// literal with its spans coloured inside it; the other formats as for a document.
    func renderPost(_ post: String, scratch: MatchScratch) throws {
        var text = post
        try text.withUTF8 { bytes in
            let spans = try rules.spans(in: bytes, scratch: scratch)
            switch format {
            case .ansi:
                var line = "\""
                var position = 0
                for span in spans where span.utf8Range.lowerBound >= position {
                    line += escapedInner(bytes[position..<span.utf8Range.lowerBound])
                    line += String(decoding: styler.opening(for: span.kind), as: UTF8.self)
                    line += escapedInner(bytes[span.utf8Range])
                    if styler.depth != .none { line += String(decoding: ANSIStyler.reset, as: UTF8.self) }
                    position = span.utf8Range.upperBound
                }
                line += escapedInner(bytes[position..<bytes.count]) + "\""
                output.write(line)
            case .html:
                htmlPost.render(bytes, spans: spans, value: { rules.value(of: $0, in: bytes) }, to: output)
            case .json:
                output.write(SpanReport.documentJSON(SpanReport.reports(for: spans, in: bytes, rules: rules)))
            case .facets:
                output.write(BlueskyFacet.documentJSON(BlueskyFacet.facets(for: spans, in: bytes, rules: rules)))
            }
            output.endLine()
        }
    }

    private func escapedInner(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        String(JSONText.string(String(decoding: bytes, as: UTF8.self)).dropFirst().dropLast())
    }
}

/// `{"spans":[…]}` for a document that arrives in pieces: offsets in UTF-16 units and scalars
/// are counted piece by piece, so nothing of earlier pieces is kept.
struct JSONSpanWriter {
    private var utf8Base = 0
    private var utf16Base = 0
    private var scalarBase = 0
    private var isFirst = true

    mutating func begin(to output: StandardOutput) {
        self = JSONSpanWriter()
        output.write("{\"spans\":[")
    }

    mutating func write(_ piece: RenderPiece, to output: StandardOutput) {
        var bounds: [Int] = []
        bounds.reserveCapacity(2 * piece.spans.count + 1)
        for span in piece.spans {
            bounds.append(span.utf8Range.lowerBound)
            bounds.append(span.utf8Range.upperBound)
        }
        bounds.append(piece.bytes.count)
        let converted = TextOffsets.convert(bounds, in: piece.bytes)
        var json = JSONBytes(capacity: piece.spans.count * 128)
        for (index, span) in piece.spans.enumerated() {
            let start = converted[2 * index], end = converted[2 * index + 1]
            if !isFirst { json.bytes.append(UInt8(ascii: ",")) }
            isFirst = false
            json.appendReport(
                kind: span.kind, text: UnsafeBufferPointer(rebasing: piece.bytes[span.utf8Range]),
                value: piece.value(span),
                utf8: utf8Base + span.utf8Range.lowerBound..<utf8Base + span.utf8Range.upperBound,
                utf16: utf16Base + start.utf16..<utf16Base + end.utf16,
                scalars: scalarBase + start.scalars..<scalarBase + end.scalars)
        }
        output.write(json.bytes)
        utf8Base += piece.bytes.count
        utf16Base += converted[converted.count - 1].utf16
        scalarBase += converted[converted.count - 1].scalars
    }

    func end(to output: StandardOutput) {
        output.write("]}")
        output.endLine()
    }
}
