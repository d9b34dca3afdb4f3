/// Where the output encoders write bytes: a `[UInt8]` buffer, or anything else that takes bytes
/// (the CLI's buffered standard output, a server's response body).
public protocol ByteSink {
    /// Appends `bytes`.
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension ByteSink {
    @inlinable
    public mutating func write(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) {
        write(UnsafeBufferPointer(rebasing: bytes))
    }

    @inlinable
    public mutating func write(_ literal: StaticString) {
        write(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    @inlinable
    public mutating func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write($0) }
    }

    @inlinable
    public mutating func write(_ string: String) {
        var copy = string
        copy.withUTF8 { write($0) }
    }
}

extension Array: ByteSink where Element == UInt8 {
    @inlinable
    public mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(contentsOf: bytes)
    }
}

/// A sink that hands what it is given to a closure: an encoder whose loop reaches its sink only
/// now and then (a full block) takes one of these, so that the loop is compiled once, for this
/// type, whatever sink its caller has (``ByteSink/withFlushingSink(_:)``).
package struct FlushingSink: ByteSink {
    let flush: (UnsafeBufferPointer<UInt8>) -> Void

    package mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        flush(bytes)
    }
}

extension ByteSink {
    /// `body` with a ``FlushingSink`` that writes to this sink.
    package mutating func withFlushingSink<Result>(_ body: (inout FlushingSink) -> Result) -> Result {
        withoutActuallyEscaping({ (bytes: UnsafeBufferPointer<UInt8>) in self.write(bytes) }) { flush in
            var sink = FlushingSink(flush: flush)
            return body(&sink)
        }
    }
}

/// Bytes written straight into memory sized in advance: the encoders' block writer takes them as a
/// sink, so one escaping routine serves a block and any other sink.
extension RawJSONWriter: ByteSink {
    @inlinable @inline(__always)
    package mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        appendBytes(bytes)
    }
}
