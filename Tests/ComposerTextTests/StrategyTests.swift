import Foundation
import Testing
import PatternDetection
import KeystrokeReplay
@testable import ComposerText

/// Both strategies on fragmented text: tags equal a full scan after every keystroke, the selection
/// stays where the editor put it, and only the localized one keeps the user's formatting.
@Suite("Highlighting strategies")
struct StrategyTests {
    static let ruleSets: [String] = ["icysky", "bluesky", "twitter"]

    static func rules(_ name: String) throws -> any RuleSet {
        try #require(BuiltInRules(rawValue: name)).ruleSet()
    }

    /// Both strategies, and the localized one with a one-byte focus margin: it reads out to the
    /// window's edge whenever Foundation dropped tags next to the touched bytes.
    static func makeStrategies(_ rules: any RuleSet) -> [any HighlightingStrategy] {
        [FullRebuild(rules: rules), LocalizedTransform(rules: rules), LocalizedTransform(rules: rules, focusMarginBytes: 1)]
    }

    /// Types, deletes, pastes and moves at random; checks every strategy after every keystroke.
    @Test(arguments: ruleSets)
    func randomSessionsMatchAFullScanAndKeepTheSelection(rulesName: String) throws {
        let rules = try Self.rules(rulesName)
        let detector = PatternDetector(rules: rules)
        let pieces = ["@", "#", "＃", " ", "\n", "a", "bob", ".test", ".bsky.social", "https://", "swift.org", "/", ".", ")", "(", "é", "😀", "\u{200D}", "$AAPL", "\u{3000}", "x"]
        for seed in UInt64(1)...12 {
            var random = SplitMix64(seed: seed)
            for var strategy in Self.makeStrategies(rules) {
                var editor = FragmentingEditor(text: AttributedString("gm @alice.test #swift see https://x.com ok"))
                strategy.load(&editor.text)
                for step in 0..<160 {
                    let edit: TextEdit?
                    switch random.next() % 10 {
                    case 0..<6:
                        edit = editor.insert(pieces[Int(random.next() % UInt64(pieces.count))])
                    case 6, 7:
                        edit = editor.backspace()
                    case 8:
                        let caret = editor.characterBoundary(near: Int(random.next() % UInt64(editor.utf8Count + 1)))
                        try editor.moveCaret(to: caret)
                        edit = nil
                    default:
                        let a = editor.characterBoundary(near: Int(random.next() % UInt64(editor.utf8Count + 1)))
                        let b = editor.characterBoundary(near: Int(random.next() % UInt64(editor.utf8Count + 1)))
                        edit = editor.replace(min(a, b)..<max(a, b), with: pieces[Int(random.next() % UInt64(pieces.count))])
                    }
                    guard let edit else { continue }
                    var selection = editor.text.utf8Range(editor.selection)
                    strategy.textDidChange(&editor.text, edit: edit, selection: &selection)
                    let plain = String(editor.text.characters[...])
                    let expected = Span.mergingTouching(detector.spans(in: plain))
                    #expect(
                        editor.text.taggedSpans() == expected,
                        "\(strategy.name) seed \(seed) step \(step) \(edit) text \(plain.debugDescription)")
                    #expect(editor.text.utf8Offsets(selection) == editor.selection, "\(strategy.name) seed \(seed) step \(step)")
                    // Styles follow the tags exactly.
                    for run in editor.text.runs {
                        #expect(run.foregroundColor == run.textPattern.map { PatternColorConstraint.defaultColors[$0] ?? .orange })
                        #expect((run.underlineStyle == .single) == (run.textPattern == .url))
                    }
                    if editor.text.taggedSpans() != expected { return }
                }
            }
        }
    }

    @Test func localizedKeepsBoldAndTheRunsOutsideTheWindow() throws {
        let rules = try Self.rules("bluesky")
        var editor = FragmentingEditor(text: AttributedString("intro paragraph. "))
        var strategy = LocalizedTransform(rules: rules)
        strategy.load(&editor.text)
        for character in "hello @alice.test and #swift" {
            let edit = editor.insert(String(character))
            var selection = editor.text.utf8Range(editor.selection)
            strategy.textDidChange(&editor.text, edit: edit, selection: &selection)
        }
        try editor.bold(0..<5)
        let runsBefore = editor.text.runs.count
        let boldBefore = editor.text.runs.filter { $0.emphasis == .stronglyEmphasized }.map(\.range)
        // Type at the end: the runs of the bold intro and of everything before the window stay.
        for character in " more" {
            let edit = editor.insert(String(character))
            var selection = editor.text.utf8Range(editor.selection)
            strategy.textDidChange(&editor.text, edit: edit, selection: &selection)
        }
        #expect(editor.text[editor.text.utf8Range(0..<5)].runs.allSatisfy { $0.emphasis == .stronglyEmphasized })
        #expect(editor.text.runs.filter { $0.emphasis == .stronglyEmphasized }.map(\.range) == boldBefore)
        #expect(editor.text.runs.count == runsBefore + 5, "one run per typed character, nothing merged or split elsewhere")
        #expect(editor.text.taggedSpans().map(\.kind) == [.mention, .hashtag])
    }

    @Test func fullRebuildDropsUserFormattingAsDocumented() throws {
        let rules = try Self.rules("bluesky")
        var editor = FragmentingEditor(text: AttributedString("bold words then #tag"))
        var strategy = FullRebuild(rules: rules)
        strategy.load(&editor.text)
        try editor.bold(0..<4)
        let edit = editor.insert("s")
        var selection = editor.text.utf8Range(editor.selection)
        strategy.textDidChange(&editor.text, edit: edit, selection: &selection)
        #expect(editor.text.runs.allSatisfy { $0.emphasis == nil })
        #expect(editor.text.taggedSpans() == [Span(kind: .hashtag, utf8Range: 16..<21)])
        #expect(editor.text.utf8Offsets(selection) == 21..<21)
    }

    @Test func fragmentingEditorEditsExactlyTheBytesItReports() throws {
        var editor = FragmentingEditor(text: AttributedString("ab\u{200D}"), cursor: 2)
        // ")" joins the ZWJ after it into one Character: the caret is now inside that Character.
        #expect(editor.insert(")") == TextEdit(start: 2, oldEnd: 2, newEnd: 3))
        #expect(editor.insert("é") == TextEdit(start: 3, oldEnd: 3, newEnd: 5))
        #expect(String(editor.text.characters[...]) == "ab)é\u{200D}")
        // Backspace deletes the Character before the caret, "é", then ")" alone, never "b" with it.
        #expect(editor.backspace() == TextEdit(start: 3, oldEnd: 5, newEnd: 3))
        #expect(editor.backspace() == TextEdit(start: 2, oldEnd: 3, newEnd: 2))
        #expect(String(editor.text.characters[...]) == "ab\u{200D}")
        // Inside the first Character.
        var first = FragmentingEditor(text: AttributedString("\u{200D}"), cursor: 0)
        first.insert(")")
        #expect(first.backspace() == TextEdit(start: 0, oldEnd: 1, newEnd: 0))
        #expect(first.backspace() == nil)
    }

    @Test func characterBoundaryNearAnOffsetIsTheStartOfItsCharacter() {
        // ")" + ZWJ is one Character (2..<6), as is ")" + ZWJ at the very start (0..<4).
        let editor = FragmentingEditor(text: AttributedString("ab)\u{200D}c"))
        #expect([0, 1, 2, 3, 4, 5, 6, 7, 99, -1].map(editor.characterBoundary(near:)) == [0, 1, 2, 2, 2, 2, 6, 7, 7, 0])
        let leading = FragmentingEditor(text: AttributedString(")\u{200D}c"))
        #expect([1, 2, 4].map(leading.characterBoundary(near:)) == [0, 0, 4])
    }

    @Test func fragmentingEditorLeavesOneRunPerTypedCharacter() {
        var editor = FragmentingEditor(text: AttributedString(""))
        for character in "@john" { editor.insert(String(character)) }
        #expect(editor.text.runs.count == 5)
    }
}
