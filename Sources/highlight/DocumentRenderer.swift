import ComposerPosts
import ComposerText
import PatternDetection

/// Renders documents in the chosen format to the output: `begin`, streamed chunks in order, `end`.
/// The encoders are the library's (`SpanJSONEncoder`, `FacetJSONEncoder`, `HTMLEncoder` in
/// PatternDetection; `ANSIEncoder` in ComposerText); this type only routes chunks to them. Every
/// format streams: memory does not grow with the document.
final class DocumentRenderer {
    let format: OutputFormat
    let rules: any RuleSet
    let ansi: ANSIEncoder
    let html: HTMLEncoder
    /// For `jsonl` posts: line breaks inside a post become character references.
    let htmlPost: HTMLEncoder
    let output: StandardOutput
    /// With `--profile`: the lengths added to each JSON document.
    let lengthProfiles: [LengthProfile]
    /// With `--emoji`: where a caret token of kind emoji gets its suggestions.
    let emojiCatalog: EmojiCatalog?
    private var json = SpanJSONEncoder()
    private var facets = FacetJSONEncoder()
    /// The current document's bytes, kept only when lengths are counted (a length is a property of
    /// the whole post).
    private var document: [UInt8] = []
    /// Whether every chunk of ``document`` was well-formed UTF-8 (the stream validated them), so
    /// its lengths' offsets are already the input's.
    private var documentIsWellFormed = true
    /// A jsonl line's decoded text when it holds escapes, reused from line to line.
    private var postScratch: [UInt8] = []
    /// Where ANSI output of `jsonl` posts is gathered before it goes to the output.
    private var ansiBlock = OutputBlock()
    /// `rules`' byte form of values, resolved once rather than per post.
    private let valueBytesRules: ValueBytesRules
    /// Posts longer than this many bytes are scanned and rendered as a stream of chunks, their
    /// spans a piece at a time (``SpanStream``): a post line of any size then costs memory for its
    /// bytes, not for its spans.
    let streamedPostBytes: Int
    /// The stream such posts go through, made for the first of them.
    private var postStream: SpanStream?

    init(
        format: OutputFormat, rules: any RuleSet, ansi: ANSIEncoder, lengthProfiles: [LengthProfile] = [],
        emojiCatalog: EmojiCatalog? = nil, output: StandardOutput, streamedPostBytes: Int = 1 << 20
    ) {
        self.format = format
        self.streamedPostBytes = streamedPostBytes
        self.rules = rules
        self.ansi = ansi
        self.lengthProfiles = lengthProfiles
        self.emojiCatalog = emojiCatalog
        self.html = HTMLEncoder(kinds: PatternKind.builtIn + rules.kinds)
        self.htmlPost = HTMLEncoder(kinds: PatternKind.builtIn + rules.kinds, escapesLineBreaks: true)
        self.output = output
        valueBytesRules = ValueBytesRules(rules)
    }

    /// A renderer like this one (format, rules, encoders, profiles) that writes to `output`.
    func copy(writingTo output: StandardOutput) -> DocumentRenderer {
        DocumentRenderer(
            format: format, rules: rules, ansi: ansi, lengthProfiles: lengthProfiles, emojiCatalog: emojiCatalog, output: output,
            streamedPostBytes: streamedPostBytes)
    }

    func beginDocument() {
        document.removeAll(keepingCapacity: true)
        documentIsWellFormed = true
        var sink = output
        switch format {
        case .json: json.beginDocument(into: &sink)
        case .facets: facets.beginDocument(into: &sink)
        case .ansi, .html: break
        }
    }

    /// Where a document stands between two chunks, in the terms of the format: what continuing it
    /// elsewhere (another renderer, on another thread) needs to know.
    struct Position: Sendable {
        var json = SpanJSONEncoder.Position()
        var facets = FacetJSONEncoder.Position()
    }

    /// The offsets after `bytes` for a document at `position` before them, without scanning or
    /// rendering them (whether records were written before is not tracked: see
    /// ``continueDocument(at:)``), and whether `bytes` are known to be well-formed UTF-8 (`true`
    /// only when the format's pass checked them: JSON).
    /// - Precondition: `bytes` starts and ends after an ASCII byte or at a document edge.
    /// - Complexity: O(bytes) for JSON (one counting pass), O(1) otherwise.
    func position(_ position: Position, after bytes: UnsafeBufferPointer<UInt8>) -> (position: Position, isWellFormed: Bool) {
        var next = position
        var isWellFormed = false
        switch format {
        case .json: (next.json, isWellFormed) = SpanJSONEncoder.position(position.json, after: bytes)
        case .facets: next.facets = FacetJSONEncoder.position(position.facets, after: bytes)
        case .ansi, .html: break
        }
        return (next, isWellFormed)
    }

