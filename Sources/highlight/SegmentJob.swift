/// One segment of an input cut for parallel rendering, and what its rendering hands on.
///
/// Segments are cut right after a separator byte (text: an ASCII separator of the rule set; jsonl:
/// a line feed), so every segment but the last ends with one. A job gets what the document had
/// reached before it (`start`, from the previous job) and hands on what it reaches (`end`) before
/// it renders, so jobs render in parallel and only this small hand-over is in input order.
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
    /// The segment's output, once rendered.
    let output = Handoff<SegmentOutput>()

    init(bytes: [UInt8], context: UInt8?, streamOffset: Int, isLast: Bool, start: Handoff<Progress>) {
        self.bytes = bytes
        self.context = context
        self.streamOffset = streamOffset
        self.isLast = isLast
        self.start = start
    }
}

/// A rendered segment: its bytes of output, the jsonl lines in it that were not posts, and an
/// error that stopped it (rethrown where the output is written, in input order).
struct SegmentOutput: @unchecked Sendable {
    var bytes: [UInt8]
    var badLines = 0
    var error: (any Error)?
}
