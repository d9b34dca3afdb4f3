import ComposerText
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PatternDetection

/// Marks each edit's inserted text with a value of its own, so adjacent insertions never merge into
/// one run — reproducing what SwiftUI's `TextEditor` leaves behind: one run per typed character.
/// Not inherited by added text.
package enum EditorInsertionAttribute: AttributedStringKey {
    package typealias Value = Int
    package static let name = "ComposerPatterns.EditorInsertion"
    package static var inheritedByAddedText: Bool { false }
}

/// A rich-text editor model over an `AttributedString`, as a composer's text view behaves:
/// - typed and pasted text replaces exactly the UTF-8 range it is given (through the scalar view:
///   the character view would round a caret inside a cluster — after typing ")" before a ZWJ —
///   out to a `Character` boundary, and the edit would not be the one reported); it takes the
///   typing attributes of the text before it under Foundation's own inheritance rules (the
///   TextPattern tag is not inherited; colours and bold are), then gets a run of its own;
/// - the selection is kept as UTF-8 offsets, the editor's ground truth after each step.
///
/// The editor does the edit; a `HighlightingStrategy` then updates tags and styles.
public struct FragmentingEditor {
    public var text: AttributedString
    /// The selection, in UTF-8 offsets; empty for a caret.
    public private(set) var selection: Range<Int>
    private var insertionCounter = 0

    /// The selection as indices of ``text`` (what a strategy's `textDidChange` takes).
    /// - Complexity: O(log n).
    public var selectionIndices: Range<AttributedString.Index> { text.utf8Range(selection) }

    public init(text: AttributedString, cursor: Int? = nil) {
        self.text = text
        let end = text.utf8.count
        let caret = min(max(cursor ?? end, 0), end)
        self.selection = caret..<caret
    }

    public var utf8Count: Int { text.utf8.count }

    /// Replaces the selection with `string` as one run of its own; the caret ends after it.
    /// - Returns: the edit, in UTF-8 offsets.
    @discardableResult
    public mutating func insert(_ string: String) -> TextEdit {
        replace(selection, with: string)
    }

    /// Replaces `range` with `string`; the caret ends after the inserted text.
    @discardableResult
    public mutating func replace(_ range: Range<Int>, with string: String) -> TextEdit {
        let indices = text.utf8Range(range)
        text.unicodeScalars.replaceSubrange(indices, with: string.unicodeScalars)
        let inserted = string.utf8.count
        if inserted > 0 {
            insertionCounter += 1
            text[text.utf8Range(range.lowerBound..<(range.lowerBound + inserted))][EditorInsertionAttribute.self] =
                insertionCounter
        }
        let caret = range.lowerBound + inserted
        selection = caret..<caret
        return TextEdit(start: range.lowerBound, oldEnd: range.upperBound, newEnd: caret)
    }

    /// Deletes the selection, or the `Character` before the caret — when typing left the caret
    /// inside a `Character` (")" typed before a ZWJ joins it), the part of it before the caret.
    /// `nil` at the start of the text.
    public mutating func backspace() -> TextEdit? {
        if !selection.isEmpty { return replace(selection, with: "") }
        guard selection.lowerBound > 0 else { return nil }
        let previous = characterStart(before: text.utf8Index(selection.lowerBound))
        return replace(text.utf8Offset(previous)..<selection.lowerBound, with: "")
    }

    /// The start of the `Character` holding the byte before `index` (after the start of the text);
    /// for an index inside a Character, the start of that Character.
    private func characterStart(before index: AttributedString.Index) -> AttributedString.Index {
        let characters = text.characters
        var start = characters.startIndex
        // `index(before:)` rounds an index inside a Character down first, one Character too far,
        // and traps when that Character is the first.
        if characters.index(after: start) < index {
            start = characters.index(before: index)
            while characters.index(after: start) < index { start = characters.index(after: start) }
        }
        return start
    }

    /// Moves the caret (clamped to the text, snapped back to a `Character` boundary).
    public mutating func moveCaret(to offset: Int) throws(ReplayEditError) {
        let caret = try validated(offset..<offset)
        selection = caret
    }

    /// Selects a range (on `Character` boundaries).
    public mutating func select(_ range: Range<Int>) throws(ReplayEditError) {
        selection = try validated(range)
    }

    /// Makes `range` bold (strong emphasis, `TextEmphasisAttribute`), as a user's formatting
    /// command would. No text changes.
    public mutating func bold(_ range: Range<Int>) throws(ReplayEditError) {
        let checked = try validated(range)
        text[text.utf8Range(checked)].emphasis = .stronglyEmphasized
    }

    /// Checks that `range` is inside the text and on `Character` boundaries.
    public func validated(_ range: Range<Int>) throws(ReplayEditError) -> Range<Int> {
        guard range.lowerBound >= 0, range.upperBound <= utf8Count else {
            throw .outOfBounds(range: range, count: utf8Count)
        }
        for offset in [range.lowerBound, range.upperBound] where offset > 0 && offset < utf8Count {
            let index = text.utf8Index(offset)
            // Inside a scalar: the character view cannot even be asked (its indices trap there).
            if text.utf8[index] & 0xC0 == 0x80 { throw .notOnCharacterBoundary(offset: offset) }
            if text.characters.index(after: characterStart(before: index)) != index {
                throw .notOnCharacterBoundary(offset: offset)
            }
        }
        return range
    }
}

/// A step that names a place the editor cannot go.
public enum ReplayEditError: Error, Equatable, CustomStringConvertible {
    case outOfBounds(range: Range<Int>, count: Int)
    case notOnCharacterBoundary(offset: Int)

    public var description: String {
        switch self {
        case .outOfBounds(let range, let count) where range.isEmpty:
            return "UTF-8 offset \(range.lowerBound) is outside the text (\(count) UTF-8 bytes)"
        case .outOfBounds(let range, let count):
            return "range [\(range.lowerBound), \(range.upperBound)] is outside the text (\(count) UTF-8 bytes)"
        case .notOnCharacterBoundary(let offset):
            return "UTF-8 offset \(offset) is not on a Character boundary"
        }
    }
}

extension FragmentingEditor {
    /// The `Character` boundary at or before `offset` (clamped to the text).
    public func characterBoundary(near offset: Int) -> Int {
        var clamped = min(max(offset, 0), utf8Count)
        // First back to a scalar boundary: character-view indices must be scalar-aligned.
        while clamped > 0, clamped < utf8Count, text.utf8[text.utf8Index(clamped)] & 0xC0 == 0x80 {
            clamped -= 1
        }
        if clamped == 0 || clamped == utf8Count { return clamped }
        let index = text.utf8Index(clamped)
        let start = characterStart(before: index)
        return text.characters.index(after: start) == index ? clamped : text.utf8Offset(start)
    }
}
