import Testing

@testable import PatternDetection

/// twitter-text's `removeOverlappingEntities` as `TwitterRules.forEachKeptEntity` does it, over
/// lists given whole and over the extractors read in batches.
@Suite("twitter entity merge")
struct TwitterMergeTests {
    static let first = Span(kind: .url, utf8Range: 0..<5)
    static let overlapping = Span(kind: .url, utf8Range: 3..<8)
    static let later = Span(kind: .url, utf8Range: 10..<12)

    static func merge(_ lists: [[Span]], _ window: Range<Int>) -> [Span] {
        var given = lists.map { TwitterEntityList(given: $0) }
        var kept: [Span] = []
        let text = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        given.withUnsafeMutableBufferPointer { given in
            TwitterRules.shared.forEachKeptEntity(of: given, in: text, scan: 0..<0, startingIn: window) { kept.append($0) }
        }
        return kept
    }

    @Test func listsAreMergedByStartWithoutOverlaps() {
        #expect(Self.merge([[Self.first, Self.later], [], [], []], 0..<20) == [Self.first, Self.later])
        #expect(Self.merge([[], [Self.first, Self.later], [], []], 0..<20) == [Self.first, Self.later])
        #expect(Self.merge([[Self.first, Self.overlapping, Self.later], [], [], []], 0..<20) == [Self.first, Self.later])
        #expect(Self.merge([[], [], [Self.first, Self.later], []], 1..<20) == [Self.later])
        #expect(Self.merge([[], [], [], [Self.first, Self.later]], 0..<10) == [Self.first])
        #expect(Self.merge([[], [], [], []], 0..<20) == [])
        // Two lists: merged by start, the later of two overlapping entities dropped, and on equal
        // starts the earlier list's entity kept.
        let mention = Span(kind: .mention, utf8Range: 4..<9)
        #expect(Self.merge([[Self.first, Self.later], [mention], [], []], 0..<20) == [Self.first, Self.later])
        #expect(Self.merge([[mention], [Self.first, Self.later]], 0..<20) == [Self.first, Self.later])
        let tied = Span(kind: .hashtag, utf8Range: 0..<2)
        #expect(Self.merge([[], [Self.first], [tied], []], 0..<20) == [Self.first])
        #expect(Self.merge([[], [tied], [Self.first], []], 0..<20) == [tied])
    }

    /// Extractors resumed after every one, two or three entities find what one uninterrupted scan
    /// finds: hostile words that hold thousands of entities of every kind, posts, and random bytes,
    /// whole and from windows that start inside them.
    @Test func batchesGiveWhatOneScanGives() {
        let rules = TwitterRules.shared
        var random = SplitMix64(seed: 31)
        var texts = HostileCorpus.Shape.allCases.map { $0.bytes(count: 3000) }
        texts.append(PostCorpus.posts(byteCount: 6000, seed: 8))
        texts.append(Array("$AB #tag @x/list @y https://a.co/b c.com,d.com#e $CD @z".utf8))
        texts += (0..<10).map { _ in PostCorpus.randomBytes(count: 800, using: &random) }
        for bytes in texts {
            let text = String(decoding: bytes, as: UTF8.self)
            Array(text.utf8).withUnsafeBufferPointer { text in
                let starts = [0] + (text.isEmpty ? [] : (0..<3).map { _ in
                    text.scalarStart(before: 1 + Int(random.next() % UInt64(text.count)))
                })
                for start in starts {
                    let window = start..<text.count
                    var whole: [Span] = []
                    rules.forEachSpan(in: text, startingIn: window, batchCount: .max) { whole.append($0) }
                    for batchCount in 1...3 {
                        var batched: [Span] = []
                        rules.forEachSpan(in: text, startingIn: window, batchCount: batchCount) { batched.append($0) }
                        let equal = batched == whole  // outside #expect: long lists describe slowly
                        #expect(equal, "batches of \(batchCount) from \(start) of \(text.count) bytes")
                    }
                }
            }
        }
    }
}
