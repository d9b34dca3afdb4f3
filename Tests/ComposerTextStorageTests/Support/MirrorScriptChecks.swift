// Shared by the tests (regression fixtures, generated scripts) and the `mirror` fuzz target
// (Fuzz/MirrorFuzz.swift), which compiles the ComposerTextStorage sources into its own module and
// so must not import it.
import ComposerText
import Foundation
import PatternDetection
#if !FUZZING
import TestSupport
@testable import ComposerTextStorage
#endif

/// What the `mirror` fuzz target checks: a random script of what a text view and an app do to a
/// composer and its storage (a ``ReferenceTextStorage``) through a ``TextStorageMirror`` —
/// the app's edits, the view's own edits announced rightly, wrongly or not at all, input-method
/// compositions and their commits, the user's formatting, characters replaced by the same ones.
///
/// After every step: the storage's string is the composer's text; the mirror wrote only its own
/// keys, nothing over a marked range, no range out of bounds, and closed every editing group it
/// opened; a rightly announced edit did not compare the whole text and any other did, once; and,
/// when no composition is open, every unit carries under the mirror's keys exactly what the
/// composer's run there maps to, and the view's font everywhere it was before.
enum MirrorScriptChecks {
    static let pieces = [
        "@alice.bsky.social ", "#tag", "😀", "👩‍👩‍👧", "e\u{301}", "\u{301}", "https://swift.org/x", " ", "\n", "x",
        "example.com/a", "$AAPL ", "#日本 ", "🇺🇸", ".", "\u{200D}", ":blobcat:", "@bob@mastodon.social", "\r\n", "",
        "\u{FE0F}", "👍🏽", "#", "に",
    ]

    /// The view's own key and value, set on the whole text before the mirror starts.
    static let fontKey = "NSFont", fontValue = "Body 17"

    /// The attributes each unit must hold under the mirror's keys, from the composer's runs; a
    /// link's target is the value of the link span holding the unit, as a full scan finds it (the
    /// text's tags merge touching spans of one kind, so two adjacent links would read as one).
    static func expectedAttributes(_ composer: ComposerHighlighter) -> [[String: String]] {
        let text = composer.text
        let bytes = Array(text.utf8)
        let links = PatternDetector(rules: composer.rules).spans(inUTF8: bytes).filter { $0.kind == .url }
        var targetByUnit = [String?](repeating: nil, count: text.utf16.count)
        for link in links {
            let value = bytes.withUnsafeBufferPointer { composer.rules.value(of: link, in: $0) }
            for unit in text.utf16Range(ofUTF8Range: link.utf8Range) { targetByUnit[unit] = value }
        }
        let mapping = TextStorageAttributes()
        var result: [[String: String]] = []
        result.reserveCapacity(text.utf16.count)
        for run in text.runs {
            let lower = text.utf16.distance(from: text.startIndex, to: run.range.lowerBound)
            let count = text.utf16.distance(from: run.range.lowerBound, to: run.range.upperBound)
            for unit in lower..<lower + count {
                let target = run.textPattern == .url ? targetByUnit[unit] : nil
                result.append(describe(mapping.attributes(of: run, linkURI: target)))
            }
        }
        return result
    }

