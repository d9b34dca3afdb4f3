import Foundation
import Testing
import PatternDetection
@testable import ComposerText

/// Edits as text views report them — a UTF-16 range and a replacement (UIKit, AppKit), or only the
/// new text and selection (SwiftUI) — become the same `TextEdit`s, on random edits over text with
/// astral characters, ZWJ sequences and combining marks.
@Suite("Edit adapters")
struct EditAdapterTests {
    static let pieces = [
        "a", "bc", " ", "\n", "@al.test", "#tag", "é", "e\u{301}", "\u{301}", "😀", "𝒜", "👩‍👩‍👧", "🇫🇷",
        "タグ", "x\u{200D}y", "https://x.com/😀",
    ]

    static func randomText(_ random: inout SplitMix64, pieces count: Int) -> String {
        (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
    }

    /// UTF-16 offset → UTF-8 offset at every scalar boundary, by walking the scalars.
    static func utf16ToUTF8(_ text: String) -> [Int: Int] {
        var table = [0: 0]
        var utf8 = 0, utf16 = 0
        for scalar in text.unicodeScalars {
            utf8 += UTF8.width(scalar)
            utf16 += UTF16.width(scalar)
            table[utf16] = utf8
        }
        return table
    }

    @Test func utf16RangesConvertLikeAScalarWalkAndRejectSplitSurrogatePairs() {
        var random = SplitMix64(seed: 16)
        var rejected = 0
        for _ in 0..<300 {
            let text = Self.randomText(&random, pieces: Int(random.next() % 8))
            let attributed = AttributedString(text)
            let table = Self.utf16ToUTF8(text)
            let count = text.utf16.count
            for _ in 0..<8 {
                let a = Int(random.next() % UInt64(count + 2)), b = Int(random.next() % UInt64(count + 2))
                let range = min(a, b)..<max(a, b)
                var expected: Range<Int>? = nil
                if range.upperBound <= count, let lower = table[range.lowerBound], let upper = table[range.upperBound] {
                    expected = lower..<upper
                }
                if expected == nil { rejected += 1 }
                #expect(attributed.utf8Range(ofUTF16Range: range) == expected, "\(text.debugDescription) \(range)")
                #expect(text.utf8Range(ofUTF16Range: range) == expected, "\(text.debugDescription) \(range)")
                if let expected {
                    #expect(attributed.utf16Range(ofUTF8Range: expected) == range)
                }
            }
        }
        #expect(rejected > 100, "the random ranges must include invalid ones")
    }

    @Test(arguments: ComposerHighlighter.Strategy.allCases)
    func utf16EditsThroughTheComposerMatchAFullScan(strategy: ComposerHighlighter.Strategy) throws {
        var random = SplitMix64(seed: 1_016)
        let detector = PatternDetector(rules: BlueskyRules.shared)
        var composer = ComposerHighlighter(text: "gm @alice.test 😀 #swift", rules: BlueskyRules.shared, strategy: strategy)
        var units = Array(String(composer.text.characters[...]).utf16)
        for step in 0..<300 {
            let a = Int(random.next() % UInt64(units.count + 1)), b = Int(random.next() % UInt64(units.count + 1))
            let range = min(a, b)..<max(a, b)
            let replacement = Self.pieces[Int(random.next() % UInt64(Self.pieces.count))]
            let table = Self.utf16ToUTF8(String(decoding: units, as: UTF16.self))
            let valid = table[range.lowerBound] != nil && table[range.upperBound] != nil
            let applied = composer.replace(utf16Range: range, with: replacement)
            #expect((applied != nil) == valid, "step \(step) \(range)")
            if let applied {
                #expect(applied.replacedUTF16Range == range, "step \(step)")
                #expect(applied.insertedUTF16Range == range.lowerBound..<range.lowerBound + replacement.utf16.count, "step \(step)")
            }
            if valid { units.replaceSubrange(range, with: Array(replacement.utf16)) }
            let plain = String(composer.text.characters[...])
            #expect(Array(plain.utf16) == units, "step \(step)")
            #expect(composer.text.taggedSpans() == Span.mergingTouching(detector.spans(in: plain)), "step \(step)")
            if valid {
                let caret = range.lowerBound + replacement.utf16.count
                #expect(composer.selectedUTF16Range == caret..<caret, "step \(step)")
            }
        }
    }

    /// A user's edit at the selection: typing or pasting over it, backspace, forward delete, at
    /// random places including both ends of the text.
    struct UserEdit {
        var old: String
        var new: String
        var oldSelection: Range<Int>
        var newSelection: Range<Int>
    }

    static func randomUserEdit(_ random: inout SplitMix64) -> UserEdit {
        let old = randomText(&random, pieces: Int(random.next() % 10))
        var boundaries = [0]
        for character in old { boundaries.append(boundaries.last! + character.utf8.count) }
        func boundary() -> Int {
            switch random.next() % 5 {
            case 0: return 0
            case 1: return boundaries.last!
            default: return boundaries[Int(random.next() % UInt64(boundaries.count))]
            }
        }
        let bytes = Array(old.utf8)
        func applying(_ range: Range<Int>, _ inserted: String) -> String {
            String(decoding: bytes[..<range.lowerBound] + Array(inserted.utf8) + bytes[range.upperBound...], as: UTF8.self)
        }
        let a = boundary(), b = boundary()
        let caret = a
        switch random.next() % 4 {
        case 0:  // typing or pasting over a selection
            let selection = min(a, b)..<max(a, b)
            let inserted = randomText(&random, pieces: 1 + Int(random.next() % 2))
            let end = selection.lowerBound + inserted.utf8.count
            return UserEdit(old: old, new: applying(selection, inserted), oldSelection: selection, newSelection: end..<end)
        case 1:  // backspace: the Character before the caret
            guard let index = boundaries.firstIndex(of: caret), index > 0 else { fallthrough }
            let deleted = boundaries[index - 1]..<caret
            return UserEdit(old: old, new: applying(deleted, ""), oldSelection: caret..<caret, newSelection: deleted.lowerBound..<deleted.lowerBound)
        case 2:  // forward delete
            guard let index = boundaries.firstIndex(of: caret), index + 1 < boundaries.count else { fallthrough }
            let deleted = caret..<boundaries[index + 1]
            return UserEdit(old: old, new: applying(deleted, ""), oldSelection: caret..<caret, newSelection: caret..<caret)
        default:  // deleting a selection
            let selection = min(a, b)..<max(a, b)
            return UserEdit(old: old, new: applying(selection, ""), oldSelection: selection, newSelection: selection.lowerBound..<selection.lowerBound)
        }
    }

    static func isScalarBoundary(_ offset: Int, in text: String) -> Bool {
        offset == 0 || offset == text.utf8.count || !UTF8Scalar.isContinuation(Array(text.utf8)[offset])
    }

    static func reconstruct(_ edit: TextEdit, old: String, new: String) -> [UInt8] {
        let oldBytes = Array(old.utf8), newBytes = Array(new.utf8)
        return Array(oldBytes[..<edit.start] + newBytes[edit.newUTF8Range] + oldBytes[edit.oldEnd...])
    }

    @Test func inferredEditsReproduceTheNewTextOnScalarBoundaries() {
        var random = SplitMix64(seed: 2_026)
        var hinted = 0
        for round in 0..<3_000 {
            let user = Self.randomUserEdit(&random)
            for hints in [true, false] {
                let edit = TextEdit.inferred(
                    from: user.old.utf8, to: user.new.utf8,
                    oldSelection: hints ? user.oldSelection : nil, newSelection: hints ? user.newSelection : nil)
                guard let edit else {
                    #expect(user.old == user.new, "round \(round): no edit found for a change")
                    continue
                }
                let context = "round \(round) hints \(hints): \(user.old.debugDescription) → \(user.new.debugDescription), \(edit)"
                #expect(Self.reconstruct(edit, old: user.old, new: user.new) == Array(user.new.utf8), "\(context)")
                #expect(Self.isScalarBoundary(edit.start, in: user.old) && Self.isScalarBoundary(edit.oldEnd, in: user.old), "\(context)")
                #expect(Self.isScalarBoundary(edit.start, in: user.new) && Self.isScalarBoundary(edit.newEnd, in: user.new), "\(context)")
                if hints {
                    hinted += 1
                    // Found inside the selections' window, never outside it.
                    let start = min(user.oldSelection.lowerBound, user.newSelection.upperBound)
                    #expect(edit.start >= start, "\(context)")
                    #expect(edit.oldEnd <= max(user.oldSelection.upperBound, user.newSelection.upperBound - edit.delta), "\(context)")
                }
            }
        }
        #expect(hinted > 2_000)
    }

    @Test func anEditNowhereNearTheSelectionsIsFoundWithoutThem() {
        let old = "one two three", new = "one TWO three"
        let edit = TextEdit.inferred(from: old.utf8, to: new.utf8)
        #expect(edit == TextEdit(start: 4, oldEnd: 7, newEnd: 7))
        // A scalar changed in its last byte: the edit covers the whole scalar.
        #expect(TextEdit.inferred(from: "aéb".utf8, to: "aèb".utf8) == TextEdit(start: 1, oldEnd: 3, newEnd: 3))
        #expect(TextEdit.inferred(from: "same".utf8, to: "same".utf8) == nil)
    }

    @Test(arguments: ComposerHighlighter.Strategy.allCases)
    func swiftUIChangesThroughTheComposerMatchAFullScan(strategy: ComposerHighlighter.Strategy) throws {
        var random = SplitMix64(seed: 77)
        let detector = PatternDetector(rules: BlueskyRules.shared)
        var composer = ComposerHighlighter(text: "gm @alice.test 😀 #swift", rules: BlueskyRules.shared, strategy: strategy)
        for step in 0..<300 {
            // The editor changes a copy of the composer's text at the selection, as TextEditor does.
            let plain = String(composer.text.characters[...])
            var boundaries = [0]
            for character in plain { boundaries.append(boundaries.last! + character.utf8.count) }
            let a = boundaries[Int(random.next() % UInt64(boundaries.count))]
            let b = random.next() % 2 == 0 ? a : boundaries[Int(random.next() % UInt64(boundaries.count))]
            let selected = composer.select(utf8Range: min(a, b)..<max(a, b))
            #expect(selected)
            var text = composer.text
            let selection = composer.selectedUTF8Range
            let inserted = random.next() % 4 == 0 ? "" : Self.pieces[Int(random.next() % UInt64(Self.pieces.count))]
            text.characters.replaceSubrange(text.utf8Range(selection), with: inserted)
            let caret = selection.lowerBound + inserted.utf8.count
            var newSelection = text.utf8Range(caret..<caret)
            composer.textDidChange(&text, selection: &newSelection)
            let now = String(composer.text.characters[...])
            #expect(composer.text == text)
            #expect(composer.text.taggedSpans() == Span.mergingTouching(detector.spans(in: now)), "step \(step) \(now.debugDescription) \(selection) \(inserted.debugDescription)")
            #expect(composer.selectedUTF8Range == caret..<caret, "step \(step)")
            // SwiftUI's onChange fires again for the text the composer wrote back: that call
            // finds no edit and leaves text and selection as they are, so the loop ends there. The
            // localized strategy reports nothing; the full rebuild rewrites (and reports) it all.
            var echoed = text
            var echoedSelection = newSelection
            let echo = composer.textDidChange(&echoed, selection: &echoedSelection)
            #expect(echo.replacedUTF8Range.isEmpty && echo.insertedUTF8Range.isEmpty, "step \(step): \(echo)")
            #expect(strategy == .fullRebuild || echo.isEmpty, "step \(step): \(echo)")
            #expect(echoed == text && echoedSelection == newSelection && composer.text == text)
        }
    }

    /// SwiftUI's editor moves its selection (a tap, an arrow key) without changing the text, and
    /// runs the actions for a keystroke's new text and new selection in an order of its own: the
    /// composer follows the moves through `selectionDidChange`, ignores a selection made in text it
    /// has not seen yet, and finds every edit where the user made it.
    @Test(arguments: ComposerHighlighter.Strategy.allCases)
    func selectionsTheEditorMovesAreFollowedInEitherOrder(strategy: ComposerHighlighter.Strategy) throws {
        var random = SplitMix64(seed: 4_242)
        let detector = PatternDetector(rules: BlueskyRules.shared)
        var composer = ComposerHighlighter(text: "hi example.com #tag @al.test 😀 ok", rules: BlueskyRules.shared, strategy: strategy)
        var ignored = 0, taken = 0
        for step in 0..<400 {
            // The user moves the selection: SwiftUI's selection action, text unchanged.
            var text = composer.text
            let plain = String(text.characters[...])
            var boundaries = [0]
            for character in plain { boundaries.append(boundaries.last! + character.utf8.count) }
            let a = boundaries[Int(random.next() % UInt64(boundaries.count))]
            let b = random.next() % 2 == 0 ? a : boundaries[Int(random.next() % UInt64(boundaries.count))]
            let moved = text.utf8Range(min(a, b)..<max(a, b))
            let followed = composer.selectionDidChange(moved)
            #expect(followed, "step \(step)")
            #expect(composer.selectedUTF8Range == min(a, b)..<max(a, b))
            // Then types, pastes or deletes there.
            let selection = min(a, b)..<max(a, b)
            let inserted = random.next() % 4 == 0 ? "" : Self.pieces[Int(random.next() % UInt64(Self.pieces.count))]
            text.characters.replaceSubrange(text.utf8Range(selection), with: inserted)
            let caret = selection.lowerBound + inserted.utf8.count
            var newSelection = text.utf8Range(caret..<caret)
            let selectionFirst = random.next() % 2 == 0
            if selectionFirst {
                // Made in the changed text: not the composer's, so not taken.
                let before = composer.selectedUTF8Range
                let taken = composer.selectionDidChange(newSelection)
                #expect(!taken, "step \(step)")
                #expect(composer.selectedUTF8Range == before)
                ignored += 1
            }
            composer.textDidChange(&text, selection: &newSelection)
            if !selectionFirst {
                let echoed = composer.selectionDidChange(newSelection)
                #expect(echoed, "step \(step)")
                taken += 1
            }
            let now = String(composer.text.characters[...])
            #expect(composer.text == text)
            #expect(
                composer.text.taggedSpans() == Span.mergingTouching(detector.spans(in: now)),
                "step \(step) \(now.debugDescription) \(selection) \(inserted.debugDescription)")
            #expect(composer.selectedUTF8Range == caret..<caret, "step \(step)")
        }
        #expect(ignored > 150 && taken > 150)
    }

