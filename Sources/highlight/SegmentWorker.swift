import PatternDetection

/// The state one worker thread renders segments with: its own stream, renderer and in-memory
/// output, so threads share nothing but the rule set (which is `Sendable`) and the hand-overs.
///
/// A segment's output is collected while the segments before it may still be rendering; once it
/// reaches the output's spill size (a long word with many spans can render to a hundred times its
/// bytes), the worker waits for its turn and writes what it has, so its memory stays bounded.
///
/// Invariant: used by one thread at a time (the pool thread it belongs to).
final class SegmentWorker: @unchecked Sendable {
    private let stream: SpanStream
    private let output: StandardOutput
    private let renderer: DocumentRenderer
    private let recycler: BufferRecycler
    /// The current job's turn once part of its output was written before the job was done;
    /// `nil` while its output is only collected.
    private var turn: SegmentTurn?

    /// Segments longer than this go to the stream whole, which takes over their storage; shorter
    /// ones go in blocks of ``blockBytes``, so the stream's work on each stays in the cache.
    private let wholeSegmentBytes: Int

    /// - Parameters:
    ///   - recycler: where output buffers come from (the writing thread hands them back).
    ///   - spillBytes: how much of a segment's output is collected before it is written in turn.
    ///   - wholeSegmentBytes: the longest segment fed to the stream in blocks (a longer one holds
    ///     a word about as long, which the stream would otherwise copy whole).
    init(like template: DocumentRenderer, recycler: BufferRecycler, spillBytes: Int, wholeSegmentBytes: Int) {
        self.wholeSegmentBytes = wholeSegmentBytes
        output = StandardOutput(collectingInMemory: (), spillBytes: spillBytes)
        stream = SpanStream(rules: template.rules)
        renderer = template.copy(writingTo: output)
        self.recycler = recycler
    }

    /// Scans and renders a text segment as the continuation of its document: byte for byte what
    /// one stream over the whole document writes for these bytes, except that its first record
    /// (JSON, facets) is preceded by a comma whether or not one was written before
    /// (``DocumentRenderer/separatesRecords``). The segment goes to the stream in blocks of
    /// ``blockBytes``, as the serial path reads them, so its work stays in the cache, unless it is
    /// longer than `wholeSegmentBytes`.
    /// - Complexity: O(segment) plus the rule set's scan; before rendering, waits only for the
    ///   previous segment's offsets, which it hands over as it starts.
    func renderText(_ job: SegmentJob<DocumentRenderer.Position>) {
        spillInTurn(job)
        let renderer = self.renderer
        let (delta, isWellFormed) = job.bytes.withUnsafeBufferPointer { renderer.position(DocumentRenderer.Position(), after: $0) }
        let start = job.start.wait()
        var end = start
        end.json.utf8 += delta.json.utf8
        end.json.utf16 += delta.json.utf16
        end.json.scalars += delta.json.scalars
        end.facets.utf8 += delta.facets.utf8
        job.end.put(end)
        renderer.continueDocument(at: start)
        let context = job.context.map { [$0] } ?? []
        context.withUnsafeBufferPointer { stream.restart(afterSeparator: $0, streamOffset: job.streamOffset) }
        let emit = { (chunk: StreamChunk) in renderer.render(chunk) }
        if job.bytes.count > wholeSegmentBytes {
            // A segment this long holds a word that long, which the stream holds whole: it takes
            // the segment's storage rather than a second copy.
            stream.append(taking: &job.bytes, knownWellFormed: isWellFormed, emit: emit)
        } else {
            job.bytes.withUnsafeBufferPointer { bytes in
                stream.append(bytes, inBlocksOf: Self.blockBytes, knownWellFormed: isWellFormed, emit: emit)
            }
        }
        // A segment that is not the last ends after a separator, so `append` emitted all of it.
        if job.isLast { stream.finish(emit: emit) }
        write(job)
        job.output.put(SegmentOutput())
    }

    /// Writes what the job rendered to standard output once the segments before it are written
    /// (dropping a leading comma when no record came before), and passes the turn on; a stopped
    /// turn writes nothing.
    private func write<Progress>(_ job: SegmentJob<Progress>, stopping: Bool = false) {
        var bytes = output.takeCollected(continuingIn: recycler.take())
        output.spill = nil
        var turn = self.turn ?? job.previousWritten.wait()
        self.turn = nil
        bytes.withUnsafeBufferPointer { Self.write($0, in: &turn) }
        turn.isStopped = turn.isStopped || stopping
        recycler.give(&bytes)
        job.written.put(turn)
    }

    /// Has the output of `job` that outgrows the spill size written in the job's turn: the first
    /// time, after waiting for the segments before it to be written.
    private func spillInTurn<Progress>(_ job: SegmentJob<Progress>) {
        let previousWritten = job.previousWritten
        output.spill = { [unowned self] bytes in
            var turn = self.turn ?? previousWritten.wait()
            Self.write(bytes, in: &turn)
            self.turn = turn
        }
    }

    /// Writes `bytes` to standard output in `turn`: nothing once a segment before stopped, and
    /// without its first byte (the first record's comma) when no record was written before.
    private static func write(_ bytes: UnsafeBufferPointer<UInt8>, in turn: inout SegmentTurn) {
        guard !turn.isStopped, !bytes.isEmpty else { return }
        StandardOutput.writeToStandardOutput(turn.hasRecords ? bytes : UnsafeBufferPointer(rebasing: bytes.dropFirst()))
        turn.hasRecords = true
    }

    /// The bytes handed to the stream at a time.
    static let blockBytes = InputSource.blockBytes

    /// Renders the lines of a jsonl segment, one output line each; `start` and `end` are line
    /// numbers (the lines before the segment, and through it).
    /// - Complexity: O(segment) plus each post's scan.
    func renderPosts(_ job: SegmentJob<Int>) {
        spillInTurn(job)
        var result = SegmentOutput()
        job.bytes.withUnsafeBufferPointer { bytes in
            var lines: [Range<Int>] = []
            var lineStart = 0
            let newlines = InputSource.lineBreaks
            while case let newline = newlines.firstIndex(in: bytes, from: lineStart, before: bytes.count), newline < bytes.count {
                lines.append(lineStart..<newline)
                lineStart = newline + 1
            }
            if lineStart < bytes.count { lines.append(lineStart..<bytes.count) }
            let first = job.start.wait()
            job.end.put(first + lines.count)
            do {
                for (offset, line) in lines.enumerated() {
                    let isPost = try Pipeline.renderPost(
                        line: UnsafeBufferPointer(rebasing: bytes[line]), number: first + offset + 1, with: renderer)
                    if !isPost { result.badLines += 1 }
                }
            } catch {
                result.error = error
            }
        }
        write(job, stopping: result.error != nil)
        job.output.put(result)
    }
}
