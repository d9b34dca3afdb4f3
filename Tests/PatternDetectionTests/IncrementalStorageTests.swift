import Testing
@testable import PatternDetection

/// The gap buffers under the span table and the document, against a plain array.
@Suite("Incremental: gap buffers")
struct IncrementalStorageTests {
    @Test(arguments: [1, 2, 3])
    func gapBufferMatchesAnArray(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var model: [String] = []
        var buffer = GapBuffer<String>(filler: "", capacity: 2)
        for step in 0..<3000 {
            let position = Int(random.next() % UInt64(model.count + 1))
            buffer.moveGap(to: position)
            #expect(buffer.countBeforeGap == position)
            switch random.next() % 4 {
            case 0:
                let items = (0..<Int(random.next() % 5)).map { "s\(step).\($0)" }
                buffer.insertAtGap(contentsOf: items)
                model.insert(contentsOf: items, at: position)
            case 1 where position < model.count:
                let removed = Int(random.next() % UInt64(model.count - position + 1))
                buffer.removeAfterGap(removed)
                model.removeSubrange(position..<position + removed)
            case 2 where position < model.count:
                #expect(buffer.popFirstAfterGap() == model.remove(at: position))
            case 3 where position > 0:
                #expect(buffer.popLastBeforeGap() == model.remove(at: position - 1))
            default:
                buffer.insertAtGap("one\(step)")
                model.insert("one\(step)", at: position)
            }
            #expect(buffer.count == model.count)
            if step % 100 == 0 {
                #expect(buffer.elements == model)
                #expect((0..<model.count).map { buffer[$0] } == model)
                // The gap holds only filler: nothing moved out is kept alive.
                #expect(buffer.storage[buffer.gapStart..<buffer.gapEnd].allSatisfy { $0.isEmpty })
            }
        }
        #expect(buffer.elements == model)
    }

    @Test func spanTableShiftsSpansAfterTheGapWithTheTextEnd() {
        let spans = (0..<10).map { Span(kind: .hashtag, utf8Range: $0 * 10..<$0 * 10 + 3) }
        var table = SpanTable(spans: spans, utf8Count: 100)
        #expect(table.moveGap(toOffset: 45) == 5)
        #expect(table.lastBeforeGap == spans[4])
        #expect(table.firstAfterGap == spans[5])
        table.setTextLength(107)  // 7 bytes inserted at 45
        #expect(table.firstAfterGap == Span(kind: .hashtag, utf8Range: 57..<60))
        #expect(table.moveGap(toOffset: 0) == 5)
        #expect(table.spans == spans[0..<5] + spans[5...].map { $0.shifted(by: 7) })
        #expect(table.moveGap(toOffset: 1000) == 10)
        #expect(table.spans.count == 10 && table[9] == Span(kind: .hashtag, utf8Range: 97..<100))
    }

    @Test func utf8GapBufferMatchesAnArray() {
        var random = SplitMix64(seed: 5)
        var model = Array("start é 😀 東".utf8)
        var buffer = UTF8GapBuffer(String(decoding: model, as: UTF8.self))
        let pieces = ["", "a", "é", "😀", "東京", " ", "\n", "#tag "]
        for _ in 0..<2000 {
            let start = model.boundary(atOrBefore: Int(random.next() % UInt64(model.count + 1)))
            let end = model.boundary(atOrBefore: min(model.count, start + Int(random.next() % 6)))
            let piece = Array(pieces[Int(random.next() % UInt64(pieces.count))].utf8)
            buffer.replace(start..<end, with: piece)
            model.replaceSubrange(start..<end, with: piece)
            let a = model.boundary(atOrBefore: Int(random.next() % UInt64(model.count + 1)))
            let b = model.boundary(atOrBefore: Int(random.next() % UInt64(model.count + 1)))
            let range = min(a, b)..<max(a, b)
            var copy = [UInt8](repeating: 0, count: range.count)
            copy.withUnsafeMutableBufferPointer { buffer.copyUTF8(range, into: $0) }
            #expect(copy == Array(model[range]))
        }
        #expect(Array(buffer.string.utf8) == model)
        #expect(buffer.withContiguousUTF8 { Array($0) } == model)
        #expect(buffer.isValidRange(0..<model.count))
    }
}
