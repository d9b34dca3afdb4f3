import Testing
@testable import PatternDetection

/// The RFC 3492 encoder and decoder, on the RFC's §7.1 samples and on malformed input.
@Suite("Punycode")
struct PunycodeTests {
    private static let samples: [(String, String)] = [
        ("\u{644}\u{64A}\u{647}\u{645}\u{627}\u{628}\u{62A}\u{643}\u{644}\u{645}\u{648}\u{634}\u{639}\u{631}\u{628}\u{64A}\u{61F}",
         "egbpdaj6bu4bxfgehfvwxn"),
        ("他们为什么不说中文", "ihqwcrb4cv8a8dqg056pqjye"),
        ("3年B組金八先生", "3B-ww4c5e180e575a65lsy2b"),
        ("安室奈美恵-with-SUPER-MONKEYS", "-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n"),
        ("bücher", "bcher-kva"),
        ("😀x", "x-iv3s"),
    ]

    @Test(arguments: samples)
    func encodesAndDecodes(_ sample: (String, String)) {
        let codePoints = sample.0.unicodeScalars.map(\.value)
        var encoded: [UInt8] = []
        #expect(Punycode.encode(codePoints, into: &encoded))
        #expect(String(decoding: encoded, as: UTF8.self) == sample.1)
        var decoded: [UInt32] = []
        #expect(Punycode.decode(Array(sample.1.utf8), into: &decoded))
        #expect(decoded == codePoints)
    }

    @Test func decodingRejectsMalformedInput() {
        // a bad digit, a truncated delta, a non-ASCII basic part, a delta past 2³¹ − 1, a leading
        // `-` with no basic code point before it (not a delimiter, so a bad digit)
        for bad in ["a!", "9", "ü-a", "zzzzzzzzzzzz9", "-ngert", "-"] {
            var out: [UInt32] = [7]
            #expect(!Punycode.decode(Array(bad.utf8), into: &out), "\(bad)")
            #expect(out == [7], "output restored")
        }
        var basicOnly: [UInt32] = []
        #expect(Punycode.decode(Array("abc-".utf8), into: &basicOnly) && basicOnly == [0x61, 0x62, 0x63])
    }

    @Test func encodingOverflowFails() {
        // A delta of (0x10FFFF - 0x80) × 3000 is beyond 2³¹ − 1.
        let long = [UInt32](repeating: 0x61, count: 3000) + [0x10FFFF]
        var out: [UInt8] = [1]
        #expect(!Punycode.encode(long, into: &out))
        #expect(out == [1])
    }
}
