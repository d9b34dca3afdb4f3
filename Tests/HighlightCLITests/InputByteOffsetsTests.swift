import PatternDetection
import Testing
@testable import highlight

/// Decoded offsets map back to the input's bytes: at every scalar boundary of the decoded text,
/// the input up to the mapped offset decodes to exactly the decoded text up to that offset, and
/// the rest to the rest.
@Suite("Input byte offsets")
struct InputByteOffsetsTests {
    @Test func everyBoundaryOfRandomIllFormedTextMapsBack() {
        var random = SplitMix64(seed: 48)
        // Pieces that make every kind of maximal ill-formed subsequence, and well-formed ones.
        let pieces: [[UInt8]] = [
            [0x61], [0x20], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0xFF], [0x80], [0xC3],
            [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80], [0xE0, 0x80],
        ]
        for _ in 0..<300 {
            let bytes = (0..<Int(random.next() % 40)).flatMap { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
            let decoded = Array(String(decoding: bytes, as: UTF8.self).utf8)
            guard let offsets = InputByteOffsets(bytes) else {
                #expect(decoded == bytes, "well-formed input maps to itself")
                continue
            }
            #expect(decoded != bytes)
            for offset in 0...decoded.count where offset == decoded.count || decoded[offset] & 0xC0 != 0x80 {
                let input = offsets.inputOffset(offset)
                #expect(Array(String(decoding: bytes[..<input], as: UTF8.self).utf8) == Array(decoded[..<offset]), "\(bytes) at \(offset)")
                #expect(Array(String(decoding: bytes[input...], as: UTF8.self).utf8) == Array(decoded[offset...]), "\(bytes) at \(offset)")
            }
            #expect(offsets.inputOffset(decoded.count) == bytes.count)
        }
    }
}
