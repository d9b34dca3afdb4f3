import ComposerText
import PatternDetection

/// A piece of a document to render: its bytes, the spans in them (relative to the bytes) and how
/// to get a span's value. A streamed chunk, or a whole document.
struct RenderPiece {
    let bytes: UnsafeBufferPointer<UInt8>
    let spans: [Span]
    let value: (Span) -> String
}

/// Renders documents in the chosen format to the output: `begin`, pieces in order, `end`. The
/// encoders are the library's (`SpanJSONEncoder`, `HTMLEncoder`, facets JSON in PatternDetection;
/// `ANSIEncoder` in ComposerText); this type only routes pieces to them.
///
/// ANSI, HTML and JSON take streamed chunks (constant memory); formats for which ``streams`` is
/// false (facets: one JSON array per document) get each document as one piece (O(document)
/// memory).
final class DocumentRenderer {
    let format: OutputFormat
    let rules: any RuleSet
    let ansi: ANSIEncoder
    let html: HTMLEncoder
    /// For `jsonl` posts: line breaks inside a post become character references.
    let htmlPost: HTMLEncoder
    let output: StandardOutput
    private var json = SpanJSONEncoder()

    init(format: OutputFormat, rules: any RuleSet, ansi: ANSIEncoder, output: StandardOutput) {
        self.format = format
        self.rules = rules
        self.ansi = ansi
        self.html = HTMLEncoder(kinds: PatternKind.builtIn + rules.kinds)
        self.htmlPost = HTMLEncoder(kinds: PatternKind.builtIn + rules.kinds, escapesLineBreaks: true)
        self.output = output
    }

    /// Whether documents can be rendered chunk by chunk as they are read.
    var streams: Bool { format != .facets }

    func beginDocument() {
        var sink = output
        switch format {
        case .json: json.beginDocument(into: &sink)
        case .ansi, .html, .facets: break
        }
    }

    /// One piece of the current document (the whole document when ``streams`` is false).
    func render(_ piece: RenderPiece) {
        var sink = output
        switch format {
        case .ansi:
            ansi.encode(piece.bytes, spans: piece.spans, into: &sink)
        case .html:
            html.encode(piece.bytes, spans: piece.spans, value: piece.value, into: &sink)
        case .json:
            json.encode(piece.bytes, spans: piece.spans, value: piece.value, into: &sink)
        case .facets:
            let facets = BlueskyFacet.facets(for: piece.spans, in: piece.bytes, rules: rules)
            output.write(BlueskyFacet.documentJSON(facets))
        }
        output.endChunk()
    }

    /// Ends the document: ANSI output is the input itself plus escapes; the others end with a
    /// newline, one line per document.
    func endDocument() {
        var sink = output
        switch format {
        case .ansi: break
        case .json:
            json.endDocument(into: &sink)
            output.endLine()
        case .html, .facets: output.endLine()
        }
    }

    /// A post from a jsonl line: exactly one output line. ANSI output is the post as a JSON string
    /// literal with its spans coloured inside it; the other formats as for a document. A line with
    /// a caret adds the token there to JSON output (after accepting a completion, when asked).
    func renderPost(_ line: PostLine, scratch: MatchScratch) throws {
        let post = try CaretRequest.resolve(line, rules: rules)
        var text = post.text
        let rules = self.rules
        try text.withUTF8 { bytes in
            let spans = try rules.spans(in: bytes, scratch: scratch)
            var sink = output
            switch format {
            case .ansi:
                var line = JSONWriter(capacity: bytes.count + 2)
                line.appendByte(UInt8(ascii: "\""))
                var position = 0
                for span in spans where span.utf8Range.lowerBound >= position {
                    line.appendStringContents(UnsafeBufferPointer(rebasing: bytes[position..<span.utf8Range.lowerBound]))
                    line.bytes += ansi.opening(for: span.kind)
                    line.appendStringContents(UnsafeBufferPointer(rebasing: bytes[span.utf8Range]))
                    if ansi.depth != .none { line.bytes += ANSIEncoder.reset }
                    position = span.utf8Range.upperBound
                }
                line.appendStringContents(UnsafeBufferPointer(rebasing: bytes[position..<bytes.count]))
                line.appendByte(UInt8(ascii: "\""))
                output.write(line.bytes)
            case .html:
                htmlPost.encode(bytes, spans: spans, value: { rules.value(of: $0, in: bytes) }, into: &sink)
            case .json:
                var encoder = SpanJSONEncoder()
                encoder.beginDocument(leadingMembers: post.leadingJSONMembers, into: &sink)
                encoder.encode(bytes, spans: spans, value: { rules.value(of: $0, in: bytes) }, into: &sink)
                encoder.endDocument(trailingMembers: post.trailingJSONMembers, into: &sink)
            case .facets:
                output.write(BlueskyFacet.documentJSON(BlueskyFacet.facets(for: spans, in: bytes, rules: rules)))
            }
            output.endLine()
        }
    }
}
