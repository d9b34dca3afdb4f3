import ComposerText
import Foundation
import PatternDetection
import Testing

@testable import ComposerCore

/// ``ANSIEncoder/encodeJSONString(_:spans:block:into:)``, a `jsonl` post in ANSI output, against
/// the literal built piece by piece with ``JSONWriter`` and against Foundation's JSON parser.
@Suite("ANSI output of a post as a JSON string")
struct ANSIJSONStringTests {
    /// The literal as the CLI built it before the block writer: each stretch escaped, each
    /// span's escape and text, a reset after each styled span.
    private static func reference(_ text: [UInt8], spans: [Span], encoder: ANSIEncoder) -> [UInt8] {
        var json = JSONWriter()
        json.appendByte(UInt8(ascii: "\""))
        text.withUnsafeBufferPointer { text in
            var position = 0
            for span in spans where span.utf8Range.lowerBound >= position {
                json.appendStringContents(UnsafeBufferPointer(rebasing: text[position..<span.utf8Range.lowerBound]))
                let escape = encoder.opening(for: span.kind)
                json.bytes += escape
                json.appendStringContents(UnsafeBufferPointer(rebasing: text[span.utf8Range]))
                if !escape.isEmpty { json.bytes += ANSIEncoder.reset }
                position = span.utf8Range.upperBound
            }
            json.appendStringContents(UnsafeBufferPointer(rebasing: text[position...]))
        }
        json.appendByte(UInt8(ascii: "\""))
        return json.bytes
    }

    private static func encoded(_ text: [UInt8], spans: [Span], encoder: ANSIEncoder, block: inout OutputBlock) -> [UInt8] {
        var output: [UInt8] = []
        text.withUnsafeBufferPointer { encoder.encodeJSONString($0, spans: spans, block: &block, into: &output) }
        return output
    }

    /// `output` with every SGR sequence removed.
    private static func strippingEscapes(_ output: [UInt8]) -> [UInt8] {
        var plain: [UInt8] = [], index = 0
        while index < output.count {
            if output[index] == 0x1B {
                while output[index] != UInt8(ascii: "m") { index += 1 }
                index += 1
            } else {
                plain.append(output[index])
                index += 1
            }
        }
        return plain
    }

    @Test(arguments: [ANSIColorDepth.trueColor, .none])
    func randomPostsMatchTheReferenceAndParseBack(depth: ANSIColorDepth) throws {
        var generator = SplitMix64(seed: 0xA7_51)
        let pieces = ["a", "é", "東", "😀", " ", "\"", "\\", "/", "\n", "\t", "\r", "\u{01}", "\u{1F}", "\u{2028}", "\u{2029}",
                      "\u{2026}", "@alice.bsky.social", "#tag", "https://example.com/a?b=\"c\"", "aaaaaaaaaaaaaaaaaaaa"]
        let rules = BlueskyRules.shared
        let encoder = ANSIEncoder(depth: depth)
        // One block for every post, as the CLI keeps one per thread.
        var block = OutputBlock()
        var spanCount = 0
        for round in 0..<1_500 {
            var post = ""
            for _ in 0..<Int(generator.next() % 60) { post += pieces[Int(generator.next() % UInt64(pieces.count))] }
            // Stretches longer than a block, on their own and next to spans.
            if round % 250 == 0 { post = String(repeating: "\"\n", count: 20_000) + post + String(repeating: "é", count: 20_000) }
            let text = Array(post.utf8)
            let spans = text.withUnsafeBufferPointer { rules.spans(in: $0) }
            spanCount += spans.count
            let output = Self.encoded(text, spans: spans, encoder: encoder, block: &block)
            #expect(output == Self.reference(text, spans: spans, encoder: encoder), "\(post.prefix(80))")
            let parsed = try JSONSerialization.jsonObject(with: Data(Self.strippingEscapes(output)), options: .fragmentsAllowed)
            #expect(parsed as? String == post)
            let opened = output.indices.filter { output[$0] == 0x1B }.count
            #expect(opened == (depth == .none ? 0 : 2 * spans.count))
        }
        #expect(spanCount > 1_000)
    }
}
