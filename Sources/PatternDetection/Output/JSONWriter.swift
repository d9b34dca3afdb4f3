/// JSON text built byte by byte: the one JSON writer in the package (span reports, facets, post
/// records, replay reports, the CLI's error lines). Strings are escaped the same way everywhere:
/// `"` and `\`, the C0 controls (`\n` `\r` `\t` `\b` `\f`, others as `\u00XX`), and U+2028 and
/// U+2029 (`\u2028`, `\u2029`, which JavaScript once refused in string literals); every other
/// scalar is written as UTF-8.
package struct JSONWriter {
    package var bytes: [UInt8] = []

    package init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    @inline(__always)
    package mutating func append(_ literal: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    @inline(__always)
    package mutating func appendByte(_ byte: UInt8) {
        bytes.append(byte)
    }

    /// A decimal integer.
    package mutating func append(_ value: Int) {
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

    package mutating func append(_ value: Bool) {
        value ? append("true") : append("false")
    }

    /// `[lower,upper]`.
    package mutating func appendPair(_ range: Range<Int>) {
        bytes.append(UInt8(ascii: "["))
        append(range.lowerBound)
        bytes.append(UInt8(ascii: ","))
        append(range.upperBound)
        bytes.append(UInt8(ascii: "]"))
    }

    /// `text` (well-formed UTF-8) as a JSON string literal.
    package mutating func appendString(_ text: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        appendStringContents(text)
        bytes.append(UInt8(ascii: "\""))
    }

    package mutating func appendString(_ text: String) {
        var copy = text
        copy.withUTF8 { appendString($0) }
    }

    /// The inside of a JSON string literal for `text`, without the quotes.
    package mutating func appendStringContents(_ text: UnsafeBufferPointer<UInt8>) {
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
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// The text written so far.
    package var string: String { String(decoding: bytes, as: UTF8.self) }

    /// `value` as a JSON string literal.
    package static func string(_ value: String) -> String {
        var writer = JSONWriter(capacity: value.utf8.count + 2)
        writer.appendString(value)
        return writer.string
    }
}
