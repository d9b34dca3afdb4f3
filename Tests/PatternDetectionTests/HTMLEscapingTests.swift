import Testing
@testable import PatternDetection

/// HTML escaping skips eight bytes at a time; it must still find every byte that needs an entity
/// (or, for NUL, U+FFFD), wherever it sits in the eight.
@Suite("HTML escaping")
struct HTMLEscapingTests {
    /// The rule, one byte at a time.
    static func reference(_ text: String, lineBreaks: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\0": out += "\u{FFFD}"
            case "\n" where lineBreaks: out += "&#10;"
            case "\r" where lineBreaks: out += "&#13;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    @Test(arguments: [false, true])
    func everyBytePositionIsEscaped(lineBreaks: Bool) {
        var random = SplitMix64(seed: 8)
        let pieces = ["a", "&", "<", ">", "\"", "'", "\n", "\r", "\0", "é", "東", "😀", " ", "abcdefghijklmnop", "=", "?", "%", ";"]
        for _ in 0..<600 {
            let text = (0..<Int(random.next() % 40)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            var output: [UInt8] = []
            var copy = text
            copy.withUTF8 { HTMLEscaping.writeEscaped($0[...], lineBreaks: lineBreaks, to: &output) }
            #expect(String(decoding: output, as: UTF8.self) == Self.reference(text, lineBreaks: lineBreaks), "\(text.debugDescription)")
        }
    }

    /// Text that is not UTF-8 is written as Swift's repairing decoder reads it: one U+FFFD per
    /// maximal ill-formed subsequence, then escaped (a NUL among them a U+FFFD too).
    @Test func illFormedBytesBecomeReplacementCharacters() {
        var random = SplitMix64(seed: 9)
        let interesting: [UInt8] = [0x00, 0x26, 0x3C, 0x27, 0x41, 0x20, 0x80, 0xBF, 0xC0, 0xC3, 0xE2, 0x82, 0xED, 0xA0, 0xF0, 0x9F, 0xF4, 0x90, 0xFF]
        for _ in 0..<2000 {
            let bytes = (0..<Int(random.next() % 16)).map { _ in interesting[Int(random.next() % UInt64(interesting.count))] }
            var output: [UInt8] = []
            bytes.withUnsafeBufferPointer { HTMLEncoder().encode($0, spans: [], value: { _ in "" }, into: &output) }
            let expected = Self.reference(String(decoding: bytes, as: UTF8.self), lineBreaks: false)
            #expect(String(decoding: output, as: UTF8.self) == expected, "\(bytes)")
        }
    }
}
