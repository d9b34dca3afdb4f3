import ComposerText
import Foundation
import KeystrokeReplay
import PatternDetection
@testable import ComposerTextStorage
import Testing

/// The storage follows the composer through `ComposerChange`s alone: after every keystroke its
/// string is the composer's text and its attributes are the mapped attributes of the composer's
/// runs; composition text is left alone until committed; per-key work does not grow with the draft.
@Suite("Text storage mirror")
struct TextStorageMirrorTests {
    /// The first place the storage differs from the composer (its string, or a unit's attributes
    /// under the mirror's keys against ``MirrorScriptChecks/expectedAttributes(_:)``), or `nil`.
    static func mismatch(_ mirror: TextStorageMirror, _ composer: ComposerHighlighter) -> String? {
        let storage = ns(mirror)
        let plain = String(composer.text.characters[...])
        guard storage.string == plain else { return "string \(storage.string.debugDescription) vs \(plain.debugDescription)" }
        let expected = MirrorScriptChecks.expectedAttributes(composer)
        var problem: String?
        storage.enumerateAttributes(in: NSRange(location: 0, length: storage.length)) { found, range, stop in
            let got = MirrorScriptChecks.describe(found)
            if let unit = Range(range)?.first(where: { expected[$0] != got }) {
                problem = "at \(unit): \(got) vs \(expected[unit])"
                stop.pointee = true
            }
        }
        return problem
    }

    /// The mirror's storage, which these tests make an `NSMutableAttributedString`.
    static func ns(_ mirror: TextStorageMirror) -> NSMutableAttributedString {
        mirror.storage as! NSMutableAttributedString
    }

    static let pieces = [
        "@alice.bsky.social ", "#tag", "😀", "👩‍👩‍👧", "e\u{301}", "https://swift.org/x", " ", "\n", "x",
        "example.com/a", "$AAPL ", "#日本 ", "🇺🇸", ".",
    ]

    /// A composer on a generated draft of about `utf8Count` bytes (``SessionGenerator``).
    static func generatedDraft(seed: UInt64, utf8Count: Int, strategy: ComposerHighlighter.Strategy) -> ComposerHighlighter {
        var generator = SessionGenerator(seed: seed)
        return ComposerHighlighter(text: generator.document(utf8Count: utf8Count), rules: BlueskyRules.shared, strategy: strategy)
    }

    @Test("Random UIKit-style edits: the storage equals the composer after every key", arguments: ComposerHighlighter.Strategy.allCases)
    func randomEdits(strategy: ComposerHighlighter.Strategy) {
        for seed in UInt64(1)...8 {
            var random = SplitMix64(seed: seed)
            var composer = Self.generatedDraft(seed: seed, utf8Count: 800, strategy: strategy)
            let mirror = TextStorageMirror(composer: composer)
            #expect(Self.mismatch(mirror, composer) == nil)
            var applied = 0
            for step in 0..<150 {
                // Any UTF-16 offsets, as UIKit reports them; ranges that split a surrogate pair change nothing.
                let range = Self.randomRange(among: Array(0...composer.text.utf16.count), &random)
                let piece = Self.randomPiece(&random)
                guard let change = composer.replace(utf16Range: range, with: piece) else { continue }
                mirror.apply(change, from: composer)
                applied += 1
                if let problem = Self.mismatch(mirror, composer) {
                    Issue.record("\(strategy) seed \(seed) step \(step): \(problem) after \(change) replacing \(range) with \(piece.debugDescription)")
                    return
                }
            }
            #expect(applied > 100)
        }
    }

