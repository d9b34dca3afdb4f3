/// Output gathered in one fixed block and handed to a sink when full: an encoder writes each
/// record (a span's object, a facet) through a ``RawJSONWriter`` with one room check, and its
/// memory stays one block whatever the number of records.
///
/// Invariant: `count <= storage.count`; a record larger than a block goes to the sink on its own.
package struct OutputBlock {
    private var storage: [UInt8] = []
    private var count = 0

    /// The block size.
    package static let capacity = 1 << 15

    package init() {}

    /// Writes one record of at most `maximum` bytes with `body`, handing the block to `sink`
    /// first when the record might not fit.
    @inline(__always)
    package mutating func write(
        maximum: Int, to sink: inout some ByteSink, _ body: (inout RawJSONWriter) -> Void
    ) {
        if count + maximum > storage.count {
            flush(to: &sink)
            guard maximum <= Self.capacity else { return writeAlone(maximum: maximum, to: &sink, body) }
            if storage.isEmpty { storage = [UInt8](repeating: 0, count: Self.capacity) }
        }
        let start = count
        count = storage.withUnsafeMutableBufferPointer { block in
            var raw = RawJSONWriter(block.baseAddress! + start)
            body(&raw)
            let end = raw.position - block.baseAddress!
            precondition(end - start <= maximum, "a JSON record outgrew its bound")
            return end
        }
    }

    /// Hands what was written to `sink`.
    package mutating func flush(to sink: inout some ByteSink) {
        guard count > 0 else { return }
        storage.withUnsafeBufferPointer { sink.write(UnsafeBufferPointer(rebasing: $0[0..<count])) }
        count = 0
    }

    private func writeAlone(maximum: Int, to sink: inout some ByteSink, _ body: (inout RawJSONWriter) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximum) { buffer in
            var raw = RawJSONWriter(buffer.baseAddress!)
            body(&raw)
            let end = raw.position - buffer.baseAddress!
            precondition(end <= maximum, "a JSON record outgrew its bound")
            sink.write(UnsafeBufferPointer(rebasing: buffer[0..<end]))
        }
    }
}
