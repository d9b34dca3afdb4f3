import Testing
@testable import PatternDetection

@Suite("Incremental: TextEdit")
struct IncrementalTextEditTests {
    @Test func positionsShiftAfterAReplacement() {
        // "hello world" → replace "o w" (4..<7) with "XYZW": new end 8, delta +1.
        let edit = TextEdit(replacing: 4..<7, insertedUTF8Count: 4)
        #expect(edit.delta == 1)
        #expect(edit.oldUTF8Range == 4..<7 && edit.newUTF8Range == 4..<8)
        #expect(edit.map(3) == 3)
        #expect(edit.map(4) == 4)  // the start of the replaced bytes stays
        #expect(edit.map(5, affinity: .before) == 4)  // inside: to a side
        #expect(edit.map(5, affinity: .after) == 8)
        #expect(edit.map(7) == 8)  // the end of the replaced bytes moves with them
        #expect(edit.map(11) == 12)
    }

    @Test func anInsertionPointIsAmbiguous() {
        let edit = TextEdit(start: 5, oldEnd: 5, newEnd: 8)
        #expect(edit.map(5, affinity: .before) == 5)
        #expect(edit.map(5, affinity: .after) == 8)
        #expect(edit.map(5) == 8)  // tree-sitter's choice, a caret after typing
        #expect(edit.map(4) == 4 && edit.map(6) == 9)
    }

    @Test func rangesGrowOverTheEdit() {
        let insertion = TextEdit(start: 5, oldEnd: 5, newEnd: 8)
        #expect(insertion.map(0..<5) == 0..<8)  // ends at the insertion point: covers the new bytes
        #expect(insertion.map(5..<9) == 5..<12)
        #expect(insertion.map(6..<9) == 9..<12)
        let deletion = TextEdit(start: 2, oldEnd: 6, newEnd: 2)
        #expect(deletion.map(3..<5) == 2..<2)  // entirely deleted: empty
        #expect(deletion.map(0..<4) == 0..<2)
        #expect(deletion.map(4..<9) == 2..<5)
        #expect(deletion.map(6..<9) == 2..<5)
    }

    @Test func contentChanges() {
        let insertion = TextEdit(start: 5, oldEnd: 5, newEnd: 6)
        #expect(insertion.changesContent(of: 3..<7))
        #expect(!insertion.changesContent(of: 3..<5))
        #expect(!insertion.changesContent(of: 5..<7))
        let replacement = TextEdit(start: 5, oldEnd: 7, newEnd: 5)
        #expect(replacement.changesContent(of: 6..<9))
        #expect(replacement.changesContent(of: 0..<6))
        #expect(!replacement.changesContent(of: 7..<9))
        #expect(!replacement.changesContent(of: 0..<5))
    }
}
