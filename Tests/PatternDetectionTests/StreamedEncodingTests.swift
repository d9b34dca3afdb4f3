import Foundation
import Testing
@testable import PatternDetection

/// The encoders' streamed path (chunks of a ``SpanStream``, values as bytes of the text, offsets
/// counted chunk by chunk) writes exactly what the whole-document path writes (one piece, values
/// through `RuleSet.value(of:in:)`), byte for byte, wherever the stream is cut.
@Suite("Streamed encodings")
struct StreamedEncodingTests {
    /// Append sizes: single bytes (every cut inside sequences and words), odd sizes, blocks, and
    /// the whole input at once.
    static let pieceSizes: [[Int]] = [[1], [2, 3, 5], [7, 1, 64], [4096], []]

    /// Posts, posts with ill-formed bytes, random bytes, and words longer than the pieces (links,
    /// tag chains, joiner chains), so chunks are cut inside long words and next to ill-formed bytes.
    static func inputs() -> [(label: String, bytes: [UInt8])] {
        var random = SplitMix64(seed: 21)
        let posts = PostCorpus.posts(byteCount: 3000, seed: 5)
        var long: [UInt8] = []
        for shape: HostileCorpus.Shape in [.hashtagChain, .enormousURL, .zwjChain, .mixedPunctuation, .mentionChain] {
            long += shape.bytes(count: 1500) + Array(" ".utf8)
        }
        return [
            ("posts", posts),
            ("broken posts", PostCorpus.broken(posts, using: &random)),
            ("random bytes", PostCorpus.randomBytes(count: 2000, using: &random)),
            ("long words", long + [0xE2, 0x82] + long.prefix(700)),
            ("escapes", Array("\"q\" #a\\b @x.y\u{01} https://e.com/\"<'>&\u{7F} $AB #e\u{301} x\u{2028}y ＃t".utf8)),
            // Spans whose text holds bytes the block check stops at: escapes, and E2 leads of
            // scalars that need none (ℂ, —, …) or do (U+2028), each with more text after it.
            ("escapes in spans", Array(
                ("#ℂx @a.bsky.social https://e.com/a\\b\"c https://e.com/a\u{2028}b #a—b $ab https://x.co/… "
                    + "#ℂℂℂℂℂℂℂℂℂℂℂℂ https://e.com/\\\\\\\\\\\\\\\\\\\\\"\"\"\"x #tag https://e.com/"
                    + String(repeating: "a", count: 150) + "\"b\\c #tag " + String(repeating: "a ", count: 100)).utf8)),
            // A record longer than an output block: written in parts.
            ("enormous link", Array("#see https://e.com/".utf8) + (0..<2000).flatMap { _ in Array("a\"b\\é\u{01}😀".utf8) } + [0x20]),
        ]
    }

    enum Format: CaseIterable { case json, facets, html }

    /// `format`'s output for `bytes` streamed in pieces of `sizes`.
    static func streamed(_ format: Format, rules: any RuleSet, bytes: [UInt8], sizes: [Int]) throws -> [UInt8] {
        let stream = SpanStream(rules: rules)
        var json = SpanJSONEncoder()
        var facets = FacetJSONEncoder()
        let html = HTMLEncoder(kinds: PatternKind.builtIn + rules.kinds)
        var output: [UInt8] = []
        switch format {
        case .json: json.beginDocument(into: &output)
        case .facets: facets.beginDocument(into: &output)
        case .html: break
        }
        let emit = { (chunk: StreamChunk) in
            switch format {
            case .json: json.encode(chunk, into: &output)
            case .facets: facets.encode(chunk, into: &output)
            case .html: html.encode(chunk, into: &output)
            }
        }
        var offset = 0, piece = 0
        bytes.withUnsafeBufferPointer { buffer in
            while offset < buffer.count {
                let end = min(buffer.count, offset + (sizes.isEmpty ? buffer.count : sizes[piece % sizes.count]))
                stream.append(UnsafeBufferPointer(rebasing: buffer[offset..<end]), emit: emit)
                offset = end
                piece += 1
            }
        }
        stream.finish(emit: emit)
        switch format {
        case .json: json.endDocument(into: &output)
        case .facets: facets.endDocument(into: &output)
        case .html: break
        }
        return output
    }

    /// `format`'s output for `bytes` as one piece, through the public, `String`-valued path.
    static func whole(_ format: Format, rules: any RuleSet, bytes: [UInt8]) throws -> [UInt8] {
        let spans = PatternDetector(rules: rules).spans(inUTF8: bytes)
        var output: [UInt8] = []
        bytes.withUnsafeBufferPointer { buffer in
            let value = { (span: Span) in rules.value(of: span, in: buffer) }
            switch format {
            case .json:
                var encoder = SpanJSONEncoder()
                encoder.beginDocument(into: &output)
                encoder.encode(buffer, spans: spans, value: value, into: &output)
                encoder.endDocument(into: &output)
            case .facets:
                output = Array(BlueskyFacet.documentJSON(BlueskyFacet.facets(for: spans, in: buffer, rules: rules)).utf8)
            case .html:
                HTMLEncoder(kinds: PatternKind.builtIn + rules.kinds).encode(buffer, spans: spans, value: value, into: &output)
            }
        }
        return output
    }

