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

    /// Hits taken from chunk masks: each answer equals the byte-by-byte search from the same
    /// position, for positions that step past a hit, jump over chunks, stop short of an end
    /// inside the text, or run into a text's last (partial) chunk.
    @Test func hitMasksGiveEveryHitInOrder() {
        var random = SplitMix64(seed: 0x417)
        let sets: [[UInt8]] = [[0x41], [0x41, 0x45], [0x00, 0x43, 0xFF], [0x41, 0x42, 0x43, 0x44, 0x45, 0x46]]
        for values in sets {
            let search = ByteSetSearch(values)
            for _ in 0..<200 {
                let text = (0..<Int(random.next() % 300)).map { _ in
                    UInt8(truncatingIfNeeded: random.next() % 3 == 0 ? random.next() : random.next() % 40 + 0x40)
                }
                let end = text.isEmpty ? 0 : text.count - Int(random.next() % UInt64(min(text.count, 80)))
                var position = end == 0 ? 0 : Int(random.next() % UInt64(end))
                text.withUnsafeBufferPointer { buffer in
                    var hits = ByteSetHits(search, in: buffer, before: end)
                    while true {
                        let expected = text[position..<end].firstIndex(where: values.contains) ?? end
                        let found = hits.first(from: position)
                        #expect(found == expected, "\(values) from \(position) before \(end)")
                        guard found == expected, found < end else { break }
                        // Past the hit, or well past it (over one chunk or more).
                        position = found + 1 + (random.next() % 4 == 0 ? Int(random.next() % 150) : 0)
                        guard position <= end else { break }
                    }
                }
            }
        }
    }

    @Test func blockBitsTakeEachLaneOnce() {
        var random = SplitMix64(seed: 0xB175)
        for _ in 0..<1_000 {
            let chosen = UInt16(truncatingIfNeeded: random.next())
            let lanes = ByteBlock.Lanes((0..<16).map { chosen & (1 << $0) != 0 ? 0xFF : 0 })
            #expect(ByteBlock.bits(ofLanes: lanes) == chosen)
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