    @Test("Replay fixtures typed through the composer keep the storage equal", arguments: ComposerHighlighter.Strategy.allCases)
    func replayFixtures(strategy: ComposerHighlighter.Strategy) throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/replays")
        var keys = 0
        for name in ["typing-a-post", "paste-url", "edit-inside-mention", "delete-across-hashtag"] {
            let session = try ReplaySession.load(from: directory.appendingPathComponent(name + ".json"))
            let rules = try #require(BuiltInRules(rawValue: session.rules)).ruleSet()
            var composer = ComposerHighlighter(text: session.initialText, rules: rules, strategy: strategy)
            var caret = session.cursor ?? session.initialText.utf8.count
            let mirror = TextStorageMirror(composer: composer)
            for step in session.steps {
                var edits: [(Range<Int>, String)] = []
                switch step {
                case .type(let text): edits = text.map { (caret..<caret, String($0)) }
                case .paste(let text): edits = [(caret..<caret, text)]
                case .backspace(let count): edits = Array(repeating: (0..<0, "⌫"), count: count)
                case .replace(let range, let text): edits = [(range, text)]
                case .moveTo(let offset): caret = offset
                case .select(let range): caret = range.upperBound
                case .bold: break
                }
                for (range, text) in edits {
                    var utf8Range = range
                    var inserted = text
                    if text == "⌫" {
                        guard caret > 0 else { continue }
                        let plain = String(composer.text.characters[...])
                        let index = plain.utf8.index(plain.utf8.startIndex, offsetBy: caret)
                        let before = plain.index(before: index)
                        utf8Range = plain.utf8.distance(from: plain.utf8.startIndex, to: before)..<caret
                        inserted = ""
                    }
                    let replaced = composer.replace(utf8Range: utf8Range, with: inserted)
                    let change = try #require(replaced)
                    caret = utf8Range.lowerBound + inserted.utf8.count
                    mirror.apply(change, from: composer)
                    keys += 1
                    #expect(Self.mismatch(mirror, composer) == nil, "\(session.name) key \(keys)")
                }
            }
        }
        #expect(keys > 50)
    }

    @Test("Composition text keeps its attributes until committed, then matches", arguments: ComposerHighlighter.Strategy.allCases)
    func imeComposition(strategy: ComposerHighlighter.Strategy) throws {
        var composer = ComposerHighlighter(text: "gm ", rules: BlueskyRules.shared, strategy: strategy)
        let mirror = TextStorageMirror(composer: composer)
        // The user composes "#にほん" then commits "#日本": the text view marks the composition.
        var marked = 3..<3
        for step in ["#", "#に", "#にほ", "#にほん", "#日本"] {
            let replaced = composer.replace(utf16Range: marked, with: step)
            let change = try #require(replaced)
            marked = change.insertedUTF16Range
            mirror.setMarkedText(marked)
            mirror.apply(change, from: composer)
            #expect(Self.ns(mirror).string == String(composer.text.characters[...]))
            // Nothing written inside the composition: no colour there yet.
            var colored = false
            Self.ns(mirror).enumerateAttributes(in: NSRange(marked)) { found, _, _ in
                if found[TextStorageAttributes.foregroundColor] != nil { colored = true }
            }
            #expect(!colored, "\(step)")
        }
        #expect(composer.text.taggedSpans() == [Span(kind: .hashtag, utf8Range: 3..<10)])
        mirror.commitMarkedText(from: composer)
        #expect(Self.mismatch(mirror, composer) == nil)
        // Typing after the commit goes on as usual.
        let replaced = composer.replace(utf16Range: 6..<6, with: " ok")
        let change = try #require(replaced)
        mirror.apply(change, from: composer)
        #expect(Self.mismatch(mirror, composer) == nil)
    }

    /// What a text view does when its delegate lets a change through: it replaces the characters
    /// itself and gives them its typing attributes (here: those the storage gives new characters,
    /// the attributes of the first replaced character or of the one before).
    static func viewApplies(_ piece: String, at utf16Range: Range<Int>, to storage: NSMutableAttributedString) {
        storage.replaceCharacters(in: NSRange(utf16Range), with: piece)
    }

    /// Random ranges of the composer's text on grapheme-cluster boundaries (where a text view edits).
    static func clusterRange(_ composer: ComposerHighlighter, _ random: inout SplitMix64) -> Range<Int> {
        var boundaries = [0]
        for character in composer.text.characters { boundaries.append(boundaries.last! + character.utf16.count) }
        return randomRange(among: boundaries, &random)
    }

    /// A range between two of `boundaries` (empty, a caret, two times in three).
    static func randomRange(among boundaries: [Int], _ random: inout SplitMix64) -> Range<Int> {
        let a = boundaries[Int(random.next() % UInt64(boundaries.count))]
        let b = random.next() % 3 == 0 ? boundaries[Int(random.next() % UInt64(boundaries.count))] : a
        return min(a, b)..<max(a, b)
    }

    /// One of ``pieces``, or nothing (a deletion) one time in four.
    static func randomPiece(_ random: inout SplitMix64) -> String {
        random.next() % 4 == 0 ? "" : pieces[Int(random.next() % UInt64(pieces.count))]
    }

    @Test("Edits the view applies itself: announced ones are followed without reading the whole text, others by one comparison", arguments: ComposerHighlighter.Strategy.allCases)
    func editsTheViewApplies(strategy: ComposerHighlighter.Strategy) {
        for seed in UInt64(1)...6 {
            var random = SplitMix64(seed: seed)
            var composer = Self.generatedDraft(seed: seed, utf8Count: 600, strategy: strategy)
            let mirror = TextStorageMirror(composer: composer)
            var comparisons = 0
            for step in 0..<120 {
                let range = Self.clusterRange(composer, &random)
                let piece = Self.randomPiece(&random)
                Self.viewApplies(piece, at: range, to: Self.ns(mirror))
                let announced = TextStorageMirror.AnnouncedEdit(utf16Range: range, replacement: piece)
                switch step % 3 {
                case 0:
                    // Announced as it was made: O(edit).
                    mirror.storageDidChange(updating: &composer, announced: announced)
                case 1:
                    // Not announced (an input method committing on its own).
                    mirror.storageDidChange(updating: &composer)
                    comparisons += 1
                default:
                    // Announced, but the view made another change: a replacement of the same
                    // length with other characters, or a longer one.
                    let other = String(repeating: "z", count: piece.utf16.count)
                    let wrong = TextStorageMirror.AnnouncedEdit(utf16Range: range, replacement: piece.isEmpty ? "x" : other)
                    mirror.storageDidChange(updating: &composer, announced: wrong)
                    comparisons += 1
                }
                if let problem = Self.mismatch(mirror, composer) {
                    Issue.record("\(strategy) seed \(seed) step \(step): \(problem) after the view put \(piece.debugDescription) at \(range)")
                    return
                }
                #expect(mirror.wholeTextComparisons == comparisons, "seed \(seed) step \(step)")
            }
        }
    }

    @Test("The view's own attributes (its font) stay through every edit and restyle, either way edits arrive")
    func viewAttributesStay() {
        let font = NSAttributedString.Key("NSFont")
        var random = SplitMix64(seed: 11)
        var composer = Self.generatedDraft(seed: 11, utf8Count: 400, strategy: .localized)
        // The view shows the text in its fonts (a larger one for the second half) before the
        // mirror starts, and the mirror leaves them where they are.
        let storage = NSMutableAttributedString(string: String(composer.text.characters[...]), attributes: [font: "Body 17"])
        storage.addAttribute(font, value: "Body 18", range: NSRange(location: storage.length / 2, length: storage.length - storage.length / 2))
        let mirror = TextStorageMirror(composer: composer, storage: storage)
        #expect(storage.attribute(font, at: storage.length - 1, effectiveRange: nil) as? String == "Body 18")
        for step in 0..<200 {
            let range = Self.clusterRange(composer, &random)
            let piece = Self.pieces[Int(random.next() % UInt64(Self.pieces.count))]
            // Never empty the storage: a character typed into nothing has no font to take.
            if range.count >= composer.text.utf16.count { continue }
            if step % 2 == 0 {
                guard let change = composer.replace(utf16Range: range, with: piece) else { continue }
                mirror.apply(change, from: composer)
            } else {
                Self.viewApplies(piece, at: range, to: storage)
                mirror.storageDidChange(
                    updating: &composer, announced: step % 4 == 1 ? TextStorageMirror.AnnouncedEdit(utf16Range: range, replacement: piece) : nil)
            }
            #expect(Self.mismatch(mirror, composer) == nil, "step \(step)")
            var covered = 0
            storage.enumerateAttribute(font, in: NSRange(location: 0, length: storage.length)) { value, range, _ in
                if value as? String == "Body 17" || value as? String == "Body 18" { covered += range.length }
            }
            #expect(covered == storage.length, "step \(step): the font covers \(covered) of \(storage.length) units")
        }
    }

    @Test("An announced keystroke costs the words around it, whatever the draft's size")
    func announcedKeystrokesAreLocal() throws {
        for size in [1_000, 1_000_000] {
            let session = SessionGenerator(seed: 5).midDocumentReply(documentUTF8Count: size, keystrokes: 30)
            var composer = ComposerHighlighter(text: session.initialText, rules: BlueskyRules.shared)
            let mirror = TextStorageMirror(composer: composer)
            var caret = composer.text.utf16Range(ofUTF8Range: try #require(session.cursor)..<(try #require(session.cursor))).lowerBound
            var most = 0
            for step in session.steps {
                guard case .type(let text) = step else { continue }
                for character in text {
                    let before = mirror.unitsTouched
                    let piece = String(character)
                    Self.viewApplies(piece, at: caret..<caret, to: Self.ns(mirror))
                    let change = mirror.storageDidChange(
                        updating: &composer, announced: TextStorageMirror.AnnouncedEdit(utf16Range: caret..<caret, replacement: piece))
                    #expect(change != nil)
                    caret += piece.utf16.count
                    most = max(most, mirror.unitsTouched - before)
                }
            }
            #expect(mirror.wholeTextComparisons == 0)
            #expect(most < 200, "size \(size): \(most) units written for one key")
            if size == 1_000 { #expect(Self.mismatch(mirror, composer) == nil) }
        }
    }

    @Test("A composition the view applies keeps its look until committed, then matches")
    func compositionTheViewApplies() throws {
        var composer = ComposerHighlighter(text: "gm ", rules: BlueskyRules.shared)
        let mirror = TextStorageMirror(composer: composer)
        var marked = 3..<3
        // As a delegate reports them: the view's marked range after each change; the last change
        // commits the composition (no marked range).
        for (index, step) in ["#", "#に", "#にほ", "#にほん", "#日本"].enumerated() {
            let committed = index == 4
            Self.viewApplies(step, at: marked, to: Self.ns(mirror))
            let announced = TextStorageMirror.AnnouncedEdit(utf16Range: marked, replacement: step)
            marked = marked.lowerBound..<marked.lowerBound + step.utf16.count
            let change = mirror.viewDidChange(updating: &composer, announced: announced, marked: committed ? nil : marked)
            #expect(change != nil && Self.ns(mirror).string == String(composer.text.characters[...]))
            if committed { break }
            var colored = false
            Self.ns(mirror).enumerateAttributes(in: NSRange(marked)) { found, _, _ in
                if found[TextStorageAttributes.foregroundColor] != nil { colored = true }
            }
            #expect(!colored, "\(step)")
        }
        #expect(mirror.markedUTF16Range == nil)
        #expect(Self.mismatch(mirror, composer) == nil)
        #expect(mirror.wholeTextComparisons == 0)
        // The view put the same character back with other attributes (its typing attributes):
        // no characters to follow, and the attributes are the composer's again.
        Self.ns(mirror).replaceCharacters(
            in: NSRange(location: 0, length: 1),
            with: NSAttributedString(string: "g", attributes: [TextStorageAttributes.underlineStyle: 1]))
        #expect(mirror.storageDidChange(updating: &composer) == nil)
        #expect(Self.mismatch(mirror, composer) == nil)
    }

    @Test("An announcement is checked unit by unit: a cut surrogate in the storage is no U+FFFD")
    func announcementCheckedByUnits() {
        var composer = ComposerHighlighter(text: "😀b", rules: BlueskyRules.shared)
        let mirror = TextStorageMirror(composer: composer)
        // The view made "x😀by" but announced "x\u{FFFD}" at the start: as many units, and its
        // first two units ("x" and the lead surrogate of 😀) read as a String are "x\u{FFFD}".
        Self.ns(mirror).replaceCharacters(in: NSRange(location: 0, length: 0), with: "x")
        Self.ns(mirror).replaceCharacters(in: NSRange(location: 3, length: 0), with: "y")
        #expect(Self.ns(mirror).mutableString.substring(with: NSRange(location: 0, length: 2)) == "x\u{FFFD}")
        mirror.storageDidChange(updating: &composer, announced: .init(utf16Range: 0..<0, replacement: "x\u{FFFD}"))
        #expect(mirror.wholeTextComparisons == 1)
        #expect(Self.mismatch(mirror, composer) == nil)
    }

    @Test("A link's target follows every edit of the link: a deletion at its end, two links joined with no attribute changed")
    func linkTargetFollowsDeletions() throws {
        var composer = ComposerHighlighter(text: "see https://swift.org/xy ok", rules: BlueskyRules.shared)
        let mirror = TextStorageMirror(composer: composer)
        // Backspace the link's last character: the rest of the link keeps its attributes, but its
        // target is now …/x.
        let deleted = composer.replace(utf16Range: 23..<24, with: "")
        mirror.apply(try #require(deleted), from: composer)
        #expect(Self.ns(mirror).attribute(TextStorageAttributes.link, at: 4, effectiveRange: nil) as? String == "https://swift.org/x")
        #expect(Self.mismatch(mirror, composer) == nil)
        // The same through the view, announced.
        Self.ns(mirror).replaceCharacters(in: NSRange(location: 22, length: 1), with: "")
        mirror.storageDidChange(updating: &composer, announced: .init(utf16Range: 22..<23, replacement: ""))
        #expect(Self.mismatch(mirror, composer) == nil)
        // Two links joined by deleting what separated them (twitter: an underscore; bluesky: a
        // U+FEFF): every character keeps its attributes, so the change reports none, but the first
        // link's target is now the whole. Through the composer, and through the view.
        for (rules, separator, joinedTarget) in [
            (TwitterRules.shared as any RuleSet, "_", "https://xtodon.sociallice.bsky.social"),
            (BlueskyRules.shared, "\u{FEFF}", "https://xtodon.sociallice.bsky.social"),
        ] {
            for throughView in [false, true] {
                var joined = ComposerHighlighter(text: "see xtodon.social\(separator)lice.bsky.social x", rules: rules)
                #expect(joined.text.taggedSpans().count == 2)
                let joinedMirror = TextStorageMirror(composer: joined)
                if throughView {
                    Self.ns(joinedMirror).replaceCharacters(in: NSRange(location: 17, length: 1), with: "")
                    let change = joinedMirror.storageDidChange(updating: &joined, announced: .init(utf16Range: 17..<18, replacement: ""))
                    #expect(change?.attributedUTF16Ranges == [] && joinedMirror.wholeTextComparisons == 0)
                } else {
                    let join = joined.replace(utf16Range: 17..<18, with: "")
                    #expect(join?.attributedUTF16Ranges == [])
                    joinedMirror.apply(try #require(join), from: joined)
                }
                let target = Self.ns(joinedMirror).attribute(TextStorageAttributes.link, at: 4, effectiveRange: nil) as? String
                #expect(target == joinedTarget, "\(rules.name), through the view: \(throughView)")
                #expect(Self.mismatch(joinedMirror, joined) == nil)
                // Split again by typing the separator back: the first link's target is its own again.
                let split = joined.replace(utf16Range: 17..<17, with: separator)
                joinedMirror.apply(try #require(split), from: joined)
                #expect(Self.mismatch(joinedMirror, joined) == nil, "\(rules.name), split")
            }
        }
    }

    @Test("The difference between two texts never splits a surrogate pair")
    func differenceKeepsPairsWhole() throws {
        func edit(_ old: String, _ new: String) -> TextStorageMirror.AnnouncedEdit? {
            TextStorageMirror.difference(from: old, to: new)
        }
        // 😀 and 😁 share their lead surrogate; 😀 and 🙀 their trail one.
        #expect(edit("a😀b", "a😁b") == TextStorageMirror.AnnouncedEdit(utf16Range: 1..<3, replacement: "😁"))
        #expect(edit("a😀b", "a🙀b") == TextStorageMirror.AnnouncedEdit(utf16Range: 1..<3, replacement: "🙀"))
        #expect(edit("xx", "xxx") == TextStorageMirror.AnnouncedEdit(utf16Range: 2..<2, replacement: "x"))
        #expect(edit("abc", "ac") == TextStorageMirror.AnnouncedEdit(utf16Range: 1..<2, replacement: ""))
        #expect(edit("same", "same") == nil)
    }

    @Test("Per-key work on the storage does not grow with the draft (localized); the full rebuild's does")
    func perKeyWorkIsFlat() throws {
        var worst: [ComposerHighlighter.Strategy: [Int]] = [:]
        for size in [1_000, 100_000, 1_000_000] {
            for strategy in ComposerHighlighter.Strategy.allCases where strategy == .localized || size <= 100_000 {
                let session = SessionGenerator(seed: 3).midDocumentReply(documentUTF8Count: size, keystrokes: 40)
                var composer = ComposerHighlighter(text: session.initialText, rules: BlueskyRules.shared, strategy: strategy)
                var caret = try #require(session.cursor)
                let mirror = TextStorageMirror(composer: composer)
                var most = 0
                for step in session.steps {
                    guard case .type(let text) = step else { continue }
                    for character in text {
                        let before = mirror.unitsTouched
                        let replaced = composer.replace(utf8Range: caret..<caret, with: String(character))
                        let change = try #require(replaced)
                        caret += String(character).utf8.count
                        mirror.apply(change, from: composer)
                        most = max(most, mirror.unitsTouched - before)
                    }
                }
                worst[strategy, default: []].append(most)
                if size <= 1_000 { #expect(Self.mismatch(mirror, composer) == nil) }
            }
        }
        let localized = try #require(worst[.localized]), full = try #require(worst[.fullRebuild])
        // A few words around the caret, whatever the size.
        #expect(localized.allSatisfy { $0 < 200 }, "\(localized)")
        #expect(localized[2] <= localized[0] * 2 + 50, "\(localized)")
        #expect(full[1] > 90_000, "\(full)")
    }
}
