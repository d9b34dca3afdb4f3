import Testing
@testable import highlight

/// Buffers handed back keep their storage, so a long parallel run reuses a few buffers instead of
/// faulting in fresh memory for every segment.
@Suite("Buffer recycler")
struct BufferRecyclerTests {
    private static func address(of buffer: [UInt8]) -> UnsafeRawPointer? {
        buffer.withUnsafeBytes { $0.baseAddress }
    }

    @Test func aBufferHandedBackComesBackWithItsStorage() {
        let recycler = BufferRecycler(limit: 2)
        var buffer = [UInt8](repeating: 7, count: 1 << 20)
        let storage = Self.address(of: buffer)
        recycler.give(&buffer)
        #expect(buffer.isEmpty)
        let taken = recycler.take()
        #expect(taken.isEmpty)
        #expect(taken.capacity >= 1 << 20)
        #expect(Self.address(of: taken) == storage)
        #expect(recycler.take().capacity == 0)
    }

    /// The storage of a segment's bytes is taken out of the job that held them, so it is not
    /// shared when it is emptied (which would allocate fresh storage of the same size).
    @Test func aJobsBytesGoBackWithoutACopy() {
        let recycler = BufferRecycler(limit: 2)
        let job = SegmentJob(
            bytes: [UInt8](repeating: 7, count: 1 << 20), context: nil, streamOffset: 0, isLast: true,
            start: Handoff(0), previousWritten: Handoff(SegmentTurn(hasRecords: false)))
        let storage = Self.address(of: job.bytes)
        recycler.give(&job.bytes)
        #expect(job.bytes.isEmpty)
        #expect(Self.address(of: recycler.take()) == storage)
    }

    @Test func noMoreThanTheLimitIsKept() {
        let recycler = BufferRecycler(limit: 1)
        var first = [UInt8](repeating: 1, count: 4096)
        var second = [UInt8](repeating: 2, count: 4096)
        recycler.give(&first)
        recycler.give(&second)
        #expect(recycler.take().capacity >= 4096)
        #expect(recycler.take().capacity == 0)
    }
}
