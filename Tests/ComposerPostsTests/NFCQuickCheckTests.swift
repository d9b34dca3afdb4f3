import ComposerCore
import Testing

@testable import ComposerPosts

/// The quick check that lets twitter counting skip normalization: never `true` for a text NFC
/// would change, wherever the scalar that NFC changes sits among ASCII words; and the
/// normalization of only the stretches around such scalars, the same as NFC of the whole text.
@Suite("NFC quick check")
struct NFCQuickCheckTests {
    private static func isCertainlyNFC(_ text: String) -> Bool {
        Array(text.utf8).withUnsafeBufferPointer(NFCQuickCheck.isCertainlyNFC)
    }

    @Test func anUnstableScalarIsFoundAtEveryOffset() {
        for unstable in ["e\u{0301}", "\u{212B}", "\u{1100}\u{1161}", "\u{0344}"] {
            for offset in 0..<40 {
                let text = String(repeating: "a", count: offset) + unstable + String(repeating: "b", count: 17)
                #expect(!Self.isCertainlyNFC(text), "\(offset) \(unstable.debugDescription)")
            }
        }
    }

    @Test func textsItCallsNFCAreNFC() {
        for text in ["", "plain ascii text of some length", "café naïve ÿ ʰ", "東京 😀 👨‍👩‍👧", String(repeating: "x", count: 100) + "é"] {
            #expect(Self.isCertainlyNFC(text), "\(text.debugDescription)")
            #expect(NFCQuickCheck.normalized(text) == text)
        }
    }

    /// The stretches answered without the search hold no scalar of the table.
    @Test func stretchesAnsweredWithoutTheSearchAreStable() {
        var checked = 0
        for scalar in UInt32(0)...0x10FFFF where NFCQuickCheck.isStableWithoutLookup(scalar) {
            #expect(!NFCQuickCheck.isUnstable(scalar), "U+\(String(scalar, radix: 16, uppercase: true))")
            checked += 1
        }
        #expect(checked == (0xA66E - 0x3030 + 1 - 2) + (0xF8FF - 0xABEE + 1))
        #expect(!Self.isCertainlyNFC("\u{AC00}\u{11A8}"), "an LV syllable and a T jamo compose")
        #expect(!Self.isCertainlyNFC("\u{304B}\u{3099}"), "kana and a voicing mark compose")
        #expect(Self.isCertainlyNFC("\u{304C}東京\u{AC01}"))
    }

    private static func normalized(_ text: String) -> String {
        Array(text.utf8).withUnsafeBufferPointer { bytes in
            NFCQuickCheck.normalized(bytes).map { String(decoding: $0, as: UTF8.self) } ?? text
        }
    }

    /// The stretches' normalisation of `text` is the standard library's NFC of all of it.
    private static func expectWholeTextNFC(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            normalized(text).unicodeScalars.elementsEqual(NFCQuickCheck.normalized(text).unicodeScalars),
            "\(text.unicodeScalars.map { String($0.value, radix: 16) })", sourceLocation: sourceLocation)
    }

    /// The table's scalars, as the generated ranges list them.
    private static let unstableScalars: [Unicode.Scalar] = stride(from: 0, to: NFCQuickCheck.unstableRanges.count, by: 2).flatMap {
        (NFCQuickCheck.unstableRanges[$0]...NFCQuickCheck.unstableRanges[$0 + 1]).compactMap(Unicode.Scalar.init)
    }

    /// The table is as new as the standard library's Unicode data: every scalar it gives a
    /// combining class, and every one it excludes from composition (which NFC changes alone), is
    /// listed. A missing mark would be left out of the stretch it should be reordered in.
    @Test func tableCoversTheStandardLibrarysMarksAndExclusions() {
        var checked = 0
        for value in UInt32(0x300)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned else { continue }
            let name = "U+\(String(value, radix: 16, uppercase: true))"
            if scalar.properties.canonicalCombiningClass != .notReordered {
                #expect(NFCQuickCheck.isUnstable(value), "\(name) has a combining class")
            }
            if scalar.properties.isFullCompositionExclusion {
                #expect(NFCQuickCheck.isUnstable(value), "\(name) is excluded from composition")
                #expect(!NFCQuickCheck.normalized(String(Character(scalar))).unicodeScalars.elementsEqual([scalar]))
            }
            checked += 1
        }
        #expect(checked > 250_000)
    }

    @Test("Every scalar of the table, after and before what it may compose or reorder with, as NFC of the whole text")
    func everyUnstableScalarInContext() {
        // Starters that compose with marks, jamo and vowel signs; marks of several classes.
        let before = ["a", "e\u{301}", "\u{1100}", "\u{AC00}", "\u{304B}", "\u{B47}", "\u{5D0}", "\u{1100}\u{1161}", "\u{3B1}\u{313}"]
        let after = ["", "\u{301}", "\u{316}", "\u{1161}", "\u{11A8}", "\u{3099}", "\u{B3E}", "b", "\u{315}\u{300}"]
        var checked = 0
        for scalar in Self.unstableScalars {
            let unstable = String(Character(scalar))
            for (index, prefix) in before.enumerated() {
                let text = "x " + prefix + unstable + after[index] + " y"
                Self.expectWholeTextNFC(text)
                checked += 1
            }
        }
        #expect(checked > 9 * 2000)
    }

    @Test("Random texts of stable and unstable scalars, near and far apart, as NFC of the whole text")
    func randomTexts() {
        let pieces = [
            "a", "e", "o", "A", " ", "abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789", "é", "\u{301}", "\u{300}",
            "\u{316}", "\u{315}", "\u{327}", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}", "\u{304B}", "\u{3099}", "\u{212B}",
            "\u{2126}", "\u{344}", "\u{B47}", "\u{B3E}", "\u{F73}", "東", "😀", "\u{1F3FB}", "\u{200D}", "\u{5B0}", "\u{FB2A}",
        ]
        var random = SplitMix64(seed: 0x4E_FC)
        for round in 0..<20_000 {
            // Every tenth text long enough for a stretch to take in the rest of the text.
            let count = Int(random.next() % (round % 10 == 0 ? 400 : 40))
            let text = (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            Self.expectWholeTextNFC(text)
        }
    }

    @Test func certainlyNFCTextsAreLeftAlone() {
        for text in ["", "plain", "café 東京 😀", String(repeating: "x", count: 100)] {
            #expect(Array(text.utf8).withUnsafeBufferPointer(NFCQuickCheck.normalized) == nil)
        }
    }
}
