/// What JSON is written into: a growing ``JSONWriter`` or a ``RawJSONWriter`` over sized memory.
/// Pieces of JSON shared by several writers (a facet's opening, a pair of offsets) are written once,
/// generically.
@usableFromInline package protocol JSONOutput {
    mutating func append(_ literal: StaticString)
    mutating func appendByte(_ byte: UInt8)
    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>)
    /// A decimal integer.
    mutating func append(_ value: Int)
    /// The inside of a JSON string literal for `text` (well-formed UTF-8), without the quotes.
    mutating func appendStringContents(_ text: UnsafeBufferPointer<UInt8>)
}

extension JSONOutput {
    /// `text` (well-formed UTF-8) as a JSON string literal.
    @inlinable @inline(__always)
    package mutating func appendString(_ text: UnsafeBufferPointer<UInt8>) {
        appendByte(UInt8(ascii: "\""))
        appendStringContents(text)
        appendByte(UInt8(ascii: "\""))
    }

    @usableFromInline package mutating func appendString(_ text: String) {
        var copy = text
        copy.withUTF8 { appendString($0) }
    }

    /// The inside of a JSON string literal for `text`, without the quotes.
    @usableFromInline package mutating func appendStringContents(_ text: String) {
        var copy = text
        copy.withUTF8 { appendStringContents($0) }
    }

    /// `[lower,upper]`.
    @inlinable @inline(__always)
    package mutating func appendPair(_ range: Range<Int>) {
        appendByte(UInt8(ascii: "["))
        append(range.lowerBound)
        appendByte(UInt8(ascii: ","))
        append(range.upperBound)
        appendByte(UInt8(ascii: "]"))
    }

    @usableFromInline package mutating func append(_ value: Bool) {
        value ? append("true") : append("false")
    }
}
