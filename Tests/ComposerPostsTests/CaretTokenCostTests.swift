import ComposerPosts
import PatternDetection
import Testing

/// The caret token is asked for on every keystroke: its cost must follow the token, not the
/// document. Counted, not timed: a text source that counts the bytes it is asked for.
@Suite("CaretToken: cost")
struct CaretTokenCostTests {
    /// A byte array that counts the bytes every look-up reads.
    final class CountingSource: UTF8TextSource {
        let bytes: [UInt8]
        var bytesRead = 0
        init(_ text: String) { bytes = Array(text.utf8) }

        var utf8Count: Int { bytes.count }
        func scalar(startingAt utf8Offset: Int) -> Unicode.Scalar {
            let scalar = bytes.scalar(startingAt: utf8Offset)
            bytesRead += UTF8.width(scalar)
            return scalar
        }
        func scalar(endingAt utf8Offset: Int) -> Unicode.Scalar {
            let scalar = bytes.scalar(endingAt: utf8Offset)
            bytesRead += UTF8.width(scalar)
            return scalar
        }
        func copyUTF8(_ utf8Range: Range<Int>, into destination: UnsafeMutableBufferPointer<UInt8>) {
            bytesRead += utf8Range.count
            bytes.copyUTF8(utf8Range, into: destination)
        }
        func isScalarBoundary(_ utf8Offset: Int) -> Bool {
            bytesRead += 1
            return bytes.isScalarBoundary(utf8Offset)
        }
    }

    @Test(arguments: ["bluesky", "twitter", "icysky"])
    func readsFollowTheToken(_ name: String) throws {
        let rules = BuiltInRules(rawValue: name)!.ruleSet()
        for size in [1_000, 100_000] {
            let filler = String(repeating: "hello (#tag) @bob.test $AB ", count: size / 27)
            let text = filler + "@alice_bsky #日本語 tail " + filler
            let spans = PatternDetector(rules: rules).spans(in: text)
            let mentionLength = name == "bluesky" ? 6 : 11  // `@alice` stops at `_` under bluesky
            for (offset, length) in [(filler.utf8.count + 3, mentionLength), (filler.utf8.count + 16, 10)] {
                let source = CountingSource(text)
                var asked = 0
                let caret = CaretPosition(utf8: offset, utf16: TextOffsets.utf16Offsets([offset], in: text)[0])
                let token = try CaretToken.at(caret, in: source, rules: rules) { range in
                    asked += range.count
                    return spans.filter { $0.utf8Range.overlaps(range) }
                }
                #expect(token?.utf8Range.count == length, "\(name) \(String(describing: token))")
                #expect(token == (try CaretToken.at(utf8Offset: offset, in: text, rules: rules, spans: spans)))
                // Each grammar walks the token (at most three grammars), plus the start rule's look-behind.
                #expect(source.bytesRead <= 4 * length + 16, "\(name) size \(size): \(source.bytesRead) bytes read")
                #expect(asked <= length, "\(name): span look-up over \(asked) bytes")
            }
        }
    }
}
