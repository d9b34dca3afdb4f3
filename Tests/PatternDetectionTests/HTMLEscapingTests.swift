import Testing
@testable import PatternDetection

/// HTML escaping skips sixteen bytes at a time (eight near the end of its buffer); it must still
/// find every byte that needs an entity (or, for NUL, U+FFFD), wherever it sits in the block, and
/// none past the end of the text it was given.
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

    /// A slice of a larger buffer is escaped as the slice alone: the bytes after it, which the
    /// block test reads, change nothing, whatever they are.
    @Test(arguments: [false, true])
    func slicesEndWhereTheyEnd(lineBreaks: Bool) {
        var random = SplitMix64(seed: 10)
        let pieces = ["a", "&", "<", ">", "\"", "'", "\n", "\r", "\0", "é", "東", "😀", " ", "abcdefghijklmnop"]
        for _ in 0..<2_000 {
            let scalars = Array((0..<Int(random.next() % 60)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
                .joined().unicodeScalars)
            let lower = scalars.isEmpty ? 0 : Int(random.next() % UInt64(scalars.count + 1))
            let upper = lower + Int(random.next() % UInt64(scalars.count - lower + 1))
            var slice = String.UnicodeScalarView()
            slice.append(contentsOf: scalars[lower..<upper])
            let before = String(String.UnicodeScalarView(scalars[..<lower])).utf8.count
            let bytes = Array(String(String.UnicodeScalarView(scalars)).utf8)
            var output: [UInt8] = []
            bytes.withUnsafeBufferPointer { buffer in
                HTMLEscaping.writeEscaped(buffer[before..<before + String(slice).utf8.count], lineBreaks: lineBreaks, to: &output)
            }
            #expect(String(decoding: output, as: UTF8.self) == Self.reference(String(slice), lineBreaks: lineBreaks))
        }
    }

    /// Only `http://` and `https://`, in any case, are linked: the policy against the rule spelled
    /// out, on the schemes' prefixes, near misses and other bytes.
    @Test func linksAreHTTPAndHTTPSOnly() {
        var random = SplitMix64(seed: 11)
        let pieces = ["h", "H", "t", "T", "p", "P", "s", "S", ":", "/", "x", "\u{130}", "é", "https://", "http://", "HTTP://"]
        for _ in 0..<20_000 {
            let uri = (0..<Int(random.next() % 6)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            let lowered = uri.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
            let expected = lowered.starts(with: "http://".utf8) || lowered.starts(with: "https://".utf8)
            #expect(HTMLLinkPolicy.allowsLink(to: uri.utf8) == expected, "\(uri.debugDescription)")
            #expect(HTMLLinkPolicy.allowsLink(to: Array(uri.utf8)) == expected)
            // In two parts (a value's prefix, then bytes of the text), cut anywhere.
            let bytes = Array(uri.utf8)
            for cut in 0...bytes.count {
                #expect(HTMLLinkPolicy.allowsLink(to: bytes[..<cut], then: bytes[cut...]) == expected, "\(uri.debugDescription) at \(cut)")
            }
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

    /// The encoder against the markup rule spelled out span by span: texts with ill-formed bytes
    /// between spans, spans of every kind (a link whose value is not http or https stays a
    /// `<span>`, an emoji with an image becomes an `<img>`, a kind the encoder did not know up
    /// front), texts and spans too long for one output block.
    @Test func markupMatchesTheRuleSpanBySpan() {
        var random = SplitMix64(seed: 12)
        let gaps: [[UInt8]] = [
            Array("a ".utf8), Array(" & ".utf8), Array("<b>\"'".utf8), Array("é 東 😀\n".utf8), [0xFF], [0xE2, 0x82], [0x00],
            Array(" x=1;".utf8),
        ]
        let words = ["#tag", "@a.b", "x&y", "ab\"c", "東京", "😀", "it's", "<i>", ":wave:"]
        let kinds: [PatternKind] = [.hashtag, .mention, .url, .cashtag, .emoji, PatternKind("ticket")]
        let values = ["https://e.com/a?b=1&c=\"2\"", "HTTP://E.COM", "javascript:alert(1)", "e.com", "http://x/<y>"]
        for round in 0..<400 {
            var bytes: [UInt8] = []
            var spans: [Span] = []
            var value: [Int: String] = [:], image: [Int: String] = [:]
            for _ in 0..<Int(random.next() % 12) {
                bytes += gaps[Int(random.next() % UInt64(gaps.count))]
                if round % 50 == 0 { bytes += Array(repeating: UInt8(ascii: "&"), count: 6_000) }
                var word = Array(words[Int(random.next() % UInt64(words.count))].utf8)
                if round % 50 == 25 { word += Array(repeating: UInt8(ascii: "\""), count: 6_000) }
                let kind = kinds[Int(random.next() % UInt64(kinds.count))]
                let start = bytes.count
                bytes += word
                spans.append(Span(kind: kind, utf8Range: start..<bytes.count))
                value[start] = values[Int(random.next() % UInt64(values.count))]
                if random.next() % 2 == 0 { image[start] = values[Int(random.next() % UInt64(values.count))] }
            }
            bytes += gaps[Int(random.next() % UInt64(gaps.count))]
            var expected = ""
            var position = 0
            func escaped(_ part: ArraySlice<UInt8>) -> String { Self.reference(String(decoding: part, as: UTF8.self), lineBreaks: false) }
            func isWeb(_ uri: String) -> Bool {
                let lowered = uri.lowercased()
                return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
            }
            for span in spans {
                expected += escaped(bytes[position..<span.utf8Range.lowerBound])
                let text = escaped(bytes[span.utf8Range])
                let start = span.utf8Range.lowerBound
                if span.kind == .url, isWeb(value[start]!) {
                    expected += "<a class=\"url\" href=\"\(Self.reference(value[start]!, lineBreaks: false))\">\(text)</a>"
                } else if span.kind == .emoji, let url = image[start], isWeb(url) {
                    expected += "<img class=\"emoji\" src=\"\(Self.reference(url, lineBreaks: false))\" alt=\"\(text)\" title=\"\(text)\">"
                } else {
                    expected += "<span class=\"\(span.kind.rawValue)\">\(text)</span>"
                }
                position = span.utf8Range.upperBound
            }
            expected += escaped(bytes[position...])
            var output: [UInt8] = []
            bytes.withUnsafeBufferPointer { buffer in
                HTMLEncoder().encode(
                    buffer, spans: spans, value: { value[$0.utf8Range.lowerBound]! }, imageURL: { image[$0.utf8Range.lowerBound] },
                    into: &output)
            }
            #expect(String(decoding: output, as: UTF8.self) == expected, "round \(round)")
        }
    }
}