    /// The adopter's case: the caret at the end, a tap after "hi " and an "@" typed there.
    @Test(arguments: ComposerHighlighter.Strategy.allCases)
    func typingAfterATapElsewhereIsFoundAtTheTap(strategy: ComposerHighlighter.Strategy) {
        var composer = ComposerHighlighter(text: "hi example.com", rules: BlueskyRules.shared, strategy: strategy)
        var text = composer.text
        let tapped = composer.selectionDidChange(text.utf8Range(3..<3))
        #expect(tapped)
        text.characters.replaceSubrange(text.utf8Range(3..<3), with: "@")
        var selection = text.utf8Range(4..<4)
        let change = composer.textDidChange(&text, selection: &selection)
        #expect(composer.text.taggedSpans().map { "\($0.kind)\($0.utf8Range)" } == ["mention3..<15"])
        #expect(change.replacedUTF8Range == 3..<3 && change.insertedUTF8Range == 3..<4, "\(change)")
    }

    @Test("Ranges from outside that do not fit the text change nothing and answer nil or false", arguments: ComposerHighlighter.Strategy.allCases)
    func rangesThatDoNotFitChangeNothing(strategy: ComposerHighlighter.Strategy) {
        var composer = ComposerHighlighter(text: "hi 😀 @alice.test", rules: BlueskyRules.shared, strategy: strategy)
        let before = composer
        // Inside the emoji's UTF-8 sequence, past the end, negative; a split surrogate pair in UTF-16.
        for range in [4..<4, 3..<5, 0..<100, 21..<21] {
            let replaced = composer.replace(utf8Range: range, with: "x")
            let selected = composer.select(utf8Range: range)
            #expect(replaced == nil && !selected, "\(range)")
        }
        #expect(!composer.isValid(utf8Range: -1..<0))
        let splitPair = composer.replace(utf16Range: 4..<4, with: "x")
        let pastEnd = composer.replace(utf16Range: 0..<50, with: "x")
        let selectedSplit = composer.select(utf16Range: 4..<5)
        #expect(splitPair == nil && pastEnd == nil && !selectedSplit)
        #expect(ChangeReportFreeCheck.same(composer.text, before.text) && composer.selectedUTF8Range == before.selectedUTF8Range)
        // The same ranges on scalar boundaries are edits.
        let change = composer.replace(utf8Range: 3..<7, with: "🙂")
        #expect(change?.replacedUTF16Range == 3..<5 && change?.insertedUTF16Range == 3..<5)
    }
}

/// Scalars and attribute runs equal (what a text view shows).
enum ChangeReportFreeCheck {
    static func same(_ a: AttributedString, _ b: AttributedString) -> Bool {
        a.unicodeScalars.elementsEqual(b.unicodeScalars) && a.runs == b.runs
    }
}