    @Test("Streamed output equals the whole document's", arguments: BuiltInRules.allCases)
    func streamedEqualsWhole(_ builtIn: BuiltInRules) throws {
        let base = RuleSetCases.rules(builtIn)
        for rules in [base, try RuleSetCases.custom(over: base)] {
            for (label, bytes) in Self.inputs() {
                for format in Format.allCases {
                    let expected = try Self.whole(format, rules: rules, bytes: bytes)
                    for sizes in Self.pieceSizes {
                        let streamed = try Self.streamed(format, rules: rules, bytes: bytes, sizes: sizes)
                        let equal = streamed == expected  // outside #expect: large arrays describe slowly
                        #expect(equal, "\(rules.name) \(format) \(label) pieces \(sizes)")
                    }
                }
            }
        }
    }

    /// The JSON checked against independent oracles: Foundation's parser, Swift's repairing
    /// decoder for text and offsets (one U+FFFD per maximal ill-formed subsequence).
    @Test("JSON members match Swift's own views", arguments: BuiltInRules.allCases)
    func jsonMatchesSwiftViews(_ builtIn: BuiltInRules) throws {
        let rules = RuleSetCases.rules(builtIn)
        for (label, bytes) in Self.inputs() {
            let output = try Self.streamed(.json, rules: rules, bytes: bytes, sizes: [7, 1, 64])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(output)) as? [String: Any])
            let reports = try #require(object["spans"] as? [[String: Any]])
            let spans = PatternDetector(rules: rules).spans(inUTF8: bytes)
            #expect(reports.count == spans.count, "\(label)")
            var position = 0, utf16 = 0, scalars = 0
            func advance(to offset: Int) {
                let piece = String(decoding: bytes[position..<offset], as: UTF8.self)
                utf16 += piece.utf16.count
                scalars += piece.unicodeScalars.count
                position = offset
            }
            for (report, span) in zip(reports, spans) {
                let range = span.utf8Range
                advance(to: range.lowerBound)
                let start = (utf16, scalars)
                advance(to: range.upperBound)
                let value = bytes.withUnsafeBufferPointer { rules.value(of: span, in: $0) }
                #expect(report["kind"] as? String == span.kind.rawValue)
                #expect(report["text"] as? String == String(decoding: bytes[range], as: UTF8.self))
                #expect(report["value"] as? String == value, "\(label) \(span)")
                #expect(report["utf8"] as? [Int] == [range.lowerBound, range.upperBound])
                #expect(report["utf16"] as? [Int] == [start.0, utf16], "\(label) \(span)")
                #expect(report["scalars"] as? [Int] == [start.1, scalars], "\(label) \(span)")
            }
        }
    }

    /// A document continued just below 10^8 writes every offset as the base plus the offset in the
    /// piece: numbers on both sides of 10^8 (the common record writes its numbers without a size
    /// check only while every offset in the piece is below it).
    @Test("Offsets on both sides of 10^8", arguments: BuiltInRules.allCases)
    func offsetsAcross100Million(_ builtIn: BuiltInRules) throws {
        let rules = RuleSetCases.rules(builtIn)
        let bytes = Array("#tag @alice.bsky.social @bob@social.example $TSLA example.com 😀 #東京 #more https://a.example/b?c ".utf8)
        func records(at base: SpanJSONEncoder.Position) throws -> [[String: Any]] {
            var encoder = SpanJSONEncoder()
            encoder.position = base
            var output: [UInt8] = Array("[".utf8)
            let spans = PatternDetector(rules: rules).spans(inUTF8: bytes)
            bytes.withUnsafeBufferPointer { encoder.encode(StreamChunk(wholeText: $0, spans: spans, rules: rules), into: &output) }
            output += Array("]".utf8)
            return try #require(try JSONSerialization.jsonObject(with: Data(output)) as? [[String: Any]])
        }
        var base = SpanJSONEncoder.Position()
        (base.utf8, base.utf16, base.scalars) = (99_999_990, 99_999_980, 99_999_970)
        let near = try records(at: base), fromZero = try records(at: SpanJSONEncoder.Position())
        #expect(near.count == fromZero.count && near.count >= 4)
        for (moved, record) in zip(near, fromZero) {
            for (member, offset) in [("utf8", base.utf8), ("utf16", base.utf16), ("scalars", base.scalars)] {
                #expect(moved[member] as? [Int] == (record[member] as? [Int])?.map { $0 + offset }, "\(member) \(record)")
            }
        }
        #expect(near.contains { ($0["utf8"] as? [Int])?.first ?? 0 >= 100_000_000 })
    }

    /// A chunk knows whether it is well-formed; the JSON encoder counts offsets eight bytes at a
    /// time only then.
    @Test func chunksKnowWhetherTheyAreWellFormed() throws {
        let stream = SpanStream(rules: IcyskyRules.shared)
        var chunks: [(bytes: [UInt8], wellFormed: Bool)] = []
        let collect = { (chunk: StreamChunk) in chunks.append((Array(chunk.bytes), chunk.isWellFormed)) }
        let pieces: [[UInt8]] = [Array("a é ".utf8), [0xFF], Array("b ".utf8), [0xE6, 0x9D], [0xB1, 0x20, 0xC3], Array("c".utf8)]
        for piece in pieces {
            piece.withUnsafeBufferPointer { buffer in stream.append(buffer, emit: collect) }
        }
        stream.finish(emit: collect)
        #expect(chunks.map(\.bytes).joined().elementsEqual(pieces.joined()))
        for chunk in chunks {
            #expect(chunk.wellFormed == (String(validating: chunk.bytes, as: UTF8.self) != nil), "\(chunk.bytes)")
        }
        #expect(chunks.contains { !$0.wellFormed } && chunks.contains { $0.wellFormed })
    }
}
