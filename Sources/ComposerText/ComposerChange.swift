#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PatternDetection

/// What one editing call on a ``ComposerHighlighter`` did, in the units text views count in, so a
/// view that mirrors the composer can follow it in O(edit): replace the characters of
/// ``replacedUTF16Range`` (offsets before the edit) with the composer's text at
/// ``insertedUTF16Range`` (offsets after it), then copy the attributes of the composer's text over
/// each of ``attributedUTF16Ranges`` — and touch nothing else.
///
/// Invariant (checked by the tests after every keystroke of the replay sessions, for both
/// strategies): doing exactly that to a copy of the text before the edit gives the composer's text
/// after it, characters and attributes alike.
///
/// - ``attributedUTF8Ranges`` holds every range whose attributes the strategy wrote — tags and
///   styles — plus the inserted characters (a view gives new characters the attributes of the text
///   before them; the composer's may differ), merged (touching ranges joined) and sorted. The full
///   rebuild reports the whole text; the localized strategy what its rescan window changed.
/// - All ranges lie on Unicode-scalar boundaries; UTF-16 ranges never split a surrogate pair.
public struct ComposerChange: Hashable, Sendable {
    /// The bytes the edit replaced, in the text before it.
    public var replacedUTF8Range: Range<Int>
    /// The bytes the edit inserted, in the text after it (empty for a deletion).
    public var insertedUTF8Range: Range<Int>
    /// ``replacedUTF8Range`` in UTF-16 code units (an `NSRange` of the text before the edit).
    public var replacedUTF16Range: Range<Int>
    /// ``insertedUTF8Range`` in UTF-16 code units of the text after the edit.
    public var insertedUTF16Range: Range<Int>
    /// Where attributes changed, in the text after the edit: sorted, disjoint, not touching.
    public var attributedUTF8Ranges: [Range<Int>]
    /// ``attributedUTF8Ranges`` in UTF-16 code units, one for one.
    public var attributedUTF16Ranges: [Range<Int>]
    /// Where the strategy found spans again, in the text after the edit: every span that is new,
    /// changed or gone lies inside (the whole text for the full rebuild). It holds the inserted
    /// range, and may hold spans whose attributes did not change although the span did — two
    /// links joined into one are one kind throughout — so a view that keeps data per span (a
    /// link's target) rewrites the spans that overlap it.
    public var rescannedUTF8Range: Range<Int>
    /// ``rescannedUTF8Range`` in UTF-16 code units.
    public var rescannedUTF16Range: Range<Int>

    /// A change; without a rescanned range, the hull of the inserted and attributed ranges.
    public init(
        replacedUTF8Range: Range<Int>, insertedUTF8Range: Range<Int>, replacedUTF16Range: Range<Int>,
        insertedUTF16Range: Range<Int>, attributedUTF8Ranges: [Range<Int>], attributedUTF16Ranges: [Range<Int>],
        rescannedUTF8Range: Range<Int>? = nil, rescannedUTF16Range: Range<Int>? = nil
    ) {
        self.replacedUTF8Range = replacedUTF8Range
        self.insertedUTF8Range = insertedUTF8Range
        self.replacedUTF16Range = replacedUTF16Range
        self.insertedUTF16Range = insertedUTF16Range
        self.attributedUTF8Ranges = attributedUTF8Ranges
        self.attributedUTF16Ranges = attributedUTF16Ranges
        self.rescannedUTF8Range = rescannedUTF8Range ?? attributedUTF8Ranges.reduce(insertedUTF8Range, TagSegments.hull)
        self.rescannedUTF16Range = rescannedUTF16Range ?? attributedUTF16Ranges.reduce(insertedUTF16Range, TagSegments.hull)
    }

    /// The edit in UTF-8 offsets, as the tokenizer takes it.
    public var utf8Edit: TextEdit {
        TextEdit(start: replacedUTF8Range.lowerBound, oldEnd: replacedUTF8Range.upperBound, newEnd: insertedUTF8Range.upperBound)
    }

    /// Whether the call changed neither characters nor attributes.
    public var isEmpty: Bool {
        replacedUTF8Range.isEmpty && insertedUTF8Range.isEmpty && attributedUTF8Ranges.isEmpty
    }

    /// UTF-8 bytes whose characters or attributes a mirror has to write: the inserted bytes and
    /// the attributed ranges (which contain them). The cost of following the change.
    public var touchedUTF8Count: Int { attributedUTF8Ranges.reduce(insertedUTF8Range.count) { $0 + $1.count } }

    /// The change for `edit` after which `attributed` (UTF-8 ranges of the new text, unsorted,
    /// possibly overlapping) were written: the inserted bytes joined to them, and every range
    /// converted to UTF-16 once.
    /// - Parameters:
    ///   - replacedUTF16Range: the edit's replaced range in UTF-16 units of the old text.
    ///   - newText: the text after the edit.
    /// - Complexity: O(r log r + r log n) for r ranges in a text of n bytes.
    ///   - rescanned: where the strategy found spans again (``rescannedUTF8Range``), `nil` for
    ///     the whole text.
    static func make(
        edit: TextEdit, replacedUTF16Range: Range<Int>, attributed: [Range<Int>], rescanned: Range<Int>?,
        newText: AttributedString
    ) -> ComposerChange {
        var ranges = attributed.filter { !$0.isEmpty }
        if !edit.newUTF8Range.isEmpty { ranges.append(edit.newUTF8Range) }
        ranges.sort { $0.lowerBound < $1.lowerBound }
        let merged = TagSegments.mergingTouching(ranges)
        let inserted16 = newText.utf16Range(ofUTF8Range: edit.newUTF8Range)
        let rescanned8 = rescanned.map { TagSegments.hull($0, edit.newUTF8Range) } ?? 0..<newText.utf8.count
        return ComposerChange(
            replacedUTF8Range: edit.oldUTF8Range, insertedUTF8Range: edit.newUTF8Range,
            replacedUTF16Range: replacedUTF16Range, insertedUTF16Range: inserted16,
            attributedUTF8Ranges: merged,
            attributedUTF16Ranges: merged.map { newText.utf16Range(ofUTF8Range: $0) },
            rescannedUTF8Range: rescanned8, rescannedUTF16Range: newText.utf16Range(ofUTF8Range: rescanned8))
    }
}
