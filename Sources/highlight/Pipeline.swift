import PatternDetection

/// Reads inputs block by block and feeds the renderer: documents through a ``SpanStream``, `jsonl`
/// posts line by line.
final class Pipeline {
    let renderer: DocumentRenderer
    let rules: any RuleSet
    /// ANSI without colour: the output is the input, so nothing is scanned.
    let passThrough: Bool
    let stream: SpanStream
    private var block: [UInt8] = []

    /// Inputs that could not be opened or read.
    var unreadableInputs = 0
    /// `jsonl` lines that were not JSON strings.
    private(set) var badLines = 0
    /// `jsonl` lines seen so far, across all inputs: line N of the input is line N of the output.
    private var lineNumber = 0

    init(renderer: DocumentRenderer, rules: any RuleSet, passThrough: Bool) {
        self.renderer = renderer
        self.rules = rules
        self.passThrough = passThrough
        self.stream = SpanStream(rules: rules)
    }

    /// One input as one document. An input that cannot be opened gets no output at all; if
    /// reading fails midway, what was read is still rendered as a complete document before the
    /// error is rethrown.
    func highlightDocument(at path: String) throws {
        let renderer = self.renderer, stream = self.stream
        let input = try InputSource.OpenInput(path: path)
        if passThrough {
            try input.forEachBlock(buffer: &block) { bytes in
                renderer.output.write(bytes)
                renderer.output.endChunk()
            }
            return
        }
        renderer.beginDocument()
        let emit = { (chunk: StreamChunk) in renderer.render(chunk) }
        var readError: Error?
        do {
            try input.forEachBlock(buffer: &block) { bytes in stream.append(bytes, emit: emit) }
        } catch let error as InputSource.ReadError {
            readError = error
        }
        stream.finish(emit: emit)
        try renderer.endDocument()
        if let readError { throw readError }
    }

    /// Every line of one input as a post. A last line without a line break still counts, and each
    /// input ends its last line (the next input starts a new one). If reading fails midway, the
    /// lines read so far are still rendered before the error is rethrown.
    func highlightPosts(at path: String) throws {
        let input = try InputSource.OpenInput(path: path)
        try input.forEachLine(buffer: &block) { try highlightPost(line: $0) }
    }

    /// Exactly one output line for one input line (a trailing CR is JSON whitespace).
    private func highlightPost(line: UnsafeBufferPointer<UInt8>) throws {
        lineNumber += 1
        do {
            try renderer.renderPost(try PostLine.decode(line))
        } catch let error as BadLine {
            badLine(error.description)
        } catch let error as PostLine.SyntaxError {
            badLine(error.description)
        } catch let error as JSONStringLiteral.SyntaxError {
            badLine(error.description)
        }
    }

    /// `{"error":…,"line":N}` in place of the line's output; the run ends with status 65.
    private func badLine(_ reason: String) {
        badLines += 1
        renderer.output.write("{\"error\":\(JSONWriter.string(reason)),\"line\":\(lineNumber)}")
        renderer.output.endLine()
    }
}
