import Testing

@testable import ComposerPosts

/// The quick check that lets twitter counting skip normalization: never `true` for a text NFC
/// would change, wherever the scalar that NFC changes sits among ASCII words.
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
}
