#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PatternDetection

/// How a composer keeps its `AttributedString`'s tags and styles up to date as the user types.
///
/// The editor applies each edit first (inserting, deleting, replacing text — with its own run
/// fragmentation and typing attributes); the strategy then runs once per edit. Two implementations
/// share this protocol so they can be compared on the same keystrokes: ``FullRebuild`` (the
/// published workaround) and ``LocalizedTransform``.
public protocol HighlightingStrategy: Sendable {
    /// A short name for reports: `full-rebuild`, `localized`.
    var name: String { get }

    /// The rule set the strategy highlights with.
    var rules: any RuleSet { get }

    /// Tags and styles all of `text` (a document being opened). Other attributes are kept.
    mutating func load(_ text: inout AttributedString)

    /// Brings tags and styles up to date after the editor applied `edit` to `text`.
    ///
    /// - Parameters:
    ///   - text: the editor's string, with the edit already applied.
    ///   - edit: the editor's change, in UTF-8 offsets (`start`, `oldEnd` before the edit,
    ///     `newEnd` after it).
    ///   - selection: where the editor put the selection; on return it designates the same UTF-8
    ///     offsets in the updated text.
    /// - Returns: the UTF-8 ranges of `text` whose attributes the strategy wrote (tags and styles),
    ///   in any order, possibly overlapping; outside them every attribute is as the editor left it.
    @discardableResult
    mutating func textDidChange(
        _ text: inout AttributedString, edit: TextEdit, selection: inout Range<AttributedString.Index>
    ) -> [Range<Int>]

    /// The strategy's own mirror of the text with its spans, when it keeps one (the localized
    /// strategy does, always equal to a full scan of the text); `nil` when it keeps none.
    var spanDocument: SpanDocument? { get }

    /// Where the last ``textDidChange(_:edit:selection:)`` found spans again, in UTF-8 offsets of
    /// the text after it: every span that is new, changed or gone lies inside. `nil` (the
    /// default) stands for the whole text.
    var lastRescannedUTF8Range: Range<Int>? { get }

    /// The text's spans as the last scan found them, when the strategy keeps them without a
    /// ``spanDocument`` (the full rebuild keeps its last whole-text scan), so a caller that needs
    /// them does not scan again; `nil` (the default) when it keeps none.
    var lastSpans: [Span]? { get }
}

extension HighlightingStrategy {
    public var lastRescannedUTF8Range: Range<Int>? { nil }
    public var lastSpans: [Span]? { nil }
}
