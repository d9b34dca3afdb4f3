import Testing

@testable import PatternDetection

/// The block searches (`ByteSetSearch`, `ByteRangeSearch`) against a byte-by-byte search, from
/// every kind of start, over blocks and their tails.
@Suite("Byte searches")
struct ByteSearchTests {
    static func randomTexts(seed: UInt64) -> [(text: [UInt8], start: Int)] {
        var random = SplitMix64(seed: seed)
        return (0..<300).map { _ in
            let text = (0..<Int(random.next() % 70)).map { _ in UInt8(truncatingIfNeeded: random.next() % 3 == 0 ? random.next() : random.next() % 8 + 0x40) }
            return (text, text.isEmpty ? 0 : Int(random.next() % UInt64(text.count)))
        }
    }

    @Test func setSearchFindsTheFirstValue() {
        let sets: [[UInt8]] = [[0x41], [0x41, 0x45], [0x00, 0x43, 0xFF], [0x41, 0x42, 0x43, 0x44, 0x45, 0x46]]
        for values in sets {
            let search = ByteSetSearch(values)
            for (text, start) in Self.randomTexts(seed: UInt64(values.count)) {
                text.withUnsafeBufferPointer { text in
                    let expected = text[start...].firstIndex(where: values.contains) ?? text.count
                    #expect(search.firstIndex(in: text, from: start, before: text.count) == expected, "\(values)")
                }
            }
        }
    }

    @Test func rangeSearchFindsTheFirstByteInARange() {
        let sets: [[UInt8]] = [
            [0x3A], [0x23, 0x40], Array(0x41...0x5A), [0x4B, 0x6B, 0xE2], [0x00, 0xFF], [0x41, 0x43, 0x45, 0x47], Array(0x40...0x47),
        ]
        for values in sets {
            let search = ByteRangeSearch(values)!
            for (text, start) in Self.randomTexts(seed: UInt64(values.count) + 10) {
                text.withUnsafeBufferPointer { text in
                    let expected = text[start...].firstIndex(where: values.contains) ?? text.count
                    #expect(search.firstIndex(in: text, from: start, before: text.count) == expected, "\(values)")
                }
            }
        }
        #expect(ByteRangeSearch([0x10, 0x30, 0x50, 0x70, 0x90]) == nil, "five ranges")
        #expect(ByteRangeSearch([UInt8]()) == nil)
        #expect(ByteRangeSearch([0x41, 0x42, 0x43, 0x61])?.ranges == [0x41...0x43, 0x61...0x61])
        #expect(ByteRangeSearch([0xFE, 0xFF, 0x00])?.ranges == [0x00...0x00, 0xFE...0xFF])
    }
}
