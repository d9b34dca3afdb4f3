// Shared by the tests (regression fixtures) and the `composer` fuzz target (Fuzz/ComposerFuzz.swift),
// which compiles the ComposerText sources into its own module and so must not import it.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PatternDetection
#if !FUZZING
import TestSupport
@testable import ComposerText
#endif

/// What the `composer` fuzz target checks: a random edit script (UTF-8 and UTF-16 replacements,
/// SwiftUI-style changes at the selection, selections, ranges that do not fit) played on a
/// composer of each strategy. After every edit the tags equal a full scan of the text, both
/// strategies hold the same text and tags, and applying only the reported change to a copy of the
/// text before the edit gives the text after it, characters and attributes alike.
enum ComposerEditChecks {
    /// Pieces typed or pasted: entities, clusters, separators.
    static let pieces = [
        "@alice.bsky.social ", "#tag", "😀", "👩‍👩‍👧", "e\u{301}", "\u{301}", "https://swift.org/x", " ", "\n", "x",
        "example.com", "$AAPL ", "@bob_", "#日本", "🇺🇸", "(", ")", ".", "\u{200D}", "#", "@", "ticket AB-12 ", ":ok:",
        "\u{FE0F}", "\r\n", "＃タグ", "www.", "/", "\u{1F3FB}", "a",
    ]

