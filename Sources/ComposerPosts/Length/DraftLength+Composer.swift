#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ComposerText
import PatternDetection

/// Counting a composer's text as it is edited: the composer reports each edit as a
/// `ComposerChange`, and the draft recounts only the lines it touched.
extension DraftLength {
    /// Counts `composer`'s text under `profiles`.
    /// - Complexity: O(n) once.
    public init(composer: ComposerHighlighter, profiles: [LengthProfile], contentWarning: String = "") {
        self.init(
            utf8Count: composer.text.utf8.count, profiles: profiles, contentWarning: contentWarning,
            readingText: Self.reader(composer.text))
    }

    /// Follows one editing call of `composer`: `change` is what that call returned, `composer`
    /// the composer after it.
    /// - Precondition: the draft counted the composer's text before that call.
    /// - Complexity: as ``apply(_:newUTF8Count:readingText:)``; reading the touched lines costs
    ///   O(log n + line) on the string's rope.
    public mutating func apply(_ change: ComposerChange, in composer: ComposerHighlighter) {
        apply(change.utf8Edit, newUTF8Count: composer.text.utf8.count, readingText: Self.reader(composer.text))
    }

    /// Sets the content warning, reading the first line from `composer`'s text.
    public mutating func setContentWarning(_ contentWarning: String, in composer: ComposerHighlighter) {
        setContentWarning(contentWarning, readingText: Self.reader(composer.text))
    }

    /// Reads UTF-8 ranges of `text` that start and end at line boundaries, as the draft asks:
    /// those are cluster boundaries, so the character view converts them in bulk (O(log n +
    /// range)), where the UTF-8 view would go byte by byte.
    private static func reader(_ text: AttributedString) -> TextReader {
        { utf8Range in String(text.characters[text.utf8Range(utf8Range)]) }
    }
}
