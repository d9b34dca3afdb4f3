import PatternDetection
import Testing

@testable import ComposerPosts

/// The cluster count that skips Swift's walk between scalars that stand alone: every scalar it
/// says stands alone behaves so in Swift's own segmentation, and the count equals Swift's on
/// texts built to put islands at the edges, back to back and inside one another.
@Suite("Grapheme count")
struct GraphemeCountTests {
    private static func count(_ text: String) -> Int {
        Array(text.utf8).withUnsafeBufferPointer(GraphemeCount.count)
    }

    private static func clusterEnds(_ text: String) -> [Int] {
        var ends: [Int] = []
        Array(text.utf8).withUnsafeBufferPointer { bytes in
            GraphemeCount.forEachClusterEnd(in: bytes) { end in
                ends.append(end)
                return true
            }
        }
        return ends
    }

    /// The UTF-8 ends of `text`'s `Character`s.
    private static func swiftClusterEnds(_ text: String) -> [Int] {
        var end = 0
        return text.map { cluster in
            end += cluster.utf8.count
            return end
        }
    }

    /// Scalars of each Grapheme_Cluster_Break class that joins, and what they join with.
    private static let probes: [Unicode.Scalar] = [
        "\u{D}", "\u{A}", "\u{301}", "\u{200D}", "\u{FE0F}", "\u{1F3FB}", "\u{1F1FA}", "\u{1F1F8}", "\u{600}",
        "\u{903}", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}", "\u{AC01}", "\u{E0067}", "\u{94D}",
    ]

    /// Whether Swift puts `scalar` in one cluster with a neighbour: one before it (`a`, an L jamo)
    /// or one after it (`a`, itself, a V or T jamo, LF). These pairs tell every
    /// Grapheme_Cluster_Break value apart from Other, Control and LF.
    private static func joinsANeighbour(_ scalar: Unicode.Scalar) -> Bool {
        let alone = String(Character(scalar))
        return ["a" + alone, alone + "a", alone + alone, alone + "\u{1161}", alone + "\u{11A8}", "\u{1100}" + alone, alone + "\n"]
            .contains { $0.count != 2 }
    }

    @Test func everyScalarThatStandsAloneIsSegmentedAloneBySwift() {
        var checked = 0
        for value in UInt32(0)...0x10FFFF where GraphemeCount.standsAlone(value) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(!Self.joinsANeighbour(scalar), "U+\(String(value, radix: 16, uppercase: true))")
            checked += 1
        }
        #expect(checked > 25_000, "the common blocks are counted without Swift (\(checked) scalars)")
    }

    /// The check above tells joining scalars apart, and the count does not take them for
    /// standing alone.
    @Test func joiningScalarsAreNotTakenForStandingAlone() {
        for scalar in Self.probes where scalar != "\u{A}" {
            #expect(Self.joinsANeighbour(scalar), "U+\(String(scalar.value, radix: 16))")
            #expect(!GraphemeCount.standsAlone(scalar.value), "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test func islandsAtTheEdgesAndBackToBackSplitAsSwiftDoes() {
        let texts = [
            "", "a", "\r\n", "a\r\nb", "\r", "e\u{301}", "\u{301}", "\u{301}a", "👍🏻", "👨\u{200D}👩\u{200D}👧 ok",
            "🇺🇸🇫🇷🇺", "\u{600}1", "\u{600}", "क\u{94D}ष", "\u{1100}\u{1161}\u{11A8}가각", "❤\u{FE0F}\u{FE0F}x",
            "ab\u{200D}", "\u{200D}👍", "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}!", "12345678\r\n12345678",
            "abcdefgh👍🏽abcdefgh", "é\u{301}\u{301}é", "x\u{600}\u{600}y",
        ]
        for text in texts {
            #expect(Self.count(text) == text.count, "\(text.unicodeScalars.map { $0.value })")
            #expect(Self.clusterEnds(text) == Self.swiftClusterEnds(text), "\(text.unicodeScalars.map { $0.value })")
        }
    }

    /// The walk stops where its caller says, ASCII runs and islands included (the cut of an
    /// over-long post asks for the first `limit` clusters only).
    @Test func theWalkStopsWhereAsked() {
        for text in ["abcdefghijklmnop", "ab👍🏻cd\r\nef", "e\u{301}e\u{301}e\u{301}", "🇺🇸🇫🇷x"] {
            let expected = Self.swiftClusterEnds(text)
            for wanted in 0...expected.count {
                var ends: [Int] = []
                Array(text.utf8).withUnsafeBufferPointer { bytes in
                    GraphemeCount.forEachClusterEnd(in: bytes) { end in
                        ends.append(end)
                        return ends.count < wanted
                    }
                }
                #expect(ends == Array(expected.prefix(Swift.max(wanted, 1))), "\(text.debugDescription) \(wanted)")
            }
        }
    }

    /// Random texts from ASCII words and the probes, so that islands open at every distance
    /// from one another and from the text's edges (a fixed seed: failures repeat).
    @Test func randomMixturesSplitAsSwiftDoes() {
        var generator = SplitMix64(seed: 29)
        let pieces: [String] = ["a", "bc", "abcdefghij", " ", "é", "—", "😀", "👍", "東", "あ", "\u{3099}", "가"]
            + Self.probes.map { String(Character($0)) }
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...12, using: &generator) { text += pieces.randomElement(using: &generator)! }
            let expected = Self.swiftClusterEnds(text)
            let ends = Self.clusterEnds(text)
            if ends != expected || Self.count(text) != expected.count {
                Issue.record("\(text.unicodeScalars.map { $0.value }): \(ends), Swift \(expected)")
                return
            }
        }
    }
}
