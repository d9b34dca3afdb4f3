@testable import PatternDetection
import Testing

@Suite("Streaming scans")
struct SpanStreamTests {
    static let pieceSizes: [[Int]] = [[1], [2, 3, 5], [7, 1, 64], [4096], []]

    func expectStreamingAgrees(_ rules: any RuleSet, _ bytes: [UInt8], _ label: String) throws {
        // A rule set that hands out spans as it finds them also with pieces of two spans.
        let spansPerPiece = rules is any SpanEnumerating ? [4096, 2] : [4096]
        for sizes in Self.pieceSizes {
            for vouching in [false, true] {
                for limit in spansPerPiece {
                    for taking in [false, true] {
                        let violation = bytes.withUnsafeBufferPointer { buffer in
                            SpanInvariants.streamingViolation(
                                rules: rules, bytes: buffer, pieceSizes: sizes, vouching: vouching, spansPerPiece: limit,
                                taking: taking)
                        }
                        #expect(
                            violation == nil,
                            "\(rules.name), \(label), pieces \(sizes), vouching \(vouching), \(limit) spans per piece, taking \(taking): \(violation ?? "")")
                    }
                }
            }
        }
    }

    @Test("Streamed spans equal the whole scan", arguments: BuiltInRules.allCases)
    func streamedEqualsWhole(_ builtIn: BuiltInRules) throws {
        let base = RuleSetCases.rules(builtIn)
        var random = SplitMix64(seed: 11)
        for rules in [base, try RuleSetCases.custom(over: base)] {
            try expectStreamingAgrees(rules, PostCorpus.posts(byteCount: 3000, seed: 3), "posts")
            for index in 0..<20 {
                let post = Array(PostCorpus.post(wordCount: 20, using: &random).utf8)
                try expectStreamingAgrees(rules, PostCorpus.broken(post, using: &random), "broken post \(index)")
                try expectStreamingAgrees(rules, PostCorpus.randomBytes(count: 300, using: &random), "random \(index)")
            }
        }
    }

    /// A rule set that returns its spans in one array (not ``SpanEnumerating``): its chunks are
    /// shifted and gathered as the stream's own path does it.
    @Test func arrayReturningRuleSetsStreamToo() throws {
        var random = SplitMix64(seed: 12)
        let rules = ShortcodeTestRules.shared
        try expectStreamingAgrees(rules, Array(":ab: >q !x\n:cd:  :e_f: >r\n!y".utf8), "shortcodes")
        for index in 0..<10 {
            let post = Array((PostCorpus.post(wordCount: 20, using: &random) + " :ok: !go").utf8)
            try expectStreamingAgrees(rules, PostCorpus.broken(post, using: &random), "broken post \(index)")
        }
    }

    /// Bytes handed over in blocks (how a long jsonl post and a parallel segment reach the stream)
    /// give the bytes and spans one append gives, with blocks that cut scalars when the bytes are
    /// not vouched for and blocks that step back to a scalar boundary when they are.
    @Test func bytesInBlocksStreamAsOneAppend() throws {
        var random = SplitMix64(seed: 13)
        func streamed(_ bytes: [UInt8], blockBytes: Int?, wellFormed: Bool) -> (bytes: [UInt8], spans: [Span]) {
            let stream = SpanStream(rules: BlueskyRules.shared)
            var out: [UInt8] = []
            var spans: [Span] = []
            let emit = { (chunk: StreamChunk) in
                out += chunk.bytes
                spans += chunk.spans.map { span in
                    Span(kind: span.kind, utf8Range: span.utf8Range.lowerBound + chunk.streamOffset..<span.utf8Range.upperBound + chunk.streamOffset)
                }
            }
            bytes.withUnsafeBufferPointer { bytes in
                if let blockBytes {
                    stream.append(bytes, inBlocksOf: blockBytes, knownWellFormed: wellFormed, emit: emit)
                } else {
                    stream.append(bytes, emit: emit)
                }
            }
            stream.finish(emit: emit)
            return (out, spans)
        }
        let text = Array((0..<30).map { _ in PostCorpus.post(wordCount: 12, using: &random) }.joined(separator: " 東京 ").utf8)
        for (bytes, wellFormed) in [(text, true), (text, false), (PostCorpus.broken(text, using: &random), false)] {
            let whole = streamed(bytes, blockBytes: nil, wellFormed: wellFormed)
            #expect(whole.bytes == bytes)
            for blockBytes in [4, 5, 7, 64, 4096] {
                let blocked = streamed(bytes, blockBytes: blockBytes, wellFormed: wellFormed)
                #expect(blocked.bytes == whole.bytes, "blocks of \(blockBytes), well-formed \(wellFormed)")
                #expect(blocked.spans == whole.spans, "blocks of \(blockBytes), well-formed \(wellFormed)")
            }
        }
    }

    @Test func splitSequencesWaitForTheirEnd() throws {
        let stream = SpanStream(rules: IcyskyRules.shared)
        var chunks: [[UInt8]] = []
        let text = Array("a #東京 b".utf8)
        for byte in text {
            [byte].withUnsafeBufferPointer { piece in
                stream.append(piece) { chunks.append(Array($0.bytes)) }
            }
        }
        stream.finish { chunks.append(Array($0.bytes)) }
        #expect(chunks == [Array("a ".utf8), Array("#東京 ".utf8), Array("b".utf8)])
    }

    @Test func aLineIsEmittedWhenItsBreakArrives() throws {
        let stream = SpanStream(rules: IcyskyRules.shared)
        var emitted: [String] = []
        for line in ["hi @bob", " and #tag\n", "next"] {
            var bytes = Array(line.utf8)
            bytes.withUnsafeMutableBufferPointer { piece in
                stream.append(UnsafeBufferPointer(piece)) { chunk in
                    emitted.append(String(decoding: chunk.bytes, as: UTF8.self) + "|" + chunk.spans.map(\.description).joined(separator: ","))
                }
            }
        }
        #expect(emitted == ["hi |", "@bob and #tag\n|mention[0,4),hashtag[9,13)"])
    }

    @Test func aLongWordGrowsTheBufferUntilACutArrives() throws {
        let stream = SpanStream(rules: IcyskyRules.shared)
        var sizes: [Int] = []
        let word = [UInt8](repeating: UInt8(ascii: "a"), count: 10_000)
        for piece in [word, [0xFF], word, Array(" ".utf8)] {
            piece.withUnsafeBufferPointer { buffer in
                stream.append(buffer) { sizes.append($0.bytes.count) }
            }
        }
        // The ill-formed byte ends the first word's text, so everything up to it is emitted at once.
        #expect(sizes == [10_001, 10_001])
    }

    @Test func valuesComeFromTheTextTheSpanWasFoundIn() throws {
        let rules = try RuleSetCases.custom(over: IcyskyRules.shared)
        let stream = SpanStream(rules: rules)
        var values: [String] = []
        let text: [UInt8] = Array("x @a.b \u{FF}".utf8) + [0xFF] + Array(" AB-1 https://s.org".utf8)
        text.withUnsafeBufferPointer { buffer in
            stream.append(buffer) { chunk in values += chunk.spans.map { chunk.value(of: $0) } }
            stream.finish { chunk in values += chunk.spans.map { chunk.value(of: $0) } }
        }
        #expect(values == ["x", "@a.b", "AB-1", "https://s.org"])  // "x": the greedy custom pattern
    }

    /// A rule set that hands out its spans as it finds them (icysky, custom patterns) has a word
    /// with more spans than a piece holds emitted in pieces, cut right after a span while the word
    /// is scanned: none holds more than `spansPerPiece` spans, and together they are the whole scan,
    /// byte for byte and span for span, well-formedness and values included.
    @Test("A word with many spans goes out in pieces", arguments: ["icysky", "custom"])
    func aWordWithManySpansGoesOutInPieces(_ name: String) throws {
        let rules: any RuleSet = name == "icysky"
            ? IcyskyRules.shared : try CustomRuleSet(patterns: [CustomPattern(name: "letter", expression: "[a-z]")], over: nil)
        let bytes = Array("x ".utf8) + Array(String(repeating: "#ab", count: 5000).utf8) + [0xFF]
            + Array(String(repeating: "#c", count: 5000).utf8) + Array(" y #d".utf8)
        try expectStreamingAgrees(rules, bytes, "a chain of tags")
        let stream = SpanStream(rules: rules)
        var spanCounts: [Int] = []
        var values: Set<String> = []
        bytes.withUnsafeBufferPointer { buffer in
            let collect = { (chunk: StreamChunk) in
                spanCounts.append(chunk.spans.count)
                for span in chunk.spans { values.insert(chunk.value(of: span)) }
            }
            stream.append(buffer, emit: collect)
            stream.finish(emit: collect)
        }
        #expect(spanCounts.allSatisfy { $0 <= SpanStream(rules: rules).spansPerPiece }, "\(spanCounts)")
        #expect(spanCounts.count >= 4, "\(spanCounts)")
        #expect(values == (name == "icysky" ? ["#ab", "#c", "#d"] : ["a", "b", "c", "d", "x", "y"]))

        // A piece that fills up right at the end of the input is the last: no empty chunk follows.
        let exact = Array(String(repeating: name == "icysky" ? "#a" : "a", count: 2 * SpanStream(rules: rules).spansPerPiece).utf8)
        var chunkSizes: [Int] = []
        exact.withUnsafeBufferPointer { buffer in
            stream.append(buffer) { chunkSizes.append($0.bytes.count) }
            stream.finish { chunkSizes.append($0.bytes.count) }
        }
        #expect(chunkSizes.count == 2 && !chunkSizes.contains(0), "\(chunkSizes)")
    }

    /// A 3 MB stream in 64 KiB pieces never holds more than the tail after the last separator.
    @Test func memoryStaysBoundedOnALongStream() throws {
        let stream = SpanStream(rules: try RuleSetCases.custom(over: IcyskyRules.shared))
        let posts = PostCorpus.posts(byteCount: 1 << 16, seed: 5)
        var largestBuffer = 0
        var emitted = 0
        for _ in 0..<48 {
            posts.withUnsafeBufferPointer { buffer in
                stream.append(buffer) { emitted += $0.bytes.count }
            }
            largestBuffer = max(largestBuffer, stream.buffer.count)
        }
        stream.finish { emitted += $0.bytes.count }
        #expect(emitted == posts.count * 48)
        #expect(largestBuffer < 1 << 12)
    }
}
