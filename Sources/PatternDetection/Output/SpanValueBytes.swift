/// A span's value (``RuleSet/value(of:in:)``) as bytes of its text, so the output encoders write it
/// without building a `String`: an ASCII `prefix`, then `text[range]`, upper-cased in ASCII when
/// `uppercasesASCII`.
///
/// Invariant: `prefix` holds no byte that JSON or HTML escape; `range` lies inside the span.
package struct SpanValueBytes {
    package var prefix: StaticString = ""
    package var range: Range<Int>
    package var uppercasesASCII = false

    @inline(__always)
    package init(prefix: StaticString = "", range: Range<Int>, uppercasesASCII: Bool = false) {
        self.prefix = prefix
        self.range = range
        self.uppercasesASCII = uppercasesASCII
    }

    /// Bytes of the value, at most (exactly, unescaped).
    @inline(__always)
    package var count: Int { prefix.utf8CodeUnitCount + range.count }

    /// The value as the inside of a JSON string literal.
    @inline(__always)
    package func writeJSONContents(in text: UnsafeBufferPointer<UInt8>, to json: inout RawJSONWriter) {
        json.append(prefix)
        json.appendStringContents(UnsafeBufferPointer(rebasing: text[range]), uppercasingASCII: uppercasesASCII)
    }

    /// The value as the inside of a JSON string literal, its bytes copied as they are.
    /// - Precondition: `text[range]` needs no JSON escape (the span's text was written without one).
    @inline(__always)
    package func writeUnescapedJSONContents(in text: UnsafeBufferPointer<UInt8>, to json: inout RawJSONWriter) {
        json.append(prefix)
        let bytes = UnsafeBufferPointer(rebasing: text[range])
        if uppercasesASCII {
            for byte in bytes { json.appendByte(UTF8Scalar.asciiUppercased(byte)) }
        } else {
            json.appendBytes(bytes)
        }
    }

    /// ``writeUnescapedJSONContents(in:to:)``, the text's bytes copied in whole blocks
    /// (``RawJSONWriter/appendBlocks(_:count:)``).
    /// - Precondition: as for ``writeUnescapedJSONContents(in:to:)``, and whole blocks are
    ///   readable from anywhere in `text[range]`.
    @inline(__always)
    package func writeUnescapedJSONBlocks(in text: UnsafeBufferPointer<UInt8>, to json: inout RawJSONWriter) {
        // The prefix byte by byte: it is short, and its length is not known here.
        for index in 0..<prefix.utf8CodeUnitCount { json.appendByte(prefix.utf8Start[index]) }
        if uppercasesASCII {
            for index in range { json.appendByte(UTF8Scalar.asciiUppercased(text[index])) }
        } else {
            json.appendBlocks(UnsafeRawPointer(text.baseAddress! + range.lowerBound), count: range.count)
        }
    }

    /// The value as a `String` (what ``RuleSet/value(of:in:)`` returns).
    package func string(in text: UnsafeBufferPointer<UInt8>) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        append(in: text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the value's UTF-8 to `bytes`.
    package func append(in text: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount))
        if uppercasesASCII {
            for index in range { bytes.append(UTF8Scalar.asciiUppercased(text[index])) }
        } else {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[range]))
        }
    }
}

/// Rule sets that describe a span's value as ``SpanValueBytes``: the built-in rule sets and
/// ``CustomRuleSet``. The encoders fall back to ``RuleSet/value(of:in:)`` for any other rule set,
/// and for a span this returns `nil` for.
///
/// Invariant: when non-`nil`, the bytes described are exactly the UTF-8 of
/// `value(of: span, in: text)` for well-formed `text`.
package protocol SpanValueBytesProviding: RuleSet {
    /// The value of `span` as bytes of `text`, or `nil` when only `value(of:in:)` can say. Reads
    /// only `text[span.utf8Range]`.
    func valueBytes(of span: Span, in text: UnsafeBufferPointer<UInt8>) -> SpanValueBytes?
}

extension RuleSet {
    /// This rule set as a ``SpanValueBytesProviding``, when it is one: looked up once per stream
    /// or document, not per span.
    package var valueBytesProvider: (any SpanValueBytesProviding)? { self as? any SpanValueBytesProviding }
}

extension SpanValueBytes {
    /// The span's text without its first scalar (a sign such as `@`, `#` or `＃`).
    @inline(__always)
    static func droppingSign(of span: Span, in text: UnsafeBufferPointer<UInt8>) -> SpanValueBytes {
        let range = span.utf8Range
        guard !range.isEmpty else { return SpanValueBytes(range: range) }
        let start = min(range.lowerBound + UTF8Scalar.length(lead: text[range.lowerBound]), range.upperBound)
        return SpanValueBytes(range: start..<range.upperBound)
    }
}
