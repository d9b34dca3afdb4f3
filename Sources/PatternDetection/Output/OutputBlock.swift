/// Output gathered in one fixed block and handed to a sink when full: an encoder writes each
/// record (a span's object, a facet) through a ``RawJSONWriter`` with one room check, and its
/// memory stays one block whatever the number of records.
///
/// The block is reached once per piece of output (``withWriter(to:_:)``), not once per record, and
/// it is empty between two calls.
package struct OutputBlock: Sendable {
    private var storage: [UInt8] = []

    /// The block size.
    package static let capacity = 1 << 15

    /// The most text that ``Writer/writeStringContents(_:uppercasingASCII:to:)`` escapes into one
    /// block at a time (escaped, it is at most a block less a few bytes).
    package static let stringPartBytes = (capacity - 64) / JSONEscape.maximumExpansion

    package init() {}

    /// Runs `body` with a ``Writer`` over the block and the sink; what `body` wrote has been handed
    /// to `sink` when this returns.
    @inline(__always)
    package mutating func withWriter<Sink: ByteSink>(to sink: inout Sink, _ body: (inout Writer, inout Sink) -> Void) {
        if storage.isEmpty { storage = [UInt8](repeating: 0, count: Self.capacity) }
        storage.withUnsafeMutableBufferPointer { block in
            var writer = Writer(block.baseAddress!)
            body(&writer, &sink)
            writer.flush(to: &sink)
        }
    }

    /// Runs `body` with a ``Writer`` over a block of temporary memory (on the stack where the
    /// thread has room), for an encoder that keeps nothing between calls: nothing is allocated
    /// or cleared per call. What `body` wrote has been handed to `sink` when this returns.
    @inline(__always)
    package static func withTemporaryWriter<Sink: ByteSink>(to sink: inout Sink, _ body: (inout Writer, inout Sink) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { block in
            var writer = Writer(block.baseAddress!)
            body(&writer, &sink)
            writer.flush(to: &sink)
        }
    }

    /// Records written into the block, which is handed to a sink when the next record might not fit.
    ///
    /// Invariant: `count <= OutputBlock.capacity`; a record larger than a block goes to the sink on
    /// its own.
    package struct Writer {
        private let base: UnsafeMutablePointer<UInt8>
        private var count = 0

        fileprivate init(_ base: UnsafeMutablePointer<UInt8>) {
            self.base = base
        }

        /// Writes one record of at most `maximum` bytes with `body`, handing the block to `sink`
        /// first when the record might not fit.
        @inline(__always)
        package mutating func write(
            maximum: Int, to sink: inout some ByteSink, _ body: (inout RawJSONWriter) -> Void
        ) {
            if count + maximum > OutputBlock.capacity {
                flush(to: &sink)
                guard maximum <= OutputBlock.capacity else { return Self.writeAlone(maximum: maximum, to: &sink, body) }
            }
            var raw = RawJSONWriter(base + count)
            body(&raw)
            let end = raw.position - base
            precondition(end - count <= maximum, "a JSON record outgrew its bound")
            count = end
        }

        /// Writes the inside of a JSON string literal for `text` (no quotes) in parts that each
        /// fit a block, however long `text` is: for records too large to bound in one block.
        /// Upper-cases `a`–`z` when `uppercasingASCII`. The bytes are those of
        /// ``RawJSONWriter/appendStringContents(_:uppercasingASCII:)`` on the whole text.
        package mutating func writeStringContents(
            _ text: UnsafeBufferPointer<UInt8>, uppercasingASCII: Bool = false, to sink: inout some ByteSink
        ) {
            var start = 0
            while start < text.count {
                let end = JSONEscape.partEnd(in: text, from: start, limit: OutputBlock.stringPartBytes)
                let part = UnsafeBufferPointer(rebasing: text[start..<end])
                write(maximum: RawJSONWriter.maximumStringLength(part.count), to: &sink) { json in
                    json.appendStringContents(part, uppercasingASCII: uppercasingASCII)
                }
                start = end
            }
        }

        /// Hands what was written to `sink`.
        package mutating func flush(to sink: inout some ByteSink) {
            guard count > 0 else { return }
            sink.write(UnsafeBufferPointer(start: base, count: count))
            count = 0
        }

        private static func writeAlone(maximum: Int, to sink: inout some ByteSink, _ body: (inout RawJSONWriter) -> Void) {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximum) { buffer in
                var raw = RawJSONWriter(buffer.baseAddress!)
                body(&raw)
                let end = raw.position - buffer.baseAddress!
                precondition(end <= maximum, "a JSON record outgrew its bound")
                sink.write(UnsafeBufferPointer(rebasing: buffer[0..<end]))
            }
        }
    }
}
