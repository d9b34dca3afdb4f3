import Foundation
import PatternDetection
import Testing

@testable import highlight

/// The `jsonl` line decoder against Foundation's JSON parser, and its byte form (which renders a
/// post without making a `String`) against its `String` form.
@Suite("JSON string lines")
struct JSONStringLiteralTests {
    /// Both forms of the decoder: the text (or the error) each gives.
    private static func decodeBothWays(_ line: [UInt8]) -> (string: Result<String, JSONStringLiteral.SyntaxError>, bytes: Result<[UInt8], JSONStringLiteral.SyntaxError>) {
        line.withUnsafeBufferPointer { buffer in
            let string = Result { () throws(JSONStringLiteral.SyntaxError) in try JSONStringLiteral.decode(buffer) }
            var scratch: [UInt8] = Array("left over from an earlier line".utf8)
            let bytes = Result { () throws(JSONStringLiteral.SyntaxError) -> [UInt8] in
                switch try JSONStringLiteral.decode(buffer, scratch: &scratch) {
                case .inLine(let range): return Array(buffer[range])
                case .inScratch(let count): return Array(scratch[..<count])
                }
            }
            return (string, bytes)
        }
    }

    /// Posts with every kind of escape, encoded by Foundation, decode to the post; the byte form
    /// gives the same UTF-8, in place when nothing was escaped.
    @Test func postsEncodedByFoundationDecodeToThemselves() throws {
        var generator = SplitMix64(seed: 0x15_0A11)
        let pieces = ["a", "é", "東", "😀", " ", "\"", "\\", "/", "\n", "\t", "\r", "\u{08}", "\u{0C}", "\u{01}", "\u{1F}",
                      "\u{2028}", "@alice.bsky.social", "#tag", "\u{FEFF}", "aaaaaaaaaaaa"]
        for _ in 0..<2_000 {
            var post = ""
            for _ in 0..<Int(generator.next() % 40) { post += pieces[Int(generator.next() % UInt64(pieces.count))] }
            let line = [UInt8](try JSONSerialization.data(withJSONObject: post, options: .fragmentsAllowed))
            let (string, bytes) = Self.decodeBothWays(line)
            #expect(try string.get() == post)
            #expect(try bytes.get() == Array(post.utf8))
            let needsEscape = line.count != post.utf8.count + 2
            var scratch: [UInt8] = []
            let text = try line.withUnsafeBufferPointer { buffer throws(JSONStringLiteral.SyntaxError) in
                try JSONStringLiteral.decode(buffer, scratch: &scratch)
            }
            #expect((text == .inScratch(count: post.utf8.count)) == needsEscape)
            if !needsEscape { #expect(text == .inLine(1..<line.count - 1)) }
        }
    }

    /// Lines that are not all JSON strings, checked as the `cli-input` fuzz target checks them
    /// (``CLIInputChecks/literalViolation(_:)``): Foundation's parser and both forms agree.
    @Test func mutatedLinesAgreeWithFoundationAndBetweenForms() {
        var generator = SplitMix64(seed: 0x5_7A1E)
        let seeds = [#""plain text""#, #"  "with \"quotes\" and \\ \n \t \u00e9 \ud83d\ude00"  "#, #""\u2028\/""#, #""""#]
        let mutations: [UInt8] = [0x22, 0x5C, 0x20, 0x0A, 0x09, 0x00, 0x1F, 0x75, 0x41, 0x80, 0xC3, 0xFF, 0x7B]
        var strings = 0
        for _ in 0..<4_000 {
            let line = CLICases.mutated(seeds[Int(generator.next() % UInt64(seeds.count))], with: mutations, &generator)
            #expect(CLIInputChecks.literalViolation(line) == nil, "\(line)")
            if (try? line.withUnsafeBufferPointer { try JSONStringLiteral.decode($0) }) != nil { strings += 1 }
        }
        // Both outcomes are well represented.
        #expect(strings > 500 && strings < 3_500)
    }

    /// The scratch buffer's first bytes hold the latest line's text, whatever an earlier, longer
    /// line left after them; it grows only for a line longer than it.
    @Test func scratchHoldsTheLatestLineFirst() throws {
        var scratch: [UInt8] = []
        for (line, text) in [(#""a long line with an escape\n and more text""#, "a long line with an escape\n and more text"),
                             (#""\"x""#, "\"x"), (#""\u00e9\ud83d\ude00\t""#, "é😀\t")] {
            let capacityBefore = scratch.count
            let decoded = try Array(line.utf8).withUnsafeBufferPointer { buffer throws(JSONStringLiteral.SyntaxError) in
                try JSONStringLiteral.decode(buffer, scratch: &scratch)
            }
            #expect(decoded == .inScratch(count: text.utf8.count))
            #expect(Array(scratch.prefix(text.utf8.count)) == Array(text.utf8))
            #expect(scratch.count == max(capacityBefore, line.utf8.count))
        }
    }
}
