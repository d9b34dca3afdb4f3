/// JSON text built byte by byte into a growing array: the one JSON writer in the package for
/// everything but the encoders' hot loops (span reports, facets, post records, replay reports, the
/// CLI's error lines), which use ``RawJSONWriter``. Strings are escaped the same way everywhere
/// (``JSONEscape``).
@usableFromInline package struct JSONWriter: JSONOutput {
    @usableFromInline package var bytes: [UInt8] = []

    @usableFromInline package init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    @inlinable @inline(__always)
    package mutating func append(_ literal: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    @inlinable @inline(__always)
    package mutating func appendByte(_ byte: UInt8) {
        bytes.append(byte)
    }

    @inlinable @inline(__always)
    package mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes.append(contentsOf: bytes)
    }

    /// A decimal integer.
    @usableFromInline package mutating func append(_ value: Int) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: RawJSONWriter.maximumIntegerLength) { digits in
            var raw = RawJSONWriter(digits.baseAddress!)
            raw.append(value)
            bytes.append(contentsOf: UnsafeBufferPointer(start: digits.baseAddress, count: raw.position - digits.baseAddress!))
        }
    }

    /// The inside of a JSON string literal for `text` (well-formed UTF-8), without the quotes.
    @usableFromInline package mutating func appendStringContents(_ text: UnsafeBufferPointer<UInt8>) {
        JSONEscape.forEachPiece(of: text) { run in
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[run]))
        } escape: { escape in
            switch escape {
            case .sequence(let sequence, _):
                append(sequence)
            case .control(let byte):
                append("\\u00")
                bytes.append(JSONEscape.hexDigit(byte >> 4))
                bytes.append(JSONEscape.hexDigit(byte & 0xF))
            }
        }
    }

    /// The text written so far.
    @usableFromInline package var string: String { String(decoding: bytes, as: UTF8.self) }

    /// `value` as a JSON string literal.
    @usableFromInline package static func string(_ value: String) -> String {
        var writer = JSONWriter(capacity: value.utf8.count + 2)
        writer.appendString(value)
        return writer.string
    }
}
