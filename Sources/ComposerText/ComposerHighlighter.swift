#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PatternDetection

/// Everything a composer needs in one value: the text, the selection, the rule set, the strategy
/// and the formatting definition.
///
/// ```swift
/// var composer = ComposerHighlighter(text: "gm ", rules: BlueskyRules.shared)
/// let change = composer.replace(utf8Range: 3..<3, with: "@alice.bsky.social")  // a keystroke or a paste
/// composer.text.runs.first { $0.textPattern == .mention }   // tagged and coloured indigo
/// change?.attributedUTF16Ranges                              // what a text view must restyle
/// ```
///
/// Every editing call returns a ``ComposerChange``: the edit as applied and the ranges whose
/// attributes changed, in UTF-8 and UTF-16, so a text view's storage follows in O(edit).
///
/// Failure policy: a range that comes from outside (a text view, a network client) and does not fit
/// the text — past its end, or splitting a scalar (UTF-8) or a surrogate pair (UTF-16) — changes
/// nothing and the call answers `nil` (`false` for selections). Nothing here traps on such input.
///
/// A value: copies (an undo stack, a SwiftUI state snapshot) are independent.
public struct ComposerHighlighter: Sendable {
    /// The two strategies, by their report names (`highlight replay --strategy` takes them).
    public enum Strategy: String, CaseIterable, Sendable {
        case fullRebuild = "full-rebuild"
        case localized

        /// A fresh strategy of this kind.
        public func make(rules: any RuleSet, definition: FormattingDefinition = .standard) -> any HighlightingStrategy {
            switch self {
            case .fullRebuild: return FullRebuild(rules: rules, definition: definition)
            case .localized: return LocalizedTransform(rules: rules, definition: definition)
            }
        }

        /// Whether the strategy promises to keep the user's own formatting (bold and the like):
        /// the full rebuild drops it by design.
        public var promisesUserAttributes: Bool { self == .localized }
    }

    public internal(set) var text: AttributedString
    /// The selection, as the strategy keeps it through each update.
    public internal(set) var selection: Range<AttributedString.Index>
    public private(set) var strategy: any HighlightingStrategy

    /// Tags and styles `text`; the caret starts at its end.
    public init(
        text: AttributedString, rules: any RuleSet, strategy: Strategy = .localized,
        definition: FormattingDefinition = .standard
    ) {
        self.init(text: text, strategy: strategy.make(rules: rules, definition: definition))
    }

    /// Tags and styles `text` with `strategy` as it is made (for tests that tune one).
    package init(text: AttributedString, strategy: any HighlightingStrategy) {
        self.strategy = strategy
        var loaded = text
        self.strategy.load(&loaded)
        self.text = loaded
        self.selection = loaded.endIndex..<loaded.endIndex
        refreshEmojiImages(in: [0..<self.text.utf8.count])
    }

    public init(
        text: String, rules: any RuleSet, strategy: Strategy = .localized,
        definition: FormattingDefinition = .standard
    ) {
        self.init(text: AttributedString(text), rules: rules, strategy: strategy, definition: definition)
    }

    /// The rule set the composer highlights and completes with.
    public var rules: any RuleSet { strategy.rules }

    /// The selection in UTF-8 offsets.
    public var selectedUTF8Range: Range<Int> { text.utf8Offsets(selection) }

    /// Whether `utf8Range` can be edited or selected: inside the text, both ends on scalar
    /// boundaries.
    /// - Complexity: O(log n).
    public func isValid(utf8Range: Range<Int>) -> Bool {
        utf8Range.lowerBound >= 0 && utf8Range.upperBound <= text.utf8.count
            && text.isScalarBoundary(utf8Range.lowerBound) && text.isScalarBoundary(utf8Range.upperBound)
    }

    /// Replaces `utf8Range` with `string` as an editor does (the new text takes the typing
    /// attributes before it, never the tag), puts the caret after it, and updates tags and styles.
    /// - Returns: what changed; `nil`, changing nothing, when `utf8Range` is not
    ///   ``isValid(utf8Range:)``.
    /// - Complexity: O(log n) to find the range, plus the strategy's update.
    @discardableResult
    public mutating func replace(utf8Range: Range<Int>, with string: String) -> ComposerChange? {
        guard isValid(utf8Range: utf8Range) else { return nil }
        return replace(validUTF8Range: utf8Range, utf16Range: text.utf16Range(ofUTF8Range: utf8Range), with: string)
    }

    /// The former name of ``replace(utf8Range:with:)``.
    @available(*, deprecated, renamed: "replace(utf8Range:with:)")
    @discardableResult
    public mutating func replace(_ utf8Range: Range<Int>, with string: String) -> ComposerChange? {
        replace(utf8Range: utf8Range, with: string)
    }

    /// The edit of a range known to be valid, whose UTF-16 form is known too.
    mutating func replace(validUTF8Range utf8Range: Range<Int>, utf16Range: Range<Int>, with string: String) -> ComposerChange {
        // Through the scalar view: a character view would round a range that ends inside a
        // grapheme cluster (before a combining mark, inside a ZWJ sequence) out to whole clusters.
        text.unicodeScalars.replaceSubrange(text.utf8Range(utf8Range), with: string.unicodeScalars)
        let caret = utf8Range.lowerBound + string.utf8.count
        var newSelection = text.utf8Range(caret..<caret)
        let edit = TextEdit(start: utf8Range.lowerBound, oldEnd: utf8Range.upperBound, newEnd: caret)
        let written = strategy.textDidChange(&text, edit: edit, selection: &newSelection)
        selection = newSelection
        refreshEmojiImages(in: written)
        return ComposerChange.make(edit: edit, replacedUTF16Range: utf16Range, attributed: written,
            rescanned: strategy.lastRescannedUTF8Range, newText: text)
    }

    /// Selects a UTF-8 range (no edit); `false`, changing nothing, when the range is not
    /// ``isValid(utf8Range:)``.
    @discardableResult
    public mutating func select(utf8Range: Range<Int>) -> Bool {
        guard isValid(utf8Range: utf8Range) else { return false }
        selection = text.utf8Range(utf8Range)
        return true
    }

    /// For a text view that applied `edit` to its own string: updates tags and styles in `text`
    /// and keeps `selection`, then mirrors both here.
    /// - Precondition: `edit` describes how the composer's text became `text` (its offsets lie on
    ///   scalar boundaries of both).
    /// - Returns: what changed.
    @discardableResult
    public mutating func textDidChange(
        _ text: inout AttributedString, edit: TextEdit, selection: inout Range<AttributedString.Index>
    ) -> ComposerChange {
        let replacedUTF16 = self.text.utf16Range(ofUTF8Range: edit.oldUTF8Range)
        let written = strategy.textDidChange(&text, edit: edit, selection: &selection)
        self.text = text
        self.selection = selection
        refreshEmojiImages(in: written)
        text = self.text
        return ComposerChange.make(edit: edit, replacedUTF16Range: replacedUTF16, attributed: written,
            rescanned: strategy.lastRescannedUTF8Range, newText: text)
    }

    /// One call for static text: `string` tagged and styled.
    public static func highlight(
        _ string: String, rules: any RuleSet, definition: FormattingDefinition = .standard
    ) -> AttributedString {
        ComposerHighlighter(text: string, rules: rules, strategy: .fullRebuild, definition: definition).text
    }
}
