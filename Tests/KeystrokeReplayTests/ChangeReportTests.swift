import ComposerText
import Foundation
import PatternDetection
import TestSupport
import Testing

@testable import KeystrokeReplay

/// What an editing call reports is all a mirror needs: applying only the reported change — the
/// replaced characters, then the attributes of the reported ranges — to a copy of the text before
/// the edit gives the composer's text after it, characters and attributes alike, after every
/// keystroke of the replay sessions, with both strategies.
@Suite("Change reports")
struct ChangeReportTests {
    /// A composer fed by the fragmenting editor, with a mirror that follows only the reports.
    struct Player {
        var editor: FragmentingEditor
        var composer: ComposerHighlighter
        var keystrokes = 0
        /// Bytes the reports asked the mirror to write (inserted and re-attributed).
        var touched = 0

        init(text: String, cursor: Int?, rules: any RuleSet, strategy: ComposerHighlighter.Strategy) {
            editor = FragmentingEditor(text: AttributedString(text), cursor: cursor)
            composer = ComposerHighlighter(text: editor.text, rules: rules, strategy: strategy)
            editor.text = composer.text
        }

        /// Performs `action`; for an edit, checks that the report rebuilds the new text from the
        /// old. Returns `false` when it did not (the first failure ends a session).
        mutating func perform(_ action: ReplayAction, _ context: @autoclosure () -> String) throws -> Bool {
            var mirror = editor.text
            let edit: TextEdit?
            switch action {
            case .insert(let text): edit = editor.insert(text)
            case .backspace: edit = editor.backspace()
            case .replace(let range, let text): edit = editor.replace(range, with: text)
            case .moveTo(let offset): try editor.moveCaret(to: offset); edit = nil
            case .select(let range): try editor.select(range); edit = nil
            case .bold(let range): try editor.bold(range); edit = nil
            }
            guard let edit else { return true }
            var selection = editor.text.utf8Range(editor.selection)
            let change = composer.textDidChange(&editor.text, edit: edit, selection: &selection)
            #expect(change.utf8Edit == edit, "\(context())")
            ChangeFollowing.follow(change, from: editor.text, into: &mirror)
            let same = ChangeFollowing.sameContent(mirror, editor.text)
            #expect(same, "\(context()) keystroke \(keystrokes) \(change): \(ChangeFollowing.difference(mirror, editor.text))")
            touched += change.touchedUTF8Count
            keystrokes += 1
            return same
        }
    }

    /// Plays `session`; returns the player at the end (or at the first failure).
    static func play(_ session: ReplaySession, strategy: ComposerHighlighter.Strategy) throws -> Player {
        let rules = try #require(BuiltInRules(rawValue: session.rules)).ruleSet()
        var player = Player(text: session.initialText, cursor: session.cursor, rules: rules, strategy: strategy)
        for (index, action) in ReplayAction.actions(in: session) {
            guard try player.perform(action, "\(session.name) \(strategy) step \(index)") else { return player }
        }
        return player
    }

    static let pieces = [
        "@alice.bsky.social ", "#tag", "😀", "👩‍👩‍👧", "e\u{301}", "\u{301}", "https://swift.org/x", " ", "\n", "x",
        "example.com", "$AAPL ", "@bob_", "#日本", "🇺🇸", "(", ")", ".",
    ]

    @Test("Replay fixtures: the reported change rebuilds the new text from the old", arguments: ComposerHighlighter.Strategy.allCases)
    func fixtures(strategy: ComposerHighlighter.Strategy) throws {
        var keystrokes = 0
        for name in ReplayFixtures.small {
            keystrokes += try Self.play(try ReplayFixtures.session(name), strategy: strategy).keystrokes
        }
        #expect(keystrokes > 100)
    }

    @Test("Random edits (emoji, combining marks, pastes, replacements, deletions, bold)", arguments: ComposerHighlighter.Strategy.allCases)
    func randomEdits(strategy: ComposerHighlighter.Strategy) throws {
        for seed in UInt64(1)...3 {
            for rulesName in ["bluesky", "twitter", "icysky"] {
                var random = SplitMix64(seed: seed)
                var generator = SessionGenerator(seed: seed)
                let rules = try #require(BuiltInRules(rawValue: rulesName)).ruleSet()
                var player = Player(text: generator.document(utf8Count: 600), cursor: nil, rules: rules, strategy: strategy)
                func boundary() -> Int { player.editor.characterBoundary(near: Int(random.next() % UInt64(player.editor.utf8Count + 1))) }
                func piece() -> String { Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }
                for step in 0..<120 {
                    let action: ReplayAction
                    switch random.next() % 8 {
                    case 0: action = .moveTo(boundary())
                    case 1: action = .backspace
                    case 2:
                        let (a, b) = (boundary(), boundary())
                        action = .replace(min(a, b)..<max(a, b), random.next() % 3 == 0 ? "" : piece())
                    case 3:
                        let (a, b) = (boundary(), boundary())
                        action = .bold(min(a, b)..<max(a, b))
                    default: action = .insert(piece())
                    }
                    guard try player.perform(action, "\(rulesName) \(strategy) seed \(seed) step \(step)") else { break }
                }
                #expect(player.keystrokes > 60, "\(rulesName) seed \(seed)")
            }
        }
    }

    @Test("The localized strategy reports only what its window changed; the full rebuild the whole text")
    func localizedReportsStayLocal() throws {
        let session = SessionGenerator(seed: 7).midDocumentReply(documentUTF8Count: 100_000, keystrokes: 40)
        let localized = try Self.play(session, strategy: .localized)
        let full = try Self.play(session, strategy: .fullRebuild)
        #expect(localized.keystrokes == full.keystrokes && localized.keystrokes > 30)
        // Per keystroke: a few words for the localized strategy, the whole document for the rebuild.
        #expect(localized.touched / localized.keystrokes < 200)
        #expect(full.touched / full.keystrokes > 100_000)
    }
}
