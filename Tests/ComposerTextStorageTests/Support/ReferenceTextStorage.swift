// Shared by the tests and the `mirror` fuzz target (Fuzz/MirrorFuzz.swift), which compiles the
// ComposerTextStorage sources into its own module and so must not import it.
import Foundation
#if !FUZZING
@testable import ComposerTextStorage
#endif

/// A text storage in plain Swift, for checking ``TextStorageMirror`` without
/// swift-corelibs-foundation's `NSMutableAttributedString` (which crashes on its own under long
/// random edit scripts): UTF-16 units and, for each unit, its attributes as strings.
///
/// It behaves as a text view's storage does: new characters take the attributes of the first
/// character they replace, or else of the one before, or else of the one after (a view's typing
/// attributes). Optionally it rounds a replacement out to whole composed character sequences, as
/// swift-corelibs-foundation does, and its composed character sequences are grapheme clusters or
/// single scalars. It records what a caller must not do — a range out of bounds, unbalanced
/// editing groups — in ``problems``, and every attribute write in ``writes``.
final class ReferenceTextStorage: AttributedTextStorage {
    private(set) var units: [UInt16]
    /// Each unit's attributes: key raw value to the value's description.
    private(set) var attributesByUnit: [[String: String]]
    /// Whether a replacement is grown to whole composed character sequences.
    let roundsReplacements: Bool
    /// Whether composed character sequences are grapheme clusters (else single scalars).
    let composesClusters: Bool
    private(set) var editingDepth = 0
    /// Misuse seen so far.
    var problems: [String] = []
    /// Attribute writes since the caller last emptied it: the range and the keys written.
    var writes: [(range: Range<Int>, keys: [String])] = []

    init(_ text: String, attributes: [String: String] = [:], roundsReplacements: Bool = false, composesClusters: Bool = true) {
        units = Array(text.utf16)
        attributesByUnit = Array(repeating: attributes, count: units.count)
        self.roundsReplacements = roundsReplacements
        self.composesClusters = composesClusters
    }

    var utf16Count: Int { units.count }

    var plainText: String { String(decoding: units, as: UTF16.self) }

    func utf16Units(inUTF16Range utf16Range: Range<Int>) -> [UInt16] {
        guard checked(utf16Range, "utf16Units") else { return [] }
        return Array(units[utf16Range])
    }

    func composedCharacterRange(atUTF16Offset utf16Offset: Int) -> Range<Int> {
        guard utf16Offset >= 0, utf16Offset < units.count else {
            problems.append("composedCharacterRange at \(utf16Offset) of \(units.count) units")
            return max(0, min(utf16Offset, units.count))..<max(0, min(utf16Offset, units.count))
        }
        var start = 0
        let text = plainText
        if composesClusters {
            for character in text {
                let end = start + character.utf16.count
                if utf16Offset < end { return start..<end }
                start = end
            }
        } else {
            for scalar in text.unicodeScalars {
                let end = start + scalar.utf16.count
                if utf16Offset < end { return start..<end }
                start = end
            }
        }
        return utf16Offset..<utf16Offset + 1
    }

    func replaceCharacters(inUTF16Range utf16Range: Range<Int>, with replacement: String) {
        guard checked(utf16Range, "replaceCharacters") else { return }
        let range = replacedRange(utf16Range)
        let inherited: [String: String]
        if !range.isEmpty {
            inherited = attributesByUnit[range.lowerBound]
        } else if range.lowerBound > 0 {
            inherited = attributesByUnit[range.lowerBound - 1]
        } else {
            inherited = attributesByUnit.first ?? [:]
        }
        let inserted = Array(replacement.utf16)
        units.replaceSubrange(range, with: inserted)
        attributesByUnit.replaceSubrange(range, with: Array(repeating: inherited, count: inserted.count))
    }

    /// The range ``replaceCharacters(inUTF16Range:with:)`` replaces for `utf16Range`: the same, or
    /// grown to whole composed character sequences when the storage rounds replacements.
    func replacedRange(_ utf16Range: Range<Int>) -> Range<Int> {
        guard roundsReplacements else { return utf16Range }
        var range = utf16Range
        if range.lowerBound < units.count { range = composedCharacterRange(atUTF16Offset: range.lowerBound).lowerBound..<range.upperBound }
        if range.upperBound > 0, range.upperBound < units.count {
            let sequence = composedCharacterRange(atUTF16Offset: range.upperBound)
            if sequence.lowerBound < range.upperBound { range = range.lowerBound..<sequence.upperBound }
        }
        return range
    }

    func addAttributes(_ attributes: [NSAttributedString.Key: Any], utf16Range: Range<Int>) {
        guard checked(utf16Range, "addAttributes") else { return }
        writes.append((utf16Range, attributes.keys.map(\.rawValue)))
        for index in utf16Range {
            for (key, value) in attributes { attributesByUnit[index][key.rawValue] = String(describing: value) }
        }
    }

    func removeAttribute(_ key: NSAttributedString.Key, utf16Range: Range<Int>) {
        guard checked(utf16Range, "removeAttribute") else { return }
        writes.append((utf16Range, [key.rawValue]))
        for index in utf16Range { attributesByUnit[index][key.rawValue] = nil }
    }

    /// A view's own change of attributes (the user's formatting): not a write of the mirror's.
    func format(_ key: String, _ value: String, utf16Range: Range<Int>) {
        guard checked(utf16Range, "format") else { return }
        for index in utf16Range { attributesByUnit[index][key] = value }
    }

    func beginEditing() { editingDepth += 1 }

    func endEditing() {
        if editingDepth == 0 { problems.append("endEditing without beginEditing") }
        editingDepth = max(0, editingDepth - 1)
    }

    /// Whether `range` lies in the storage; records a problem when not.
    private func checked(_ range: Range<Int>, _ call: String) -> Bool {
        guard range.lowerBound >= 0, range.upperBound <= units.count else {
            problems.append("\(call) over \(range) of \(units.count) units")
            return false
        }
        return true
    }
}