    /// The mirror's keys of `attributes`, as comparable strings.
    static func describe(_ attributes: [NSAttributedString.Key: Any]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: attributes.filter { TextStorageAttributes.keys.contains($0.key) }.map {
            ($0.key.rawValue, String(describing: $0.value))
        })
    }

    /// Byte 0: strategy (bit 0), storage that rounds replacements (bit 1), composed sequences of
    /// one scalar (bit 2), rule set (bits 3-4); byte 1: how many bytes of initial text follow. Then
    /// steps, each an opcode byte and its operands, until the input ends (at most 48).
    static func violation(fuzzInput data: UnsafeBufferPointer<UInt8>) -> String? {
        var reader = FuzzInputReader(data)
        let setup = reader.byte()
        let strategy: ComposerHighlighter.Strategy = setup & 1 == 0 ? .localized : .fullRebuild
        let rules = reader.pick(BuiltInRules.allCases, setup >> 3).ruleSet()
        let initial = reader.text(Int(reader.byte()))
        let composer = ComposerHighlighter(text: initial, rules: rules, strategy: strategy)
        let storage = ReferenceTextStorage(
            String(composer.text.characters[...]), attributes: [fontKey: fontValue],
            roundsReplacements: setup & 2 != 0, composesClusters: setup & 4 == 0)
        let mirror = TextStorageMirror(composer: composer, storage: storage)
        var script = Script(composer: composer, mirror: mirror, storage: storage)
        if let problem = script.check("start") { return problem }
        var step = 0
        while !reader.isAtEnd && step < 48 {
            step += 1
            let described = script.step(&reader)
            if let problem = script.check("step \(step) (\(described))") { return problem }
        }
        if script.marked != nil {
            script.commit(reader.pick(pieces, reader.byte()))
            if let problem = script.check("final commit") { return problem }
        }
        return nil
    }

    /// A composer, its mirror and the storage, with the composition a view has open.
    struct Script {
        var composer: ComposerHighlighter
        let mirror: TextStorageMirror
        let storage: ReferenceTextStorage
        /// The view's marked range, while an input method composes.
        var marked: Range<Int>?
        /// The whole-text comparisons the steps so far call for.
        var comparisons = 0
        /// Whether the view's font must still cover every unit (not once the storage was empty:
        /// text typed into nothing takes no attributes).
        var fontEverywhere = true

        init(composer: ComposerHighlighter, mirror: TextStorageMirror, storage: ReferenceTextStorage) {
            self.composer = composer
            self.mirror = mirror
            self.storage = storage
            fontEverywhere = storage.utf16Count > 0
        }

        /// A range the view edits: on grapheme-cluster boundaries (where a view puts the caret), or on
        /// scalar boundaries (an input method replacing inside a cluster), or empty.
        func viewRange(_ reader: inout FuzzInputReader) -> Range<Int> {
            let text = String(composer.text.characters[...])
            var boundaries = [0]
            if reader.byte() % 4 == 0 {
                for scalar in text.unicodeScalars { boundaries.append(boundaries.last! + scalar.utf16.count) }
            } else {
                for character in text { boundaries.append(boundaries.last! + character.utf16.count) }
            }
            let a = reader.pick(boundaries, reader.byte())
            let b = reader.byte() % 3 == 0 ? reader.pick(boundaries, reader.byte()) : a
            return min(a, b)..<max(a, b)
        }

        /// The view replaces `range` with `piece` in the storage itself, then reports it, with `piece`
        /// as its marked text when `composing`.
        mutating func viewEdits(_ range: Range<Int>, _ piece: String, announced: TextStorageMirror.AnnouncedEdit?, composing: Bool = false) {
            // Where the piece lands (a storage that rounds replacements may take more before it).
            let start = storage.replacedRange(range).lowerBound
            let markedAfter = composing ? start..<start + piece.utf16.count : nil
            var intended = Array(composer.text.utf16)
            intended.replaceSubrange(range, with: piece.utf16)
            storage.replaceCharacters(inUTF16Range: range, with: piece)
            if storage.utf16Count == 0 { fontEverywhere = false }
            // A storage that rounds replacements to whole clusters made another change than the
            // view announced: the mirror must notice and compare the whole text.
            let rightly = announced == TextStorageMirror.AnnouncedEdit(utf16Range: range, replacement: piece)
                && storage.utf16Units(inUTF16Range: 0..<storage.utf16Count) == intended
            if !rightly { comparisons += 1 }
            mirror.viewDidChange(updating: &composer, announced: announced, marked: markedAfter)
            marked = markedAfter
        }

        /// The composition ends with `piece` in place of the marked text.
        mutating func commit(_ piece: String) {
            guard let range = marked else { return }
            viewEdits(range, piece, announced: .init(utf16Range: range, replacement: piece))
        }

        /// One step read from `reader`; what it did, for a report.
        mutating func step(_ reader: inout FuzzInputReader) -> String {
            storage.writes.removeAll()
            let opcode = reader.byte() % 8
            let piece = reader.pick(pieces, reader.byte())
            if let range = marked {
                // While an input method composes, the view changes only the marked text.
                if opcode % 2 == 0 {
                    viewEdits(range, piece, announced: .init(utf16Range: range, replacement: piece), composing: true)
                    return "composition \(piece.debugDescription) over \(range)"
                }
                commit(piece)
                return "commit \(piece.debugDescription) over \(range)"
            }
            switch opcode {
            case 0:
                // The app edits the composer (any UTF-16 range, even one that splits a pair).
                let count = composer.text.utf16.count
                let a = reader.offset(in: count), b = reader.byte() % 2 == 0 ? reader.offset(in: count) : a
                let range = min(a, b)..<max(a, b)
                guard let change = composer.replace(utf16Range: range, with: piece) else { return "app edit refused at \(range)" }
                mirror.apply(change, from: composer)
                if storage.utf16Count == 0 { fontEverywhere = false }
                return "app puts \(piece.debugDescription) at \(range)"
            case 1, 2:
                let range = viewRange(&reader)
                viewEdits(range, piece, announced: .init(utf16Range: range, replacement: piece))
                return "view puts \(piece.debugDescription) at \(range), announced"
            case 3:
                let range = viewRange(&reader)
                viewEdits(range, piece, announced: nil)
                return "view puts \(piece.debugDescription) at \(range), not announced"
            case 4:
                // Announced, then another change made: the same range with more characters, or
                // with as many others (no piece is all z).
                let range = viewRange(&reader)
                let other = reader.byte() % 2 == 0 || piece.isEmpty ? piece + "x" : String(repeating: "z", count: piece.utf16.count)
                let wrong = TextStorageMirror.AnnouncedEdit(utf16Range: range, replacement: other)
                viewEdits(range, piece, announced: wrong)
                return "view puts \(piece.debugDescription) at \(range), announced as \(wrong.replacement.debugDescription)"
            case 5:
                // An input method starts composing at a range of the view's.
                let range = viewRange(&reader)
                viewEdits(range, piece, announced: .init(utf16Range: range, replacement: piece), composing: true)
                return "composition starts with \(piece.debugDescription) at \(range)"
            case 6:
                // The user formats a range: the view changes attributes only, no characters.
                let range = viewRange(&reader)
                storage.format("NSBold", "yes", utf16Range: range)
                return "user formats \(range)"
            default:
                // The view puts the same characters back, in its typing attributes.
                let range = viewRange(&reader)
                let same = String(decoding: storage.utf16Units(inUTF16Range: range), as: UTF16.self)
                storage.format(TextStorageAttributes.underlineStyle.rawValue, "1", utf16Range: range)
                storage.replaceCharacters(inUTF16Range: range, with: same)
                if storage.utf16Count == 0 { fontEverywhere = false }
                comparisons += 1
                mirror.viewDidChange(updating: &composer, announced: nil, marked: nil)
                return "view puts the same characters back at \(range)"
            }
        }

        /// The first broken property, or `nil`.
        func check(_ when: String) -> String? {
            if let problem = storage.problems.first { return "\(when): the mirror misused the storage: \(problem)" }
            if storage.editingDepth != 0 { return "\(when): \(storage.editingDepth) editing groups left open" }
            let plain = String(composer.text.characters[...])
            guard storage.plainText == plain else {
                return "\(when): storage \(storage.plainText.debugDescription), composer \(plain.debugDescription)"
            }
            let keys = Set(TextStorageAttributes.keys.map(\.rawValue))
            for write in storage.writes {
                if let other = write.keys.first(where: { !keys.contains($0) }) { return "\(when): the mirror wrote \(other)" }
                if let marked, write.range.overlaps(marked) { return "\(when): the mirror wrote \(write.range) over the marked \(marked)" }
            }
            guard mirror.wholeTextComparisons == comparisons else {
                return "\(when): \(mirror.wholeTextComparisons) whole-text comparisons, \(comparisons) expected"
            }
            guard marked == nil else { return nil }
            let expected = expectedAttributes(composer)
            for (index, attributes) in storage.attributesByUnit.enumerated() {
                let mirrored = attributes.filter { keys.contains($0.key) }
                if mirrored != expected[index] { return "\(when): unit \(index) has \(mirrored), the composer's run \(expected[index])" }
                if fontEverywhere && attributes[fontKey] != fontValue { return "\(when): unit \(index) lost the view's font" }
            }
            return nil
        }
    }
}
