import PatternDetection
import Testing

@testable import ComposerPosts

/// The twitter walk's shortcuts over ASCII and wide text: runs weighed at once, and the emoji
/// search skipping ASCII runs, give what a walk unit by unit gives.
@Suite("Twitter tally over ASCII and wide runs")
struct TwitterTallyTests {
    /// `version3` with its first range split in two and a range of the default weight over half
    /// of U+3000-EFFF, so neither ASCII nor that block has a single weight and every unit is
    /// weighed on its own (the walk without the run shortcuts), with the same weights.
    private static let unitByUnit: TwitterWeighting = {
        var weighting = TwitterWeighting.version3
        weighting.ranges = [
            .init(range: 0x0000...0x003F, weight: 100), .init(range: 0x0040...0x10FF, weight: 100),
        ] + weighting.ranges.dropFirst() + [.init(range: 0x3000...0x7FFF, weight: weighting.defaultWeight)]
        return weighting
    }()

    @Test func theUnitByUnitWeightingHasNoUniformWeight() {
        #expect(Self.unitByUnit.uniformASCIIWeight == nil)
        #expect(Self.unitByUnit.uniformWideWeight == nil)
        #expect(TwitterWeighting.version3.uniformASCIIWeight == 100)
        #expect(TwitterWeighting.version3.uniformWideWeight == 200)
        #expect(TwitterWeighting.version1.uniformASCIIWeight == 1)
        #expect(TwitterWeighting.version1.uniformWideWeight == 1)
    }

    /// Random posts from ASCII words, kana, kanji, Hangul and private use (the wide block) and
    /// the scalars around it, URLs, keycaps, emoji, astral and invalid units, long enough that the
    /// limit falls inside ASCII runs, wide runs, URLs and emoji alike (a fixed seed).
    @Test(arguments: [TwitterWeighting.version3, .version2])
    func runsWeighAsUnitByUnit(weighting: TwitterWeighting) {
        var unitByUnit = Self.unitByUnit
        unitByUnit.emojiParsingEnabled = weighting.emojiParsingEnabled
        var generator = SplitMix64(seed: 280)
        let pieces = [
            "a", "word ", "abcdefghijklmnopq ", "https://example.com/a?b=c ", "t.co/x ", "1\u{FE0F}\u{20E3}", "#\u{20E3}",
            "7", "👍🏽", "é", "中", "𝒳", "\u{FFFE}", "\n", "e\u{301}",
            "日本語のテキストです", "、", "한국어", "\u{E000}", "\u{EFFF}", "\u{2FFF}", "\u{F000}", "\u{FEFF}", "\u{3030}",
            "\u{3297}", "カ\u{3099}",
        ]
        for _ in 0..<3_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...60, using: &generator) { text += pieces.randomElement(using: &generator)! }
            let (fast, slow) = withUTF8Bytes(of: text) { bytes in
                (
                    TwitterLength.parse(bytes, range: 0..<bytes.count, urls: nil, weighting: weighting).parse,
                    TwitterLength.parse(bytes, range: 0..<bytes.count, urls: nil, weighting: unitByUnit).parse
                )
            }
            if fast != slow {
                Issue.record("\(text.debugDescription): \(fast) unit by unit \(slow)")
                return
            }
        }
    }

    /// The emoji search skips ASCII runs but their last byte: no sequence starts at an ASCII byte
    /// that another ASCII byte follows, or that ends the text.
    @Test func noEmojiSequenceStartsAtASCIIBeforeASCII() {
        for first in UInt8(0)..<0x80 {
            #expect([first].withUnsafeBufferPointer { EmojiTrie.match(in: $0, at: 0) } == nil, "\(first)")
            for second in UInt8(0)..<0x80 {
                #expect([first, second].withUnsafeBufferPointer { EmojiTrie.match(in: $0, at: 0) } == nil, "\(first) \(second)")
            }
        }
        let keycap = Array("9\u{FE0F}\u{20E3}".utf8)
        #expect(keycap.withUnsafeBufferPointer { EmojiTrie.match(in: $0, at: 0) } == keycap.count)
    }

    /// Keycaps after ASCII runs of every length are found (the run's last byte is looked at).
    @Test func keycapsAfterASCIIRunsAreFound() {
        for run in 0..<20 {
            let text = String(repeating: "x", count: run) + "12\u{20E3}#\u{FE0F}\u{20E3}"
            let found = Array(text.utf8).withUnsafeBufferPointer { bytes in
                EmojiTrie.sequences(in: bytes, range: 0..<bytes.count)
            }
            #expect(found == [run + 1..<run + 5, run + 5..<run + 12], "\(run)")
        }
    }

    /// The trie's quick rejection from a scalar's first two bytes never rejects the first scalar
    /// of a sequence.
    @Test func everySequenceStartIsLetThrough() {
        let root = Int(EmojiTrie.nodeFirstEdge[0])..<Int(EmojiTrie.nodeFirstEdge[0]) + Int(EmojiTrie.nodeEdgeCount[0])
        #expect(root.count > 1_000)
        for edge in root {
            let utf8 = Array(String(Character(Unicode.Scalar(EmojiTrie.edgeScalars[edge])!)).utf8)
            #expect(EmojiTrie.mayStart(lead: utf8[0], next: utf8.count > 1 ? utf8[1] : 0), "U+\(String(EmojiTrie.edgeScalars[edge], radix: 16))")
        }
        #expect(!EmojiTrie.mayStart(lead: 0xE6, next: 0x9D), "東 starts nothing")
        #expect(!EmojiTrie.mayStart(lead: 0xE3, next: 0x81), "あ starts nothing")
        #expect(!EmojiTrie.mayStart(lead: 0xF0, next: 0x90), "U+10000 starts nothing")
    }
}
