import PatternDetection

/// JSON text built byte by byte, for the streamed `--format json` hot path: the same output as
/// ``SpanReport/json`` and ``JSONText`` (same key order, same escapes: `"` `\` the C0 controls,
/// U+2028 and U+2029), without building a `String` per scalar.
struct JSONBytes {
    var bytes: [UInt8] = []

    init(capacity: Int = 1 << 12) {
        bytes.reserveCapacity(capacity)
    }

    mutating func append(_ literal: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    mutating func append(_ value: Int) {
        if value >= 0 && value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var rest = value.magnitude
            var start = 20
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            if value < 0 {
                start -= 1
                digits[start] = UInt8(ascii: "-")
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start..<20]))
        }
    }

    /// `text` (well-formed UTF-8) as a JSON string literal.
    mutating func appendString(_ text: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        var start = 0
        var index = 0
        while index < text.count {
            let byte = text[index]
            let escape: StaticString?
            var width = 1
            switch byte {
            case UInt8(ascii: "\""): escape = "\\\""
            case UInt8(ascii: "\\"): escape = "\\\\"
            case 0x0A: escape = "\\n"
            case 0x0D: escape = "\\r"
            case 0x09: escape = "\\t"
            case 0x08: escape = "\\b"
            case 0x0C: escape = "\\f"
            case 0xE2 where index + 2 < text.count && text[index + 1] == 0x80 && (text[index + 2] == 0xA8 || text[index + 2] == 0xA9):
                escape = text[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                width = 3
            default:
                escape = nil
            }
            if escape == nil && byte >= 0x20 {
                index += 1
                continue
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<index]))
            if let escape {
                append(escape)
            } else {
                append("\\u00")
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0xF)])
            }
            index += width
            start = index
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<text.count]))
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func appendString(_ text: String) {
        var copy = text
        copy.withUTF8 { appendString($0) }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// One span report, keys in the documented order.
    mutating func appendReport(
        kind: PatternKind, text: UnsafeBufferPointer<UInt8>, value: String, utf8: Range<Int>,
        utf16: Range<Int>, scalars: Range<Int>
    ) {
        append("{\"kind\":")
        appendString(kind.rawValue)
        append(",\"text\":")
        appendString(text)
        append(",\"value\":")
        appendString(value)
        appendPair(",\"utf8\":[", utf8)
        appendPair(",\"utf16\":[", utf16)
        appendPair(",\"scalars\":[", scalars)
        append("}")
    }

    private mutating func appendPair(_ key: StaticString, _ range: Range<Int>) {
        append(key)
        append(range.lowerBound)
        bytes.append(UInt8(ascii: ","))
        append(range.upperBound)
        bytes.append(UInt8(ascii: "]"))
    }
}
