import ComposerCore
import Testing

@testable import ComposerPosts

/// The cuts at white space, read by scalars, against the definition read by Swift's clusters: one
/// cut per maximal run of `Character`s made only of cut spaces, with its line breaks.
@Suite("Thread splitting: cuts at white space")
struct ThreadWhiteSpaceCutTests {
    /// The runs of `Character`s of `text` made only of cut spaces, with their line breaks (LF,
    /// CR, CR LF, VT, FF, U+2028 one each, U+2029 two): the definition, read cluster by cluster.
    static func clusterRuns(_ text: String) -> [(range: Range<Int>, lineBreaks: Int)] {
        var runs: [(range: Range<Int>, lineBreaks: Int)] = []
        var offset = 0
        var run: (start: Int, lineBreaks: Int)?
        for character in text {
            if character.unicodeScalars.allSatisfy(ThreadCut.isCutSpace) {
                let breaks: Int
                switch character {
                case "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{2028}": breaks = 1
                case "\u{2029}": breaks = 2
                default: breaks = 0
                }
                run = (run?.start ?? offset, (run?.lineBreaks ?? 0) + breaks)
            } else if let open = run {
                runs.append((open.start..<offset, open.lineBreaks))
                run = nil
            }
            offset += character.utf8.count
        }
        if let open = run { runs.append((open.start..<offset, open.lineBreaks)) }
        return runs
    }

    /// Scalars that join white space, or that white space joins, or that do neither.
    static let pieces: [String] = [
        " ", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{2028}", "\u{2029}", "\u{3000}", "\u{2003}",
        "\u{85}", "\u{A0}", "\u{202F}",  // white space no cut is made at
        "\u{301}", "\u{200D}", "\u{903}", "\u{FE0F}",  // Extend, ZWJ, SpacingMark, a variation selector
        "\u{600}", "\u{110BD}", "\u{D4D}",  // Prepend
        "a", ".", "é", "日", "😀", "🇺", "\u{1100}", "\u{1161}", "\u{915}", "\u{94D}",
    ]

    @Test("Runs read by scalars are the runs read by clusters, line breaks and ranks included")
    func scalarRunsAreClusterRuns() throws {
        var random = SplitMix64(seed: 34)
        for _ in 0..<4_000 {
            var text = "x"
            for _ in 0..<(1 + Int(random.next() % 12)) { text += Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }
            text += random.next() % 2 == 0 ? "y" : ""
            let cuts = ThreadCut.whiteSpaceCuts(in: text)
            let runs = Self.clusterRuns(text)
            let inner = runs.filter { $0.range.lowerBound > 0 && $0.range.upperBound < text.utf8.count }
            let trailing = runs.last.flatMap { $0.range.upperBound == text.utf8.count ? $0.range : nil }
            #expect(cuts.first?.dropped == 0..<0, "\(text.unicodeScalars.map(\.value))")
            #expect(cuts.last?.dropped == trailing ?? text.utf8.count..<text.utf8.count, "\(text.unicodeScalars.map(\.value))")
            #expect(cuts.dropFirst().dropLast().map(\.dropped) == inner.map(\.range), "\(text.unicodeScalars.map(\.value))")
            let ranks = withUTF8Bytes(of: text) { bytes in
                inner.map { run -> ThreadCut.Rank in
                    if run.lineBreaks >= 2 { return .paragraph }
                    if ThreadCut.endsSentence(bytes, at: run.range.lowerBound, fullWidthOnly: false) { return .sentence }
                    return run.lineBreaks == 1 ? .line : .space
                }
            }
            #expect(cuts.dropFirst().dropLast().map(\.rank) == ranks, "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test("Leading white space is the first cut; a space a mark follows is no white space")
    func edges() {
        let cuts = ThreadCut.whiteSpaceCuts(in: " \r\n a b \u{301}c\u{600} d\t\u{2029}e ")
        #expect(cuts.map(\.dropped) == [0..<4, 5..<6, 15..<19, 20..<21])
        #expect(cuts.map(\.rank) == [.paragraph, .space, .paragraph, .paragraph])
    }
}
