import ComposerPosts
import Foundation
import PatternDetection

/// Everything a composer needs in one value: the text, the selection, the rule set, the strategy
/// and the formatting definition.
///
/// ```swift
/// var composer = try ComposerHighlighter(text: "gm ", rules: BlueskyRules.shared)
/// try composer.replace(3..<3, with: "@alice.bsky.social")   // a keystroke or a paste
/// composer.text.runs.first { $0.textPattern == .mention }   // tagged and coloured indigo
/// ```
/// With a text view that owns the string, call ``textDidChange(_:edit:selection:)`` from its change
/// callback instead, with the edit the view reports.
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
    /// Per-line length tallies for the profiles tracked (none by default); see `ComposerHighlighter+Length`.
    var draftLength = DraftLength(untrackedWithContentWarning: "")

    /// Tags and styles `text`; the caret starts at its end.
    public init(
        text: AttributedString, rules: any RuleSet, strategy: Strategy = .localized,
        definition: FormattingDefinition = .standard
    ) {
        self.strategy = strategy.make(rules: rules, definition: definition)
        var loaded = text
        self.strategy.load(&loaded)
        self.text = loaded
        self.selection = loaded.endIndex..<loaded.endIndex
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

    /// Replaces `utf8Range` with `string` as an editor does (the new text takes the typing
    /// attributes before it, never the tag), puts the caret after it, and updates tags and styles.
    /// - Precondition: `utf8Range` lies in the text on scalar boundaries.
    public mutating func replace(_ utf8Range: Range<Int>, with string: String) {
        // Through the scalar view: a character view would round a range that ends inside a
        // grapheme cluster (before a combining mark, inside a ZWJ sequence) out to whole clusters.
        text.unicodeScalars.replaceSubrange(text.utf8Range(utf8Range), with: string.unicodeScalars)
        let caret = utf8Range.lowerBound + string.utf8.count
        var newSelection = text.utf8Range(caret..<caret)
        let edit = TextEdit(start: utf8Range.lowerBound, oldEnd: utf8Range.upperBound, newEnd: caret)
        lengthDidChange(edit)
        strategy.textDidChange(&text, edit: edit, selection: &newSelection)
        selection = newSelection
    }

    /// Selects a UTF-8 range (no edit).
    public mutating func select(_ utf8Range: Range<Int>) {
        selection = text.utf8Range(utf8Range)
    }

    /// For a text view that applied `edit` to its own string: updates tags and styles in `text`
    /// and keeps `selection`, then mirrors both here.
    public mutating func textDidChange(
        _ text: inout AttributedString, edit: TextEdit, selection: inout Range<AttributedString.Index>
    ) {
        strategy.textDidChange(&text, edit: edit, selection: &selection)
        self.text = text
        self.selection = selection
        lengthDidChange(edit)
    }

    /// One call for static text: `string` tagged and styled.
    public static func highlight(
        _ string: String, rules: any RuleSet, definition: FormattingDefinition = .standard
    ) -> AttributedString {
        ComposerHighlighter(text: string, rules: rules, strategy: .fullRebuild, definition: definition).text
    }
}