    /// The rule sets an input chooses from (byte 0): the built-in ones, and custom patterns over
    /// `bluesky` and alone.
    static let ruleSets: [any RuleSet] = {
        var all: [any RuleSet] = BuiltInRules.allCases.map { $0.ruleSet() }
        let definitions = [("ticket", #"\b[A-Z]{2,10}-\d+\b"#), ("shortcode", #":[a-z0-9_+-]+:"#)]
        if let patterns = try? definitions.map({ try CustomPattern(name: $0.0, expression: $0.1) }) {
            if let layered = try? CustomRuleSet(patterns: patterns, over: BlueskyRules.shared) { all.append(layered) }
            if let alone = try? CustomRuleSet(patterns: patterns, over: nil) { all.append(alone) }
        }
        return all
    }()

    /// One composer and the copy of its text that follows only the reports.
    struct Player {
        var composer: ComposerHighlighter
        var mirror: AttributedString
    }

    /// The input read twice: as the edit script below, and again with SwiftUI's selection
    /// actions (each SwiftUI keystroke reads one byte more, so the first reading stays what saved
    /// inputs were found as).
    static func violation(fuzzInput data: UnsafeBufferPointer<UInt8>) -> String? {
        violation(fuzzInput: data, swiftUISelectionActions: false)
            ?? violation(fuzzInput: data, swiftUISelectionActions: true).map { "with selection actions: \($0)" }
    }

    /// Byte 0: the rule set; byte 1: how many bytes of initial text follow. Then edits, each an
    /// opcode byte and its operands, until the input ends (at most 40). With
    /// `swiftUISelectionActions`, a SwiftUI keystroke reads one more byte first: whether the
    /// editor moved its selection before it, and in which order the selection action runs.
    static func violation(fuzzInput data: UnsafeBufferPointer<UInt8>, swiftUISelectionActions: Bool) -> String? {
        var reader = FuzzInputReader(data)
        let rules = ruleSets[Int(reader.byte()) % ruleSets.count]
        let initial = reader.text(Int(reader.byte()))
        var composers = ComposerHighlighter.Strategy.allCases.map { strategy in
            ComposerHighlighter(text: initial, rules: rules, strategy: strategy)
        }
        // The localized strategy with the narrowest focus: it reads out to the window's edge whenever
        // Foundation dropped tags next to the touched bytes.
        composers.append(ComposerHighlighter(
            text: AttributedString(initial), strategy: LocalizedTransform(rules: rules, focusMarginBytes: 1)))
        var players = composers.map { Player(composer: $0, mirror: $0.text) }
        if let problem = stateViolation(players, rules: rules) { return "\(rules.name) initial \(initial.debugDescription): \(problem)" }
        var step = 0
        while !reader.isAtEnd && step < 40 {
            let opcode = reader.byte()
            let text = players[0].composer.text
            let utf8Count = text.utf8.count, utf16Count = text.utf16.count
            let replacement: String
            switch reader.byte() % 4 {
            case 0: replacement = ""
            case 1: replacement = reader.text(Int(reader.byte() % 16))
            default: replacement = pieces[Int(reader.byte()) % pieces.count]
            }
            var described = ""
            for index in players.indices {
                var player = players[index]
                var operands = reader
                let (change, action) = perform(opcode, on: &player.composer, replacement: replacement, reader: &operands,
                    utf8Count: utf8Count, utf16Count: utf16Count, swiftUISelectionActions: swiftUISelectionActions)
                described = action
                if index == players.count - 1 { reader = operands }
                if let change {
                    if let problem = changeViolation(change, player: &player) {
                        return "\(rules.name) \(player.composer.strategy) step \(step) \(action): \(problem)"
                    }
                } else if !ChangeFollowing.sameContent(player.composer.text, player.mirror) {
                    return "\(rules.name) \(player.composer.strategy) step \(step) \(action): no change reported, but the text changed"
                }
                players[index] = player
            }
            if let problem = stateViolation(players, rules: rules) { return "\(rules.name) step \(step) \(described): \(problem)" }
            step += 1
        }
        return nil
    }

    /// Performs one edit; returns the change it reported (`nil` for none or for a selection) and
    /// what it was.
    static func perform(
        _ opcode: UInt8, on composer: inout ComposerHighlighter, replacement: String, reader: inout FuzzInputReader, utf8Count: Int,
        utf16Count: Int, swiftUISelectionActions: Bool = false
    ) -> (ComposerChange?, String) {
        switch opcode % 6 {
        case 0, 1:
            let a = reader.offset(in: utf8Count), b = reader.offset(in: utf8Count)
            let range = min(a, b)..<max(a, b)
            let valid = composer.isValid(utf8Range: range)
            let before = composer.text
            let change = composer.replace(utf8Range: range, with: replacement)
            let action = "replace(utf8Range: \(range), with: \(replacement.debugDescription))"
            if !valid {
                return (change == nil && composer.text == before ? nil : ComposerChange.invalidMarker, action)
            }
            guard let change else { return (ComposerChange.invalidMarker, action) }
            let expected = TextEdit(start: range.lowerBound, oldEnd: range.upperBound, newEnd: range.lowerBound + replacement.utf8.count)
            return (change.utf8Edit == expected && composer.selectedUTF8Range == expected.newEnd..<expected.newEnd
                ? change : ComposerChange.invalidMarker, action)
        case 2:
            let a = reader.offset(in: utf16Count), b = reader.offset(in: utf16Count)
            let range = min(a, b)..<max(a, b)
            return (composer.replace(utf16Range: range, with: replacement), "replace(utf16Range: \(range), with: \(replacement.debugDescription))")
        case 3, 4:
            // SwiftUI: the editor may first move its selection (its selection action, the text
            // unchanged), then replaces the selection with the typed text and puts the caret after
            // it. The selection action for that caret may run before the text's (refused: made in
            // text the composer has not seen) or after it.
            var text = composer.text
            let order = swiftUISelectionActions ? reader.byte() : 1
            var action = ""
            if order % 2 == 0 {
                let a = reader.offset(in: utf8Count), b = reader.offset(in: utf8Count)
                let range = min(a, b)..<max(a, b)
                if composer.isValid(utf8Range: range) {
                    let followed = composer.selectionDidChange(text.utf8Range(range))
                    action = "selection moved to \(range), "
                    guard followed, composer.selectedUTF8Range == range else { return (ComposerChange.invalidMarker, action + "not followed") }
                }
            }
            let selection = composer.selectedUTF8Range
            text.unicodeScalars.replaceSubrange(text.utf8Range(selection), with: replacement.unicodeScalars)
            let caret = selection.lowerBound + replacement.utf8.count
            var newSelection = text.utf8Range(caret..<caret)
            action += "typed \(replacement.debugDescription) over \(selection)"
            if order & 2 != 0 {
                let taken = composer.selectionDidChange(newSelection)
                guard !taken, composer.selectedUTF8Range == selection else {
                    return (ComposerChange.invalidMarker, action + ", its caret taken before the text")
                }
            }
            let change = composer.textDidChange(&text, selection: &newSelection)
            if order & 4 != 0 {
                let taken = composer.selectionDidChange(newSelection)
                guard taken, composer.selectedUTF8Range == caret..<caret else {
                    return (ComposerChange.invalidMarker, action + ", its caret not taken after the text")
                }
            }
            return (change, action)
        default:
            let a = reader.offset(in: utf8Count), b = reader.offset(in: utf8Count)
            let range = min(a, b)..<max(a, b)
            if reader.byte() % 2 == 0 {
                let valid = composer.isValid(utf8Range: range)
                let selected = composer.select(utf8Range: range)
                let kept = composer.selectedUTF8Range
                return (selected == valid && (!selected || kept == range) ? nil : ComposerChange.invalidMarker, "select(utf8Range: \(range))")
            }
            let valid = composer.text.utf8Range(ofUTF16Range: range) != nil
            let selected = composer.select(utf16Range: range)
            let kept = composer.selectedUTF16Range
            return (selected == valid && (!selected || kept == range) ? nil : ComposerChange.invalidMarker, "select(utf16Range: \(range))")
        }
    }

    /// What the report of one edit must allow: the mirror, following it alone, equals the text.
    static func changeViolation(_ change: ComposerChange, player: inout Player) -> String? {
        if change == ComposerChange.invalidMarker { return "a range that does not fit changed the text, or a valid one was not applied as asked" }
        let text = player.composer.text
        let utf8Count = text.utf8.count
        for range in change.attributedUTF8Ranges + [change.insertedUTF8Range] where range.lowerBound < 0 || range.upperBound > utf8Count {
            return "a reported range \(range) outside the text (\(utf8Count) bytes)"
        }
        for (a, b) in zip(change.attributedUTF8Ranges, change.attributedUTF8Ranges.dropFirst()) where a.upperBound >= b.lowerBound {
            return "attributed ranges \(a), \(b) not sorted, disjoint and apart"
        }
        if change.attributedUTF16Ranges != change.attributedUTF8Ranges.map({ text.utf16Range(ofUTF8Range: $0) }) {
            return "UTF-16 ranges \(change.attributedUTF16Ranges) are not the UTF-8 ranges \(change.attributedUTF8Ranges)"
        }
        if let problem = rescannedViolation(change, before: player.mirror, after: text) { return problem }
        ChangeFollowing.follow(change, from: text, into: &player.mirror)
        guard ChangeFollowing.sameContent(player.mirror, text) else { return "following \(change) does not rebuild the text: \(ChangeFollowing.difference(player.mirror, text))" }
        player.mirror = text
        return nil
    }

    /// The change's rescanned range holds its inserted range, agrees with its UTF-16 form, and holds
    /// every tag that is new (not a tag of the text before moved by the edit) and every tag of the
    /// text before, away from the edit, that is gone.
    static func rescannedViolation(_ change: ComposerChange, before: AttributedString, after: AttributedString) -> String? {
        let rescanned = change.rescannedUTF8Range
        guard rescanned.lowerBound >= 0, rescanned.upperBound <= after.utf8.count,
            rescanned.lowerBound <= change.insertedUTF8Range.lowerBound, change.insertedUTF8Range.upperBound <= rescanned.upperBound
        else { return "rescanned range \(rescanned) does not hold the inserted \(change.insertedUTF8Range) in \(after.utf8.count) bytes" }
        if change.rescannedUTF16Range != after.utf16Range(ofUTF8Range: rescanned) {
            return "rescanned UTF-16 range \(change.rescannedUTF16Range) is not the UTF-8 range \(rescanned)"
        }
        let edit = change.utf8Edit, delta = edit.newEnd - edit.oldEnd
        // Tags of the text before that lie clear of the edit, where they are after it.
        let moved = before.taggedSpans().compactMap { span -> Span? in
            if span.utf8Range.upperBound <= edit.start { return span }
            if span.utf8Range.lowerBound >= edit.oldEnd {
                return Span(kind: span.kind, utf8Range: span.utf8Range.lowerBound + delta..<span.utf8Range.upperBound + delta)
            }
            return nil
        }
        let now = after.taggedSpans()
        let new = Set(now).subtracting(moved), gone = Set(moved).subtracting(now)
        for span in new.union(gone) where !(rescanned.lowerBound <= span.utf8Range.lowerBound && span.utf8Range.upperBound <= rescanned.upperBound) {
            return "\(new.contains(span) ? "new" : "gone") tag \(span) lies outside the rescanned range \(rescanned)"
        }
        return nil
    }

    /// After each step: each composer's tags are a full scan of its text, and both strategies hold
    /// the same text and tags.
    static func stateViolation(_ players: [Player], rules: any RuleSet) -> String? {
        let plain = Array(players[0].composer.text.utf8)
        let expected = Span.mergingTouching(plain.withUnsafeBufferPointer { PatternDetector(rules: rules).spans(inUTF8: $0) })
        for player in players {
            let text = player.composer.text
            guard Array(text.utf8) == plain else { return "\(player.composer.strategy) holds other text" }
            let tags = text.taggedSpans()
            if tags != expected { return "\(player.composer.strategy) tags \(tags) ≠ a full scan's \(expected) in \(String(decoding: plain, as: UTF8.self).debugDescription)" }
            let selection = player.composer.selectedUTF8Range
            if !player.composer.isValid(utf8Range: selection) { return "\(player.composer.strategy) selection \(selection) does not fit" }
        }
        return nil
    }
}

extension ComposerChange {
    /// Stands for "the call did something it should not have" in ``ComposerEditChecks``.
    static let invalidMarker = ComposerChange(
        replacedUTF8Range: -1..<(-1), insertedUTF8Range: -1..<(-1), replacedUTF16Range: -1..<(-1),
        insertedUTF16Range: -1..<(-1), attributedUTF8Ranges: [], attributedUTF16Ranges: [])
}