    /// Whether the format's records (JSON spans, facets) are separated by commas: a continued
    /// document writes a comma before each of its records, and the writer drops the first byte of
    /// a document's first records.
    var separatesRecords: Bool { format == .json || format == .facets }

    /// Renders the next chunks as the continuation of a document (begun by another renderer) whose
    /// offsets stand at `position`, every record preceded by a comma (``separatesRecords``).
    /// - Precondition: no length profiles (a length needs the whole document in one renderer).
    func continueDocument(at position: Position) {
        precondition(lengthProfiles.isEmpty, "lengths are counted on one thread")
        json.position = position.json
        json.position.hasSpans = true
        facets.position = position.facets
        facets.position.hasFacets = true
    }

    /// The next chunk of the current document.
    func render(_ chunk: StreamChunk) {
        var sink = output
        switch format {
        case .ansi: ansi.encode(chunk.bytes, spans: chunk.spans, into: &sink)
        case .html: html.encode(chunk, into: &sink)
        case .json:
            json.encode(chunk, into: &sink)
            if !lengthProfiles.isEmpty {
                document.append(contentsOf: chunk.bytes)
                documentIsWellFormed = documentIsWellFormed && chunk.isWellFormed
            }
        case .facets: facets.encode(chunk, into: &sink)
        }
        output.endChunk()
    }

    /// Ends the document: ANSI output is the input itself plus escapes; the others end with a
    /// newline, one line per document.
    func endDocument() throws {
        var sink = output
        switch format {
        case .ansi: break
        case .json:
            json.endDocument(
                trailingMembers: lengthMember(
                    String(decoding: document, as: UTF8.self), inputOffsets: documentIsWellFormed ? nil : InputByteOffsets(document)),
                into: &sink)
            output.endLine()
        case .facets:
            facets.endDocument(into: &sink)
            output.endLine()
        case .html: output.endLine()
        }
    }

    /// A post from a jsonl line: exactly one output line. ANSI output is the post as a JSON string
    /// literal with its spans coloured inside it; the other formats as for a document. A line with
    /// a caret adds the token there to JSON output (after accepting a completion, when asked).
    func renderPost(_ line: PostLine) throws {
        let post = try CaretRequest.resolve(line, rules: rules)
        var text = post.text
        text.withUTF8 { bytes in
            render(post: bytes, leadingMembers: post.leadingJSONMembers) { spans in
                lengthMember(post.text, spans: spans) + post.trailingJSONMembers(suggestingFrom: emojiCatalog)
            }
        }
    }

    /// A jsonl line that is a JSON string (a post without a caret), rendered as ``renderPost(_:)``
    /// renders it, from its bytes: no `String` is made unless `--profile` asks for lengths.
    /// - Throws: ``JSONStringLiteral/SyntaxError`` when the line is not a JSON string.
    func renderPost(literal line: UnsafeBufferPointer<UInt8>) throws(JSONStringLiteral.SyntaxError) {
        let trailingMembers = { (text: UnsafeBufferPointer<UInt8>, spans: [Span]?) in
            self.lengthProfiles.isEmpty ? [] : self.lengthMember(String(decoding: text, as: UTF8.self), spans: spans)
        }
        switch try JSONStringLiteral.decode(line, scratch: &postScratch) {
        case .inLine(let range):
            let text = UnsafeBufferPointer(rebasing: line[range])
            render(post: text, leadingMembers: []) { trailingMembers(text, $0) }
        case .inScratch(let count):
            // Taken out for the call, so rendering cannot reach the buffer it reads.
            var scratch: [UInt8] = []
            swap(&scratch, &postScratch)
            scratch.withUnsafeBufferPointer { scratch in
                let text = UnsafeBufferPointer(rebasing: scratch[..<count])
                render(post: text, leadingMembers: []) { trailingMembers(text, $0) }
            }
            swap(&scratch, &postScratch)
        }
    }

