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

    @Test func theTouchedRangeHoldsTheEditAndTheChangedSpansOnly() {
        // Typing "/" at the end of the last of three links: the first two are in the window but untouched.
        let typed = TextEdit(start: 20, oldEnd: 20, newEnd: 21)
        let change = SpanChange(
            edit: typed, removed: [Span(kind: .url, utf8Range: 14..<20)], added: [Span(kind: .url, utf8Range: 14..<21)],
            rescannedUTF8Range: 0..<21, statistics: .init())
        #expect(TagSegments.touchedRange(by: change) == 14..<21)
        // A deletion in untagged text that changes no span touches only the point where it was.
        let deletion = TextEdit(start: 5, oldEnd: 7, newEnd: 5)
        #expect(TagSegments.touchedRange(by: SpanChange(
            edit: deletion, removed: [], added: [], rescannedUTF8Range: 0..<9, statistics: .init())) == 5..<5)
        // Removed spans are mapped into the new text; the hull reaches from the first to the last.
        let paste = TextEdit(start: 10, oldEnd: 12, newEnd: 15)
        let pasted = SpanChange(
            edit: paste, removed: [Span(kind: .mention, utf8Range: 2..<6), Span(kind: .hashtag, utf8Range: 20..<24)],
            added: [Span(kind: .url, utf8Range: 9..<16)], rescannedUTF8Range: 0..<30, statistics: .init())
        #expect(TagSegments.touchedRange(by: pasted) == 2..<27)
    }

    @Test func theFocusReachesTheWindowEdgeOnlyWhereItsMarginIsStaleThroughout() {
        let window = 0..<200
        let touched = 100..<110
        let focus = 68..<142
        // Nothing stale, or stale bytes inside the touched ones only: the focus stays.
        #expect(TagSegments.focus(focus, around: touched, within: window, stale: []) == focus)
        #expect(TagSegments.focus(focus, around: touched, within: window, stale: [Self.segment(100..<110, .url)]) == focus)
        // A stale stretch from the touched bytes that stops inside the margin: a right byte lies between.
        #expect(TagSegments.focus(focus, around: touched, within: window, stale: [Self.segment(80..<110, .hashtag)]) == focus)
        // Stale from the focus's edge to the touched bytes (in two kinds, touching): that side goes on to the window's edge.
        let lowerStale = [Self.segment(68..<90, .hashtag), Self.segment(90..<104, .mention)]
        #expect(TagSegments.focus(focus, around: touched, within: window, stale: lowerStale) == 0..<142)
        #expect(TagSegments.focus(focus, around: touched, within: window, stale: [Self.segment(68..<100, nil)]) == 0..<142)
        let upperStale = [Self.segment(110..<142, .hashtag)]
        #expect(TagSegments.focus(focus, around: touched, within: window, stale: upperStale) == 68..<200)
        #expect(TagSegments.focus(focus, around: touched, within: window, stale: lowerStale + upperStale) == window)
        // A gap of one right byte in the margin stops it.
        #expect(TagSegments.focus(focus, around: touched, within: window, stale: [Self.segment(68..<90, nil), Self.segment(91..<110, nil)]) == focus)
        // A focus already at the window's edge stays there, stale or not.
        #expect(TagSegments.focus(0..<142, around: 10..<20, within: window, stale: [Self.segment(0..<142, nil)]) == 0..<200)
        #expect(TagSegments.focus(0..<200, around: 10..<20, within: window, stale: [Self.segment(0..<200, nil)]) == window)
        // A deletion that touched no span: the empty touched range at the edit.
        #expect(TagSegments.focus(18..<82, around: 50..<50, within: window, stale: [Self.segment(18..<50, nil)]) == 0..<82)
    }
}
