#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PatternDetection

/// Tags text that a rule set detected: the value is the span's kind.
///
/// - `inheritedByAddedText == false`: typing right after `@bob` never extends the tag; the new
///   characters stay untagged until the rescan decides.
/// - `invalidationConditions == [.textChanged]`: typing inside a tagged run removes the tag from the
///   whole run, so a stale tag never survives an edit; the rescan puts the right one back.
public enum TextPatternAttribute: CodableAttributedStringKey {
    public typealias Value = PatternKind
    public static let name = "ComposerPatterns.TextPattern"
    public static var inheritedByAddedText: Bool { false }
    public static var invalidationConditions: Set<AttributedString.AttributeInvalidationCondition>? {
        [.textChanged]
    }
}

/// The colour text is drawn in; mirrors SwiftUI's `foregroundColor`, so an Apple-platform adapter
/// maps it with `Color(red:green:blue:)`.
public enum ForegroundColorAttribute: CodableAttributedStringKey {
    public typealias Value = TextColor
    public static let name = "ComposerPatterns.ForegroundColor"
}

/// Underlining; mirrors SwiftUI's `underlineStyle` (`Text.LineStyle`).
public enum UnderlineStyleAttribute: CodableAttributedStringKey {
    public typealias Value = UnderlineStyle
    public static let name = "ComposerPatterns.UnderlineStyle"
}

/// The underline patterns a composer draws.
public enum UnderlineStyle: String, Hashable, Sendable, Codable {
    case single
    case double
    case thick
}

extension AttributeScopes {
    /// The composer's attributes: the pattern tag, the two style attributes the constraints write,
    /// the user's emphasis, and Foundation's own.
    public struct ComposerAttributes: AttributeScope {
        public let textPattern: TextPatternAttribute
        public let foregroundColor: ForegroundColorAttribute
        public let underlineStyle: UnderlineStyleAttribute
        public let emphasis: TextEmphasisAttribute
        public let emojiImage: EmojiImageAttribute
        public let emojiSize: EmojiSizeAttribute
        public let foundation: FoundationAttributes
    }

    public var composer: ComposerAttributes.Type { ComposerAttributes.self }
}

extension AttributeDynamicLookup {
    /// `text.textPattern`, `run.foregroundColor`, `container.underlineStyle`.
    public subscript<T: AttributedStringKey>(
        dynamicMember keyPath: KeyPath<AttributeScopes.ComposerAttributes, T>
    ) -> T {
        self[T.self]
    }
}
