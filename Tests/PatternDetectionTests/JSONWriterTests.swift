import Foundation
import Testing
@testable import PatternDetection

/// The two JSON writers (growing ``JSONWriter``, pointer-based ``RawJSONWriter``) write the same
/// bytes, and what they write is JSON that decodes back to the input.
@Suite("JSON writers")
struct JSONWriterTests {
    static func raw(_ capacity: Int, _ body: (inout RawJSONWriter) -> Void) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: capacity)
        let count = buffer.withUnsafeMutableBufferPointer { pointer in
            var writer = RawJSONWriter(pointer.baseAddress!)
            body(&writer)
            return writer.position - pointer.baseAddress!
        }
        return Array(buffer[0..<count])
    }

    @Test func integersAreDecimal() {
        var random = SplitMix64(seed: 3)
        var values = [0, 1, 9, 10, 11, 99, 100, 101, 999, 1000, 12_345, Int.max, Int.min, Int.min + 1, -1, -10, -100]
        values += (0..<300).map { _ in Int(truncatingIfNeeded: random.next()) >> Int(random.next() % 64) }
        // Every digit count's edges, where the digit count changes.
        var power = 1
        for _ in 0...18 {
            values += [power - 1, power, power + 1, -power, -(power - 1)]
            power = power.multipliedReportingOverflow(by: 10).partialValue
        }
        // The eight-digit path: every value below 10^5, and random ones below 10^8.
        values += Array(0..<100_000)
        values += (0..<20_000).map { _ in Int(random.next() % 100_000_000) }
        for value in values {
            let bytes = Self.raw(RawJSONWriter.maximumIntegerLength) { $0.append(value) }
            #expect(String(decoding: bytes, as: UTF8.self) == String(value))
            var writer = JSONWriter()
            writer.append(value)
            #expect(writer.bytes == bytes)
        }
    }

    @Test func stringsRoundTripAndBothWritersAgree() throws {
        var random = SplitMix64(seed: 4)
        let pieces = ["a", "\"", "\\", "\n", "\r", "\t", "\u{08}", "\u{0C}", "\u{01}", "\u{1F}", "\u{7F}", "é", "東",
                      "😀", "\u{2028}", "\u{2029}", "\u{2027}", "\u{202A}", "/", "<", " ", "abcdefgh"]
        for _ in 0..<500 {
            let text = (0..<Int(random.next() % 24)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            var copy = text
            let raw = copy.withUTF8 { utf8 in Self.raw(RawJSONWriter.maximumStringLength(utf8.count)) { $0.appendString(utf8) } }
            var writer = JSONWriter()
            writer.appendString(text)
            #expect(writer.bytes == raw, "\(text.debugDescription)")
            let decoded = try JSONSerialization.jsonObject(with: Data(raw), options: .fragmentsAllowed) as? String
            #expect(decoded == text, "\(text.debugDescription)")
            // Only the escapes of the package's rule: no raw control, no raw U+2028/U+2029.
            #expect(!raw.contains { $0 < 0x20 })
            #expect(!String(decoding: raw, as: UTF8.self).unicodeScalars.contains { $0.value == 0x2028 || $0.value == 0x2029 })
        }
    }

    @Test func uppercasingChangesLettersOnly() {
        let text = Array("a$z\"Aé\u{2028}1".utf8)
        let bytes = text.withUnsafeBufferPointer { buffer in
            Self.raw(RawJSONWriter.maximumStringLength(buffer.count)) { $0.appendStringContents(buffer, uppercasingASCII: true) }
        }
        #expect(String(decoding: bytes, as: UTF8.self) == #"A$Z\"Aé\u20281"#)
    }

    /// Records go through the block in order whatever their size: small ones gathered, one larger
    /// than a block on its own.
    @Test func outputBlockKeepsOrderAndSizes() {
        var random = SplitMix64(seed: 5)
        let records = (0..<400).map { index in
            let length = index == 200 ? OutputBlock.capacity * 3 : Int(random.next() % 300)
            return [UInt8](repeating: UInt8(truncatingIfNeeded: index), count: length)
        }
        var block = OutputBlock()
        var sink: [UInt8] = []
        block.withWriter(to: &sink) { writer, sink in
            for record in records {
                record.withUnsafeBufferPointer { record in
                    writer.write(maximum: record.count, to: &sink) { $0.appendBytes(record) }
                }
            }
        }
        #expect(sink == records.flatMap { $0 })
        // The block is empty between two calls: a second piece follows the first.
        block.withWriter(to: &sink) { writer, sink in writer.write(maximum: 1, to: &sink) { $0.appendByte(7) } }
        #expect(sink == records.flatMap { $0 } + [7])
    }

    /// A string too long for one block is escaped in parts that each fit one, with the bytes of one
    /// escape of the whole: every escape and scalar placed across each part boundary, cased both
    /// ways, and a text of continuation bytes only.
    @Test func longStringsInPartsEqualOneString() {
        let part = OutputBlock.stringPartBytes
        var texts: [[UInt8]] = [[UInt8](repeating: 0x80, count: 2 * part + 5)]
        for insert in ["\u{2028}", "\u{2029}", "\"", "\\", "\u{01}", "é", "東", "😀", "\u{2027}"] {
            for offset in part - 4...part + 3 {
                var text = [UInt8](repeating: UInt8(ascii: "a"), count: 2 * part + 7)
                text.replaceSubrange(offset..<offset + insert.utf8.count, with: insert.utf8)
                texts.append(text)
            }
        }
        for text in texts {
            for uppercasing in [false, true] {
                let whole = text.withUnsafeBufferPointer { buffer in
                    Self.raw(RawJSONWriter.maximumStringLength(buffer.count)) {
                        $0.appendStringContents(buffer, uppercasingASCII: uppercasing)
                    }
                }
                var block = OutputBlock()
                var parts: [UInt8] = []
                block.withWriter(to: &parts) { writer, sink in
                    text.withUnsafeBufferPointer { writer.writeStringContents($0, uppercasingASCII: uppercasing, to: &sink) }
                }
                let equal = parts == whole  // outside #expect: large arrays describe slowly
                #expect(equal, "\(String(decoding: text, as: UTF8.self).filter { $0 != "a" }.debugDescription), uppercasing \(uppercasing)")
            }
        }
    }
}
