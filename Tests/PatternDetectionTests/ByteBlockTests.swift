import Testing
@testable import PatternDetection

/// The sixteen-byte tests (``ByteBlock``) against the byte-by-byte definitions they stand for, and
/// the JSON escape check built on them against ``JSONEscape``'s own word test.
@Suite("Byte blocks")
struct ByteBlockTests {
    /// Sixteen bytes as a block.
    private static func block(_ bytes: [UInt8]) -> ByteBlock.Lanes {
        precondition(bytes.count == 16)
        return bytes.withUnsafeBytes { ByteBlock.load($0.baseAddress!, at: 0) }
    }

    /// The lanes of `lanes` that are all ones; every lane must be all ones or zero.
    private static func setLanes(_ lanes: ByteBlock.Lanes) -> [Int] {
        (0..<16).filter { index in
            #expect(lanes[index] == 0 || lanes[index] == 0xFF, "lane \(index) is \(lanes[index])")
            return lanes[index] == 0xFF
        }
    }

    @Test func lanesBeforeACountAreTheFirstOnes() {
        for count in 0...40 {
            #expect(Self.setLanes(ByteBlock.lanes(before: count)) == Array(0..<min(count, 16)), "\(count)")
        }
        #expect(Self.setLanes(ByteBlock.lanes(before: 127)) == Array(0..<16))
        #expect(Self.setLanes(ByteBlock.lanes(before: 128)) == Array(0..<16))
        #expect(Self.setLanes(ByteBlock.lanes(before: 1 << 40)) == Array(0..<16))
    }

    /// Every byte value in every lane: each test flags exactly the lanes its definition picks.
    @Test func everyByteInEveryLane() {
        for value in 0...255 {
            let byte = UInt8(value)
            for lane in 0..<16 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 16)
                bytes[lane] = byte
                let block = Self.block(bytes)
                let expected = [lane]
                #expect(Self.setLanes(ByteBlock.continuations(in: block)) == (byte & 0xC0 == 0x80 ? expected : []), "\(byte)")
                #expect(Self.setLanes(ByteBlock.fourByteLeads(in: block)) == (byte >= 0xF0 ? expected : []), "\(byte)")
                let escape = byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xE2
                #expect(Self.setLanes(ByteBlock.jsonEscapeCandidates(in: block)) == (escape ? expected : []), "\(byte)")
                #expect(ByteBlock.isZero(ByteBlock.jsonEscapeCandidates(in: block)) == !escape)
            }
        }
    }

    /// The equality test picks exactly the lanes holding the value, and the first set lane of
    /// any set of lanes is the lowest.
    @Test func equalLanesAndTheFirstOfThem() {
        var random = SplitMix64(seed: 63)
        for _ in 0..<5_000 {
            let bytes = (0..<16).map { _ in UInt8(truncatingIfNeeded: random.next() % 4) }
            let value = UInt8(truncatingIfNeeded: random.next() % 4)
            let lanes = ByteBlock.lanes(of: Self.block(bytes), equalTo: value)
            let expected = bytes.indices.filter { bytes[$0] == value }
            #expect(Self.setLanes(lanes) == expected)
            #expect(ByteBlock.firstSetLane(lanes) == expected.first)
        }
        #expect(ByteBlock.firstSetLane(ByteBlock.Lanes()) == nil)
    }

    /// A tally keeps counting past the point where it adds up its lanes, and its sum is exact.
    @Test func talliesAddUpEveryBlock() {
        var random = SplitMix64(seed: 61)
        for _ in 0..<200 {
            var tally = ByteBlock.Tally()
            var expected = 0
            for _ in 0..<Int(random.next() % 100) {
                let count = Int(random.next() % 17)
                tally.add(ByteBlock.lanes(before: count))
                expected += count
            }
            tally.settle()
            #expect(tally.total == expected)
        }
    }

    /// The block check of a text agrees with the escapes a byte-by-byte walk finds, at every
    /// length (blocks deep into a long text too) and with a candidate at every position, read from
    /// a buffer with a block of slack.
    @Test func escapeCheckAgreesWithTheWalk() {
        var random = SplitMix64(seed: 62)
        let plain: [UInt8] = Array("abc xyz/.:é東".utf8)
        let candidates: [UInt8] = [0x00, 0x09, 0x0A, 0x1F, UInt8(ascii: "\""), UInt8(ascii: "\\"), 0xE2]
        for round in 0..<5_000 {
            let count = Int(random.next() % (round % 8 == 0 ? 400 : 80))
            var text = (0..<count).map { _ in plain[Int(random.next() % UInt64(plain.count))] }
            if count > 0, random.next() % 2 == 0 {
                text[Int(random.next() % UInt64(count))] = candidates[Int(random.next() % UInt64(candidates.count))]
            }
            // Slack after the text holds candidates, which must not count.
            let buffer = text + [UInt8](repeating: UInt8(ascii: "\""), count: 16)
            let needsNone = buffer.withUnsafeBytes { JSONEscape.needsNone(in: $0.baseAddress!, count: count) }
            #expect(needsNone == !text.contains { candidates.contains($0) }, "\(text)")
            var pieces = 0
            text.withUnsafeBufferPointer { JSONEscape.forEachPiece(of: $0, copy: { _ in }, escape: { _ in pieces += 1 }) }
            if pieces > 0 { #expect(!needsNone, "an escape the block check missed: \(text)") }
        }
    }
}
