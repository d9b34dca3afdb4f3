import PatternDetection

/// The state one worker thread renders segments with: its own stream, renderer and in-memory
/// output, so threads share nothing but the rule set (which is `Sendable`) and the hand-overs.
///
/// Invariant: used by one thread at a time (the pool thread it belongs to).
final class SegmentWorker: @unchecked Sendable {
    private let stream: SpanStream
    private let output = StandardOutput(collectingInMemory: ())
    private let renderer: DocumentRenderer
    private let recycler: BufferRecycler

    /// - Parameter recycler: where output buffers come from (the writing thread hands them back).
    init(like template: DocumentRenderer, recycler: BufferRecycler) {
        stream = SpanStream(rules: template.rules)
        renderer = template.copy(writingTo: output)
        self.recycler = recycler
    }

    /// Scans and renders a text segment as the continuation of its document: byte for byte what
    /// one stream over the whole document writes for these bytes.
    /// - Complexity: O(segment) plus the rule set's scan; waits only for the previous segment's
    ///   hand-over, never for its rendering.
    func renderText(_ job: SegmentJob<DocumentRenderer.Position>) {
        let context = job.context.map { [$0] } ?? []
        context.withUnsafeBufferPointer { stream.restart(afterSeparator: $0, streamOffset: job.streamOffset) }
        var chunks = 0
        let renderer = self.renderer
        let emit = { (chunk: StreamChunk) in
            if chunks == 0 {
                let start = job.start.wait()
                if !job.isLast { job.end.put(renderer.position(start, after: chunk)) }
                renderer.continueDocument(at: start)
            }
            chunks += 1
            renderer.render(chunk)
        }
        job.bytes.withUnsafeBufferPointer { stream.append($0, emit: emit) }
        if job.isLast {
            stream.finish(emit: emit)
            if chunks == 0 { renderer.continueDocument(at: job.start.wait()) }
            job.end.put(renderer.position)
        }
        // A segment that ends after a separator is emitted whole by `append`, as one chunk.
        precondition(job.isLast || chunks == 1, "a segment cut after a separator is one chunk")
        job.output.put(SegmentOutput(bytes: output.takeCollected(continuingIn: recycler.take())))
    }

    /// Renders the lines of a jsonl segment, one output line each; `start` and `end` are line
    /// numbers (the lines before the segment, and through it).
    /// - Complexity: O(segment) plus each post's scan.
    func renderPosts(_ job: SegmentJob<Int>) {
        var result = SegmentOutput(bytes: [])
        job.bytes.withUnsafeBufferPointer { bytes in
            var lines: [Range<Int>] = []
            var lineStart = 0
            for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
                lines.append(lineStart..<index)
                lineStart = index + 1
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
        result.bytes = output.takeCollected(continuingIn: recycler.take())
        job.output.put(result)
    }
}
