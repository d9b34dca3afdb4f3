import Testing

@testable import PatternDetection

/// `TwitterRules.mergedWithoutOverlaps`, twitter-text's `removeOverlappingEntities`: a list that is
/// the only one is returned whole only when the merge would keep every entity of it.
@Suite("twitter entity merge")
struct TwitterMergeTests {
    static let first = Span(kind: .url, utf8Range: 0..<5)
    static let overlapping = Span(kind: .url, utf8Range: 3..<8)
    static let later = Span(kind: .url, utf8Range: 10..<12)

    @Test func aListAloneIsKeptWholeOnlyWhereTheMergeKeepsAll() {
        let merge = TwitterRules.mergedWithoutOverlaps
        #expect(merge([Self.first, Self.later], [], [], [], 0..<20) == [Self.first, Self.later])
        #expect(merge([], [Self.first, Self.later], [], [], 0..<20) == [Self.first, Self.later])
        #expect(merge([Self.first, Self.overlapping, Self.later], [], [], [], 0..<20) == [Self.first, Self.later])
        #expect(merge([], [], [Self.first, Self.later], [], 1..<20) == [Self.later])
        #expect(merge([], [], [], [Self.first, Self.later], 0..<10) == [Self.first])
        #expect(merge([], [], [], [], 0..<20) == [])
        // Two lists: merged by start, the later of two overlapping entities dropped.
        let mention = Span(kind: .mention, utf8Range: 4..<9)
        #expect(merge([Self.first, Self.later], [mention], [], [], 0..<20) == [Self.first, Self.later])
    }
}
