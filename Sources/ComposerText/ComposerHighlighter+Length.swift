import ComposerPosts
import Foundation
import PatternDetection

/// Post length, kept up to date with every edit.
///
/// ```swift
/// var composer = try ComposerHighlighter(text: "", rules: BlueskyRules.shared)
/// try composer.trackLength([.bluesky, .mastodon()])
/// try composer.replace(0..<0, with: "gm")
/// composer.lengthReport(for: .bluesky)?.remaining   // 298
/// ```
/// Once profiles are tracked, each ``replace(_:with:)`` and ``textDidChange(_:edit:selection:)``
/// recounts only the lines the edit touches (see `DraftLength`), and a report costs O(1); with
/// none tracked (the default) edits do no counting at all.
extension ComposerHighlighter {
    /// Starts counting the text under `profiles` (replacing those tracked before; none stops
    /// counting). The ``contentWarning`` is kept.
    /// - Complexity: O(n) once.
    public mutating func trackLength(_ profiles: [LengthProfile]) {
        let contentWarning = draftLength.contentWarning
        draftLength = DraftLength(untrackedWithContentWarning: contentWarning)
        guard !profiles.isEmpty else { return }
        draftLength = DraftLength(
            utf8Count: text.utf8.count, profiles: profiles, contentWarning: contentWarning, readingText: Self.reader(text))
    }

    /// The profiles counted, each once (empty when none).
    public var trackedLengthProfiles: [LengthProfile] { draftLength.profiles }

    /// The content warning `mastodon` profiles count before the text, as Mastodon's validator
    /// does. A property of the composer, like the text: a client edits it in its own field, and
    /// keeping it here lets the first line's count include it once instead of at every report.
    /// - Complexity: setting it is O(warning + first line) when a `mastodon` profile is tracked.
    public var contentWarning: String {
        get { draftLength.contentWarning }
        set { draftLength.setContentWarning(newValue, readingText: Self.reader(text)) }
    }

    /// The report for the text under `profile`, equal to
    /// `PostLength.report(for: String(text.characters), profile: profile, contentWarning: contentWarning)`;
    /// `nil` when `profile` is not tracked (never asked for, or no longer, see
    /// ``trackLength(_:)``).
    /// - Complexity: O(1).
    public func lengthReport(for profile: LengthProfile) -> LengthReport? {
        draftLength.profiles.contains(profile) ? draftLength.report(for: profile) : nil
    }

    /// Reads UTF-8 ranges of `text` that start and end at line boundaries, as the draft asks:
    /// those are cluster boundaries, so the character view converts them in bulk (O(log n +
    /// range)), where the UTF-8 view would go byte by byte. The reader holds the text alone: one
    /// that held the composer would share the draft's tallies while it is edited, and every edit
    /// would copy them.
    private static func reader(_ text: AttributedString) -> DraftLength.TextReader {
        { utf8Range in String(text.characters[text.utf8Range(utf8Range)]) }
    }

    /// Counts the lines `edit` touched in the new `text`; every edit path calls it as soon as
    /// `text` holds the edited string, so the counts never lag the text.
    mutating func lengthDidChange(_ edit: TextEdit) {
        guard draftLength.isTracking else { return }
        draftLength.apply(edit, newUTF8Count: text.utf8.count, readingText: Self.reader(text))
    }
}
