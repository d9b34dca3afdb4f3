#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PatternDetection

/// The image a custom emoji shortcode stands for (its URL), on the text of each emoji span whose
/// rule set knows one (the `mastodon` rules with an instance's emoji catalog). A text view draws
/// the image in the shortcode's place.
///
/// Like the tag: never inherited by typed text, and dropped when the text under it changes, until
/// the rescan puts it back.
public enum EmojiImageAttribute: CodableAttributedStringKey {
    public typealias Value = String
    public static let name = "ComposerPatterns.EmojiImage"
    public static var inheritedByAddedText: Bool { false }
    public static var invalidationConditions: Set<AttributedString.AttributeInvalidationCondition>? {
        [.textChanged]
    }
}

/// How large an emoji image is drawn, in points (the seed's `EmojiSizeConstraint` writes it).
public enum EmojiSizeAttribute: CodableAttributedStringKey {
    public typealias Value = Double
    public static let name = "ComposerPatterns.EmojiSize"
}

/// Sizes emoji spans (the seed's `EmojiSizeConstraint`): `points` on text tagged
/// `PatternKind.emoji`, nothing elsewhere.
public struct EmojiSizeConstraint: ValueConstraint {
    public typealias Key = EmojiSizeAttribute
    public var points: Double

    public init(points: Double = 20) {
        self.points = points
    }

    public func constrain(_ attributes: inout AttributeContainer) {
        attributes[EmojiSizeAttribute.self] = attributes[TextPatternAttribute.self] == .emoji ? points : nil
    }
}

extension ComposerHighlighter {
    /// Puts each emoji span's image (``EmojiImageAttribute``) on the text the last update wrote
    /// (`written`, UTF-8 ranges of the new text) and clears it from whatever is no emoji there.
    /// Nothing to do when the rule set knows no images.
    /// - Complexity: O(written + the emoji spans overlapping it).
    mutating func refreshEmojiImages(in written: [Range<Int>]) {
        guard let provider = rules.imageProvider, !written.isEmpty else { return }
        var emoji: [Span] = []
        if let document = strategy.spanDocument {
            for range in written { emoji += document.spans(overlapping: range).filter { $0.kind == .emoji } }
        } else {
            emoji = text.taggedSpans().filter { span in
                span.kind == .emoji && written.contains { $0.overlaps(span.utf8Range) }
            }
        }
        for range in written where !range.isEmpty {
            let indices = text.utf8Range(range)
            if text[indices].runs[\.emojiImage].contains(where: { $0.0 != nil }) { text[indices][EmojiImageAttribute.self] = nil }
        }
        var seen = Set<Range<Int>>()
        for span in emoji where seen.insert(span.utf8Range).inserted {
            let indices = text.utf8Range(span.utf8Range)
            var shortcode = String(text.characters[indices])
            let image = shortcode.withUTF8 { bytes in
                provider.imageURL(of: Span(kind: .emoji, utf8Range: 0..<bytes.count), in: bytes)
            }
            if let image { text[indices][EmojiImageAttribute.self] = image }
        }
    }
}
