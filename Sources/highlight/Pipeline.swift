import PatternDetection

/// Reads inputs block by block and feeds the renderer: documents through a ``SpanStream``, `jsonl`
/// posts line by line. With more than one thread, an input of at least ``segmentBytes`` is cut
/// into segments (text after a separator byte of the rule set, jsonl after a line feed) that worker
/// threads render while this one reads and writes their output in input order
/// (``renderInSegments(_:isCut:start:serial:render:)``): the output is byte for byte the serial
/// one. Output to a terminal (line buffered, so it appears as input arrives), pass-through and
/// length profiles stay serial.
final class Pipeline {
    let renderer: DocumentRenderer
    let rules: any RuleSet
    /// ANSI without colour: the output is the input, so nothing is scanned.
    let passThrough: Bool
    let stream: SpanStream
    var block: [UInt8] = []

    /// Threads that render segments; 1 renders on this thread, as it reads.
    let threadCount: Int
    /// The most threads `--threads` asks for: at most one more segment than threads is read ahead
    /// of the output, each at least ``defaultSegmentBytes``, so the limit keeps that read-ahead to
    /// tens of megabytes (and the threads within what a system lets a process start).
    static let maximumThreadCount = 256
    /// `--threads` unless asked otherwise: the processors online, within ``maximumThreadCount``.
    static var defaultThreadCount: Int { min(ProcessorCount.online, maximumThreadCount) }
    /// The least bytes of a segment: it ends at the first cut byte from here on.
    let segmentBytes: Int
    /// ``segmentBytes`` unless asked otherwise: a few read blocks, small enough that the segments
    /// in flight stay within a few megabytes.
    static let defaultSegmentBytes = 1 << 18
    /// How much of one segment's output a worker collects before it waits for its turn and writes
    /// it: 32 segments' worth, far more than a segment of text renders to (so workers do not wait
    /// on one another), but a bound for a segment that is one enormous word full of spans. Tied to
    /// the segment size so that tests with tiny segments spill too.
    static func spillBytes(segmentBytes: Int) -> Int {
        segmentBytes.saturatingMultiplied(by: 32)
    }
    /// Segments read ahead of the output at most.
    let segmentsInFlight: Int
    /// The ASCII separator bytes of the rule set (text segments are cut after one).
    private let asciiSeparators: [Bool]
    private var workerPool: WorkerPool<SegmentWorker>?
    /// Segment buffers and output buffers, reused (each kind its own: they differ in size).
    let segmentRecycler: BufferRecycler
    let outputRecycler: BufferRecycler

    /// Inputs that could not be opened or read.
    var unreadableInputs = 0
    /// `jsonl` lines that were not JSON strings.
    var badLines = 0
    /// `jsonl` lines seen so far, across all inputs: line N of the input is line N of the output.
    private var lineNumber = 0

    /// - Precondition: `threadCount >= 1`, `segmentBytes >= 1`.
    init(renderer: DocumentRenderer, rules: any RuleSet, passThrough: Bool, threadCount: Int = 1, segmentBytes: Int = defaultSegmentBytes) {
        precondition(threadCount >= 1 && segmentBytes >= 1, "at least one thread and one byte per segment")
        self.renderer = renderer
        self.rules = rules
        self.passThrough = passThrough
        self.stream = SpanStream(rules: rules)
        self.threadCount = threadCount
        self.segmentBytes = segmentBytes
        // One segment per thread being rendered, one more being read: enough to keep every thread
        // busy while the oldest is written.
        segmentsInFlight = threadCount + 1
        // As many as can be in use at once: read ahead, or being rendered.
        segmentRecycler = BufferRecycler(limit: segmentsInFlight + threadCount)
        outputRecycler = BufferRecycler(limit: segmentsInFlight + threadCount)
        asciiSeparators = (0..<128).map { rules.isSeparator(Unicode.Scalar(UInt8($0))) }
    }

    deinit {
        workerPool?.close()
    }

    /// The pool of worker threads, made on first use; it starts a thread, with its
    /// ``SegmentWorker``, only for a segment that finds none free (``WorkerPool``), so an input
    /// that stays on one thread starts none.
    func pool() -> WorkerPool<SegmentWorker> {
        if let workerPool { return workerPool }
        let renderer = self.renderer, recycler = outputRecycler
        let spillBytes = Self.spillBytes(segmentBytes: segmentBytes)
        let wholeSegmentBytes = segmentBytes.saturatingMultiplied(by: 2)
        let pool = WorkerPool(threadLimit: threadCount) {
            SegmentWorker(like: renderer, recycler: recycler, spillBytes: spillBytes, wholeSegmentBytes: wholeSegmentBytes)
        }
        workerPool = pool
        return pool
    }

    /// Worker threads started so far.
    var startedThreads: Int { workerPool?.startedThreads ?? 0 }

    /// Whether inputs are cut into segments rendered on the worker threads.
    private var rendersInSegments: Bool {
        threadCount > 1 && !renderer.output.lineBuffered && renderer.lengthProfiles.isEmpty
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
        if rendersInSegments && asciiSeparators.contains(true) {
            let separators = asciiSeparators
            _ = try renderInSegments(
                input, isCut: { $0 < 0x80 && separators[Int($0)] }, start: DocumentRenderer.Position(),
                dropsFirstRecordSeparator: renderer.separatesRecords,
                serial: { bytes in
                    stream.append(taking: &bytes, emit: emit)
                    stream.finish(emit: emit)
                },
                render: { worker, job in worker.renderText(job) })
            try renderer.endDocument()
            return
        }
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
        guard rendersInSegments else {
            try input.forEachLine(buffer: &block) { try highlightPost(line: $0) }
            return
        }
        var serialError: (any Error)?
        let end = try renderInSegments(
            input, isCut: { $0 == UInt8(ascii: "\n") }, start: lineNumber,
            serial: { bytes in
                var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                if bytes.last == UInt8(ascii: "\n") || bytes.isEmpty { lines.removeLast() }
                for line in lines {
                    do {
                        try line.withUnsafeBufferPointer { try highlightPost(line: $0) }
                    } catch {
                        serialError = error
                        return
                    }
                }
            },
            render: { worker, job in worker.renderPosts(job) })
        if let serialError { throw serialError }
        if let end { lineNumber = end }
    }

    /// Exactly one output line for one input line (a trailing CR is JSON whitespace).
    private func highlightPost(line: UnsafeBufferPointer<UInt8>) throws {
        lineNumber += 1
        if try !Self.renderPost(line: line, number: lineNumber, with: renderer) { badLines += 1 }
    }

    /// Renders input line `number` as one output line: the post, or `{"error":…,"line":N}` in its
    /// place when the line is not a post (the run then ends with status 65). Returns whether the
    /// line was a post; other errors are rethrown.
    static func renderPost(line: UnsafeBufferPointer<UInt8>, number: Int, with renderer: DocumentRenderer) throws -> Bool {
        let reason: String
        do {
            if PostLine.isObject(line) {
                try renderer.renderPost(try PostLine.decode(line))
            } else {
                try renderer.renderPost(literal: line)
            }
            return true
        } catch let error as BadLine {
            reason = error.description
        } catch let error as PostLine.SyntaxError {
            reason = error.description
        } catch let error as JSONStringLiteral.SyntaxError {
            reason = error.description
        }
        renderer.output.write("{\"error\":\(JSONWriter.string(reason)),\"line\":\(number)}")
        renderer.output.endLine()
        return false
    }
}
