/// One segment of an input cut for parallel rendering, and what its rendering hands on.
///
/// Segments are cut right after a separator byte (text: an ASCII separator of the rule set; jsonl:
/// a line feed), so every segment but the last ends with one. A job gets what the document had
/// reached before it (`start`, from the previous job) and hands on what it reaches (`end`) before
/// it renders, so jobs render in parallel and only this small hand-over is in input order; then it
/// writes its output once the job before it has written (``previousWritten``, ``written``).
///
/// Invariant: `bytes` is read by the worker rendering the job, and taken back (emptied) by the
/// reading thread only after ``output`` is put.
final class SegmentJob<Progress: Sendable>: @unchecked Sendable {
    var bytes: [UInt8]
    /// The separator byte before the segment; `nil` for a document's first segment.
    let context: UInt8?
    /// The offset of `bytes[0]` in the document.
    let streamOffset: Int
    /// Whether this is the document's last segment (it may end without a separator).
    let isLast: Bool
    /// The document's progress before this segment.
    let start: Handoff<Progress>
    /// The document's progress after it.
    let end = Handoff<Progress>()
    /// What the segment's rendering reports (its output is already written), once done.
    let output = Handoff<SegmentOutput>()
    /// The document's output before this segment's has been written (its turn has come).
    let previousWritten: Handoff<SegmentTurn>
    /// This segment's output has been written.
    let written = Handoff<SegmentTurn>()

    init(
        bytes: [UInt8], context: UInt8?, streamOffset: Int, isLast: Bool, start: Handoff<Progress>,
        previousWritten: Handoff<SegmentTurn>
    ) {
        self.bytes = bytes
        self.context = context
        self.streamOffset = streamOffset
        self.isLast = isLast
        self.start = start
        self.previousWritten = previousWritten
    }
}

/// What a segment's writer learns from the writers before it.
struct SegmentTurn: Sendable {
    /// Records (JSON spans, facets) were written before: the next record keeps its leading comma.
    /// Always true for outputs without records to separate.
    var hasRecords: Bool
    /// A segment before ended with an error: nothing more is written.
    var isStopped = false
}

/// A rendered segment: the jsonl lines in it that were not posts, and an error that stopped it
/// (rethrown by the reading thread, in input order).
struct SegmentOutput: @unchecked Sendable {
    var badLines = 0
    var error: (any Error)?
}
