import Testing
@testable import PatternDetection

/// A source that stores its bytes in small chunks and implements only the four required members,
/// like a rope would at first: the defaults and the tokenizer must work through it.
struct ChunkedTextSource: UTF8TextSource {
    var chunks: [[UInt8]]
    init(_ bytes: [UInt8], chunk: Int) {
        chunks = stride(from: 0, to: bytes.count, by: chunk).map { Array(bytes[$0..<min($0 + chunk, bytes.count)]) }
        self.chunk = chunk
        utf8Count = bytes.count
    }
    let chunk: Int
    let utf8Count: Int
    func byte(_ offset: Int) -> UInt8 { chunks[offset / chunk][offset % chunk] }
    func scalar(startingAt utf8Offset: Int) -> Unicode.Scalar {
        UTF8Scalar.scalar(startingAt: utf8Offset, count: utf8Count, byte: byte)
    }
    func scalar(endingAt utf8Offset: Int) -> Unicode.Scalar {
        UTF8Scalar.scalar(endingAt: utf8Offset, count: utf8Count, byte: byte)
    }
    func copyUTF8(_ utf8Range: Range<Int>, into destination: UnsafeMutableBufferPointer<UInt8>) {
        for offset in utf8Range { destination[offset - utf8Range.lowerBound] = byte(offset) }
    }
}

@Suite("Incremental: text sources")
struct IncrementalTextSourceTests {
    static let text = Array("a😀 b\u{3000}é\n東x  #y\u{200D}z".utf8)

    @Test func defaultsAgreeWithTheArrayConformance() {
        let source = ChunkedTextSource(Self.text, chunk: 3)
        let bytes = Self.text
        let isSeparator = UnicodeWhitespace.isPCRE2Space
        for offset in 0...bytes.count {
            #expect(source.isScalarBoundary(offset) == bytes.isScalarBoundary(offset), "offset \(offset)")
            guard bytes.isBoundary(offset) else { continue }
            #expect(source.precedingSeparator(endingAt: offset, where: isSeparator)
                == bytes.precedingSeparator(endingAt: offset, where: isSeparator))
            #expect(source.followingSeparator(startingAt: offset, where: isSeparator)
                == bytes.followingSeparator(startingAt: offset, where: isSeparator))
            if offset < bytes.count { #expect(source.scalar(startingAt: offset) == bytes.scalar(startingAt: offset)) }
            if offset > 0 { #expect(source.scalar(endingAt: offset) == bytes.scalar(endingAt: offset)) }
        }
        #expect(bytes.precedingSeparator(endingAt: 7, where: isSeparator) == 5..<6)  // the space before "b"
        #expect(bytes.followingSeparator(startingAt: 7, where: isSeparator) == 7..<10)  // U+3000 after it
        #expect(bytes.precedingSeparator(endingAt: 5, where: isSeparator) == nil)
    }

    /// The gap buffer walks its own bytes to find separators; with the gap anywhere it finds what
    /// the scalar-by-scalar defaults find on a plain array.
    @Test func theGapBuffersSeparatorWalksAgreeWithTheDefaults() {
        let text = String(decoding: Self.text, as: UTF8.self)
        let bytes = Self.text
        let separators = SeparatorTable(isSeparator: UnicodeWhitespace.isPCRE2Space)
        for gap in 0...bytes.count where bytes.isBoundary(gap) {
            var buffer = UTF8GapBuffer(text)
            // Moves the gap there without changing the text.
            buffer.replace(gap..<gap, with: "")
            for offset in 0...bytes.count where bytes.isBoundary(offset) {
                #expect(buffer.precedingSeparator(endingAt: offset, where: separators.isSeparator)
                    == bytes.precedingSeparator(endingAt: offset, where: UnicodeWhitespace.isPCRE2Space), "gap \(gap) offset \(offset)")
                #expect(buffer.followingSeparator(startingAt: offset, where: separators.isSeparator)
                    == bytes.followingSeparator(startingAt: offset, where: UnicodeWhitespace.isPCRE2Space), "gap \(gap) offset \(offset)")
            }
        }
    }

    @Test func theTokenizerWorksOnANonContiguousSource() throws {
        let rules = IcyskyRules.shared
        var text = Array("see #a and @b.c then https://x.y/z ok".utf8)
        let tokenizer = IncrementalTokenizer(rules: rules)
        tokenizer.reset(ChunkedTextSource(text, chunk: 5))
        var random = SplitMix64(seed: 99)
        for step in 0..<300 {
            let insertion = ["#", "@", " ", "x", "é", "😀", "://", ""][Int(random.next() % 8)]
            let start = text.boundary(atOrBefore: Int(random.next() % UInt64(text.count + 1)))
            let end = text.boundary(atOrBefore: min(text.count, start + Int(random.next() % 4)))
            text.replaceSubrange(start..<end, with: Array(insertion.utf8))
            let edit = TextEdit(replacing: start..<end, insertedUTF8Count: insertion.utf8.count)
            _ = tokenizer.apply(edit, to: ChunkedTextSource(text, chunk: 1 + step % 7))
            #expect(tokenizer.spans == fullScan(rules, text), "step \(step)")
        }
    }

    @Test func resetScansInChunksCutAtSeparators() throws {
        let text = Array(String(repeating: "#tag @who https://a.b/c :x: !y\n", count: 200).utf8)
        for rules in IncrementalRuleSets.all.map(\.rules) {
            let tokenizer = IncrementalTokenizer(rules: rules)
            for chunk in [1, 7, 64, 1 << 16] {
                tokenizer.resetChunkUTF8Count = chunk
                tokenizer.reset(text)
                #expect(tokenizer.spans == fullScan(rules, text), "\(rules.name) chunk \(chunk)")
            }
        }
    }
}
