import PatternDetection

extension Pipeline {
    /// Reads `input` and renders it on the worker threads, segment by segment; each worker writes
    /// its segment's output to standard output in its turn (after the segment before it), so the
    /// output is in input order: the bytes of one serial run exactly. This thread only reads,
    /// cuts and hands out segments, and collects what the segments report.
    ///
    /// Segments are cut right after the first byte at or past ``segmentBytes`` for which `isCut`
    /// holds; an input that ends before its first segment is complete is handed to `serial`
    /// instead, which may take its storage (small inputs cost no thread). At most
    /// ``segmentsInFlight`` segments are read ahead of the output, so memory is bounded by them,
    /// not by the input.
    ///
    /// - Parameters:
    ///   - start: the progress before the input (for its first segment).
    ///   - dropsFirstRecordSeparator: whether the first byte of the first non-empty output is a
    ///     comma to drop (text documents in a format that separates records).
    ///   - render: renders one job with the worker of the thread it runs on.
    /// - Returns: the progress after the input, or `nil` when `serial` took it.
    /// - Throws: a read error after what was read is rendered and written; an error a segment
    ///   ended with, once the segments before it are written.
    func renderInSegments<Progress: Sendable>(
        _ input: borrowing InputSource.OpenInput, isCut: (UInt8) -> Bool, start: Progress,
        dropsFirstRecordSeparator: Bool = false,
        serial: (inout [UInt8]) throws -> Void,
        render: @escaping @Sendable (SegmentWorker, SegmentJob<Progress>) -> Void
    ) throws -> Progress? {
        let pool = self.pool()
        var pending: [UInt8] = []
        var pendingStart = 0
        var searchedUpTo = 0
        // Jobs not yet written, from `inFlightStart` on (written ones are dropped at once).
        var inFlight: [SegmentJob<Progress>?] = []
        var inFlightStart = 0
        var previous = Handoff(start)
        var context: UInt8?
        var offset = 0
        var dispatched = false
        var previousWritten = Handoff(SegmentTurn(hasRecords: !dropsFirstRecordSeparator))

        func finishOldest() throws {
            let job = inFlight[inFlightStart]!
            inFlight[inFlightStart] = nil
            inFlightStart += 1
            if inFlightStart >= segmentsInFlight {
                inFlight.removeSubrange(0..<inFlightStart)
                inFlightStart = 0
            }
            let rendered = job.output.wait()
            _ = job.written.wait()
            segmentRecycler.give(&job.bytes)
            badLines += rendered.badLines
            if let error = rendered.error { throw error }
        }

        /// Hands `pending[range]` to a job and returns where what is left of `pending` starts: a
        /// segment that is most of `pending` takes its storage (the few bytes after it move to a
        /// fresh buffer), a smaller one is copied.
        func dispatch(_ range: Range<Int>, isLast: Bool) throws -> Int {
            var bytes = segmentRecycler.take()
            var rest = range.upperBound
            if range.lowerBound == 0 && 2 * range.count >= pending.count {
                bytes.append(contentsOf: pending[range.upperBound...])
                swap(&bytes, &pending)
                bytes.removeSubrange(range.upperBound...)
                rest = 0
            } else {
                bytes.append(contentsOf: pending[range])
            }
            if !dispatched {
                // Workers write to standard output from here on: what this thread wrote goes first.
                renderer.output.flush()
            }
            let job = SegmentJob(
                bytes: bytes, context: context, streamOffset: offset, isLast: isLast, start: previous,
                previousWritten: previousWritten)
            previous = job.end
            previousWritten = job.written
            context = bytes[bytes.count - 1]
            offset += range.count
            dispatched = true
            pool.submit { worker in render(worker, job) }
            inFlight.append(job)
            if inFlight.count - inFlightStart >= segmentsInFlight { try finishOldest() }
            return rest
        }

        var readError: (any Error)?
        do {
            try input.forEachBlock(buffer: &block) { bytes in
                if pendingStart > 0 {
                    pending.removeSubrange(0..<pendingStart)
                    searchedUpTo -= pendingStart
                    pendingStart = 0
                }
                pending.append(contentsOf: bytes)
                while pending.count - pendingStart >= segmentBytes {
                    var index = max(searchedUpTo, pendingStart + segmentBytes - 1)
                    while index < pending.count && !isCut(pending[index]) { index += 1 }
                    searchedUpTo = index
                    guard index < pending.count else { break }
                    pendingStart = try dispatch(pendingStart..<index + 1, isLast: false)
                    searchedUpTo = pendingStart
                }
            }
        } catch let error as InputSource.ReadError {
            readError = error
        }
        if !dispatched {
            try serial(&pending)
            if let readError { throw readError }
            return nil
        }
        if pendingStart < pending.count { _ = try dispatch(pendingStart..<pending.count, isLast: true) }
        let end = previous
        while inFlightStart < inFlight.count { try finishOldest() }
        if let readError { throw readError }
        return end.wait()
    }
}
