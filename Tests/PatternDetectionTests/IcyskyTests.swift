import Foundation
import TestSupport
import RegexEngine
import Testing
@testable import PatternDetection

/// `icysky`: the seed's expressions, on fixtures with emoji, ZWJ sequences, CJK, combining marks,
/// and on ill-formed UTF-8.
@Suite("icysky rules")
struct IcyskyTests {
    struct FixtureFile: Decodable {
        struct Case: Decodable, CustomTestStringConvertible {
            struct ExpectedSpan: Decodable {
                let kind: String
                let text: String
                let utf8: [Int]
            }
            let name: String
            let input: String
            let spans: [ExpectedSpan]
            var testDescription: String { name }
        }
        let cases: [Case]
    }

    static let cases: [FixtureFile.Case] = {
        let url = TestPaths.fixtures.appendingPathComponent("icysky/cases.json")
        guard let data = try? Data(contentsOf: url),
            let file = try? JSONDecoder().decode(FixtureFile.self, from: data)
        else { return [] }
        return file.cases
    }()

    @Test func fixturesLoaded() {
        #expect(Self.cases.count >= 20)
    }

    @Test(arguments: cases)
    func fixture(_ fixture: FixtureFile.Case) throws {
        let spans = PatternDetector(rules: IcyskyRules.shared).spans(in: fixture.input)
        let bytes = Array(fixture.input.utf8)
        #expect(spans.map(\.kind.rawValue) == fixture.spans.map(\.kind))
        #expect(spans.map { [$0.utf8Range.lowerBound, $0.utf8Range.upperBound] } == fixture.spans.map(\.utf8))
        for expected in fixture.spans {
            #expect(String(decoding: bytes[expected.utf8[0]..<expected.utf8[1]], as: UTF8.self) == expected.text)
        }
    }

    @Test func illFormedBytesAreBoundariesAndOffsetsStayInTheOriginalBytes() throws {
        let detector = PatternDetector(rules: IcyskyRules.shared)
        // "#ok" 0xFF "@bob #a" E2 82 (truncated €) "#b"
        let bytes: [UInt8] = Array("#ok".utf8) + [0xFF] + Array("@bob #a".utf8) + [0xE2, 0x82] + Array("#b".utf8)
        let spans = detector.spans(inUTF8: bytes)
        #expect(spans == [
            Span(kind: .hashtag, utf8Range: 0..<3),
            Span(kind: .mention, utf8Range: 4..<8),
            Span(kind: .hashtag, utf8Range: 9..<11),
            Span(kind: .hashtag, utf8Range: 13..<15),
        ])
        // The last ill-formed part ends the text for its run: a bare `@` before it is "at the end".
        let typing = detector.spans(inUTF8: Array("x @".utf8) + [0xC3])
        #expect(typing == [Span(kind: .mention, utf8Range: 2..<3)])
        // Any collection of bytes, offsets from its first: Data, a slice, bytes not contiguous in memory.
        #expect(detector.spans(inUTF8: Data(bytes)) == spans)
        #expect(detector.spans(inUTF8: ([0x20] + bytes)[1...]) == spans)
        #expect(detector.spans(inUTF8: bytes.lazy.map { $0 }) == spans)
    }

    @Test func classificationIsByFirstCharacter() throws {
        let spans = PatternDetector(rules: IcyskyRules.shared).spans(in: "#a @b http://c.d")
        #expect(spans.map(\.kind) == [.hashtag, .mention, .url])
    }

    @Test func separatorsAreExactlyPCRE2Whitespace() throws {
        // The separator predicate must agree with what `\s` (UCP) matches, scalar by scalar, in
        // this build's engine (without PCRE2, `\s` spelled out as PCRE2 reads it).
        let space = try CompiledPattern(#"\s"#, options: .pcre2Classes)
        var scalars: [Unicode.Scalar] = []
        for value in UInt32(0)...0xFFFF { if let scalar = Unicode.Scalar(value) { scalars.append(scalar) } }
        scalars += [Unicode.Scalar(0xFEFF)!, Unicode.Scalar(0x1F600)!, Unicode.Scalar(0xE0020)!]
        for scalar in scalars {
            let matched = withUTF8Bytes(of: String(scalar)) { bytes in
                space.matches(in: bytes) == [0..<bytes.count]
            }
            #expect(IcyskyRules.shared.isSeparator(scalar) == matched, "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test func localityContractHoldsOnRandomPosts() throws {
        var generator = SplitMix64(seed: 99)
        let pieces = ["#", "@", "a", "bob", ".", "-", " ", "\n", "\u{3000}", "https://", "x.com", "/", "é", "😀", "\u{200D}", "東京", "_", "1"]
        for _ in 0..<500 {
            let text = (0..<Int(generator.next() % 16)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let full = PatternDetector(rules: IcyskyRules.shared).spans(in: text)
            let perWord = try LocalityCheck.spansWordByWord(IcyskyRules.shared, text: text)
            #expect(full == perWord, "text: \(text.debugDescription)")
        }
    }
}

/// Scans a text one separator-free word at a time, each with only its bordering separators as
/// context — the way the incremental tokenizer calls a rule set — and merges the results.
enum LocalityCheck {
    static func spansWordByWord(_ rules: any RuleSet, text: String) throws -> [Span] {
        let bytes = Array(text.utf8)
        // Scalar boundaries and which scalars are separators.
        var scalars: [(range: Range<Int>, isSeparator: Bool)] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            let length = String(scalar).utf8.count
            scalars.append((offset..<offset + length, rules.isSeparator(scalar)))
            offset += length
        }
        var spans: [Span] = []
        var index = 0
        while index < scalars.count {
            if scalars[index].isSeparator { index += 1; continue }
            var end = index
            while end < scalars.count, !scalars[end].isSeparator { end += 1 }
            let word = scalars[index].range.lowerBound..<(end < scalars.count ? scalars[end].range.lowerBound : bytes.count)
            let sliceStart = index > 0 ? scalars[index - 1].range.lowerBound : 0
            let sliceEnd = end < scalars.count ? scalars[end].range.upperBound : bytes.count
            let slice = Array(bytes[sliceStart..<sliceEnd])
            let found = slice.withUnsafeBufferPointer { buffer in
                rules.spans(in: buffer, startingIn: (word.lowerBound - sliceStart)..<(word.upperBound - sliceStart))
            }
            spans += found.map { $0.shifted(by: sliceStart) }
            index = end
        }
        return spans
    }
}