    /// One post's output line; `trailingMembers` is asked only for JSON output, with the post's
    /// spans (`nil` for a post streamed: its spans are not collected).
    ///
    /// A post of at most ``streamedPostBytes`` is scanned whole and encoded as one chunk; a longer
    /// one goes through a ``SpanStream`` and is encoded chunk by chunk, the same bytes.
    private func render(
        post bytes: UnsafeBufferPointer<UInt8>, leadingMembers: [UInt8], trailingMembers: ([Span]?) -> [UInt8]
    ) {
        var sink = output
        switch format {
        case .json: json.beginDocument(leadingMembers: leadingMembers, into: &sink)
        case .facets: facets.beginDocument(into: &sink)
        case .ansi, .html: break
        }
        var spans: [Span]?
        if bytes.count <= streamedPostBytes {
            let found = rules.spans(in: bytes)
            spans = found
            if format == .ansi {
                // Without a chunk: ANSI reads only the bytes and spans, and a chunk per post costs.
                ansi.encodeJSONString(bytes, spans: found, block: &ansiBlock, into: &sink)
            } else {
                let chunk = StreamChunk(wholeText: bytes, spans: found, rules: rules, valueBytesRules: valueBytesRules)
                encode(postPart: chunk, opens: true, closes: true, into: &sink)
            }
        } else {
            encode(streamedPost: bytes, into: &sink)
        }
        switch format {
        case .json: json.endDocument(trailingMembers: trailingMembers(spans), into: &sink)
        case .facets: facets.endDocument(into: &sink)
        case .ansi, .html: break
        }
        output.endLine()
    }

    /// A post's chunks as a ``SpanStream`` cuts them, its spans a piece at a time (in a function
    /// of its own: the closure that takes the chunks would otherwise box the caller's sink). The
    /// stream takes the text a read block at a time, so it holds a block and an unfinished word,
    /// not a second copy of the post.
    private func encode(streamedPost bytes: UnsafeBufferPointer<UInt8>, into sink: inout StandardOutput) {
        let stream = postStream ?? SpanStream(rules: rules)
        postStream = stream
        var opens = true
        let encode = { (chunk: StreamChunk) in
            self.encode(postPart: chunk, opens: opens, closes: false, into: &sink)
            opens = false
        }
        stream.append(bytes, inBlocksOf: InputSource.blockBytes, emit: encode)
        stream.finish(emit: encode)
        if format == .ansi {
            ansi.encodeJSONString(
                UnsafeBufferPointer(start: nil, count: 0), spans: [], opens: opens, closes: true, block: &ansiBlock, into: &sink)
        }
    }

    /// One chunk of a post (all of it, or a streamed part); for ANSI, the string literal's
    /// opening quote before it when `opens` and the closing one after it when `closes`.
    private func encode(postPart chunk: StreamChunk, opens: Bool, closes: Bool, into sink: inout StandardOutput) {
        switch format {
        case .ansi:
            ansi.encodeJSONString(chunk.bytes, spans: chunk.spans, opens: opens, closes: closes, block: &ansiBlock, into: &sink)
        case .html: htmlPost.encode(chunk, into: &sink)
        case .json: json.encode(chunk, into: &sink)
        case .facets: facets.encode(chunk, into: &sink)
        }
    }

    /// `,"length":{…}` for `text` under the `--profile`s, or nothing without them. Text that was
    /// not valid UTF-8 is counted as decoded, one U+FFFD per ill-formed sequence, and
    /// `inputOffsets` then puts the ranges' UTF-8 offsets back in the input's bytes, as the spans'.
    /// `spans`, when given, are this renderer's rule set's spans in `text`: with `--rules bluesky`
    /// they are the ones the `bluesky` profile counts links from, so the text is not scanned again.
    private func lengthMember(_ text: String, spans: [Span]? = nil, inputOffsets: InputByteOffsets? = nil) -> [UInt8] {
        guard !lengthProfiles.isEmpty else { return [] }
        let counter = if let spans, rules is BlueskyRules {
            PostLengthCounter(text: text, profiles: lengthProfiles, blueskySpans: spans)
        } else {
            PostLengthCounter(text: text, profiles: lengthProfiles)
        }
        var reports = counter.reports(for: lengthProfiles)
        if let inputOffsets { reports = reports.map(inputOffsets.inputReport) }
        return [UInt8](unsafeUninitializedCapacity: 1 + LengthReport.maximumMemberLength(count: reports.count)) { buffer, count in
            var json = RawJSONWriter(buffer.baseAddress!)
            json.appendByte(UInt8(ascii: ","))
            LengthReport.writeMember(reports, to: &json)
            count = json.position - buffer.baseAddress!
        }
    }
}
