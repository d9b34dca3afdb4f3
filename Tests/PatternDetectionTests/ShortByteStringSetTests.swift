import Testing
@testable import PatternDetection
import ComposerCore

@Suite("Short byte string sets")
struct ShortByteStringSetTests {
    /// Every TLD of the bluesky list is found and its near misses are not, wherever the label lies
    /// in its buffer (whole words loaded, or bytes read one by one at the buffer's end).
    @Test func blueskyTLDsAndNearMisses() {
        let members = Set(String(describing: BlueskyTLDs.list).split(whereSeparator: \.isWhitespace).map(String.init))
        #expect(members.count == 1286)
        // The reference's list spells internationalized TLDs in Unicode only.
        #expect(!members.contains { $0.hasPrefix("xn--") })
        var candidates = members
        for member in members {
            candidates.insert(String(member.dropLast()))
            candidates.insert(member + "a")
            candidates.insert("a" + member)
            candidates.insert(member.uppercased())
            candidates.insert(String(member.prefix(1)) + "\u{0}" + member.dropFirst())
        }
        candidates.insert(String(repeating: "a", count: 25))
        candidates.insert("")
        for candidate in candidates {
            let expected = members.contains(candidate)
            for (before, after) in [("", ""), ("x.", ""), ("", " and more text after it"), ("a.b.", ".")] {
                let text = Array((before + candidate + after).utf8)
                text.withUnsafeBufferPointer { buffer in
                    let label = buffer[before.utf8.count..<before.utf8.count + candidate.utf8.count]
                    #expect(BlueskyTLDs.set.contains(label) == expected, "\(candidate.debugDescription) in \((before, after))")
                }
            }
        }
    }

    /// A word list read in place: separators at either end and in runs make no empty member, and
    /// each word is whole (the first and the last included).
    @Test func wordListsSplitAtEverySeparator() {
        let set = ShortByteStringSet(separatedBySpaces: "  ab\n\n cd ef  \nghijklmnopqrstuvwxyz0123")
        for (candidate, expected) in [
            ("ab", true), ("cd", true), ("ef", true), ("ghijklmnopqrstuvwxyz0123", true), ("a", false), ("b", false),
            ("ab ", false), (" ab", false), ("abcd", false), ("ghijklmnopqrstuvwxyz012", false),
        ] {
            Array(candidate.utf8).withUnsafeBufferPointer { buffer in
                #expect(set.contains(buffer[...]) == expected, "\(candidate.debugDescription)")
            }
        }
        [UInt8]().withUnsafeBufferPointer { #expect(!set.contains($0[...])) }
    }

    /// Random words against a `Set<String>` of random members, lengths 1…24 and past.
    @Test func randomWordsAgreeWithASet() {
        var random = SplitMix64(seed: 11)
        let alphabet = Array("abc-1é".utf8)
        func word() -> [UInt8] {
            (0..<(1 + Int(random.next() % 26))).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
        }
        let members = (0..<500).map { _ in word() }.filter { $0.count <= ShortByteStringSet.maximumLength }
        let set = ShortByteStringSet(members)
        let reference = Set(members)
        for candidate in members + (0..<5_000).map({ _ in word() }) {
            candidate.withUnsafeBufferPointer { buffer in
                #expect(set.contains(buffer[...]) == reference.contains(candidate))
            }
        }
    }
}
