import Testing
import PatternDetection
@testable import ComposerText

/// The segment arithmetic of the localized strategy, on hand-made cases and against a byte-by-byte
/// model on random ones.
@Suite("Tag segments")
struct TagSegmentsTests {
    static func segment(_ range: Range<Int>, _ kind: PatternKind?) -> TagSegment {
        TagSegment(utf8Range: range, kind: kind)
    }

    @Test func tilingFillsTheGapsAndCutsAtTheRange() {
        let tiling = TagSegments.tiling(of: 5..<30, tagged: [(0..<7, .url), (10..<12, .mention), (28..<40, .hashtag)])
        #expect(tiling == [
            Self.segment(5..<7, .url), Self.segment(7..<10, nil), Self.segment(10..<12, .mention),
            Self.segment(12..<28, nil), Self.segment(28..<30, .hashtag),
        ])
        #expect(TagSegments.tiling(of: 3..<3, tagged: [(0..<7, .url)]) == [])
        #expect(TagSegments.tiling(of: 0..<4, tagged: [] as [(Range<Int>, PatternKind)]) == [Self.segment(0..<4, nil)])
    }

    @Test func differencesAreMaximalAndCarryTheTargetKind() {
        // Foundation dropped the tag from a whole link, and one byte was typed after it.
        let current = [Self.segment(0..<4, nil), Self.segment(4..<20, nil), Self.segment(20..<21, nil)]
        let target = [Self.segment(0..<4, nil), Self.segment(4..<21, .url)]
        #expect(TagSegments.differences(from: current, to: target) == [Self.segment(4..<21, .url)])
        // Equal tilings: nothing to write.
        #expect(TagSegments.differences(from: target, to: target) == [])
        // A tag that must go, next to one that must change kind.
        let before = [Self.segment(0..<3, .mention), Self.segment(3..<6, .hashtag)]
        let after = [Self.segment(0..<3, nil), Self.segment(3..<6, .cashtag)]
        #expect(TagSegments.differences(from: before, to: after) == [Self.segment(0..<3, nil), Self.segment(3..<6, .cashtag)])
    }

    @Test func differencesEqualAByteByByteComparison() {
        var random = SplitMix64(seed: 7)
        let kinds: [PatternKind?] = [nil, .url, .mention, .hashtag]
        for _ in 0..<2_000 {
            let length = Int(random.next() % 40) + 1
            func randomTiling() -> [TagSegment] {
                var tiling: [TagSegment] = []
                var position = 0
                while position < length {
                    let end = min(length, position + Int(random.next() % 6) + 1)
                    tiling.append(Self.segment(position..<end, kinds[Int(random.next() % 4)]))
                    position = end
                }
                return tiling
            }
            let current = randomTiling(), target = randomTiling()
            func bytes(_ tiling: [TagSegment]) -> [PatternKind?] {
                tiling.flatMap { segment in segment.utf8Range.map { _ in segment.kind } }
            }
            let differences = TagSegments.differences(from: current, to: target)
            var written = bytes(current)
            for difference in differences {
                for offset in difference.utf8Range { written[offset] = difference.kind }
            }
            #expect(written == bytes(target))
            // Only bytes that differ are written, and no two pieces could have been one.
            let model = bytes(current), wanted = bytes(target)
            for difference in differences {
                #expect(difference.utf8Range.allSatisfy { model[$0] != wanted[$0] })
            }
            for (a, b) in zip(differences, differences.dropFirst()) {
                #expect(a.utf8Range.upperBound < b.utf8Range.lowerBound || a.kind != b.kind)
            }
        }
    }

    @Test func typingAtTheEndOfALinkRestylesOnlyTheTypedByte() {
        // "see x.com" + "/": the link grows by the typed byte; its other bytes keep their kind.
        let edit = TextEdit(start: 9, oldEnd: 9, newEnd: 10)
        let change = SpanChange(
            edit: edit, removed: [Span(kind: .url, utf8Range: 4..<9)], added: [Span(kind: .url, utf8Range: 4..<10)],
            rescannedUTF8Range: 3..<10, statistics: .init())
        #expect(TagSegments.restyleRanges(after: change) == [9..<10])
    }

    @Test func aSpanThatAppearsOrChangesKindIsRestyledWhole() {
        // A word becomes a mention by typing "@" before it: all of it changes colour.
        let edit = TextEdit(start: 4, oldEnd: 4, newEnd: 5)
        let change = SpanChange(
            edit: edit, removed: [], added: [Span(kind: .mention, utf8Range: 4..<9)],
            rescannedUTF8Range: 3..<9, statistics: .init())
        #expect(TagSegments.restyleRanges(after: change) == [4..<9])
        // Deleting the "#" of a hashtag: the rest of its bytes lose the tag and are restyled.
        let deletion = TextEdit(start: 10, oldEnd: 11, newEnd: 10)
        let removal = SpanChange(
            edit: deletion, removed: [Span(kind: .hashtag, utf8Range: 10..<16)], added: [],
            rescannedUTF8Range: 9..<15, statistics: .init())
        #expect(TagSegments.restyleRanges(after: removal) == [10..<15])
    }

    @Test func replacingInsideASpanOfTheSameKindRestylesOnlyTheInsertedBytes() {
        let edit = TextEdit(start: 6, oldEnd: 8, newEnd: 9)
        let change = SpanChange(
            edit: edit, removed: [Span(kind: .mention, utf8Range: 3..<12)], added: [Span(kind: .mention, utf8Range: 3..<13)],
            rescannedUTF8Range: 2..<13, statistics: .init())
        #expect(TagSegments.restyleRanges(after: change) == [6..<9])
    }
}
