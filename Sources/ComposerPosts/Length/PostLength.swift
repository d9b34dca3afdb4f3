import PatternDetection

/// One-call length reports (a ``PostLengthCounter`` made and asked once).
public enum PostLength {
    /// The report for `text` under `profile`.
    /// - Parameters:
    ///   - text: the post.
    ///   - profile: how to count it.
    ///   - contentWarning: counted before the text by `mastodon`; ignored by the others.
    public static func report(
        for text: String, profile: LengthProfile, contentWarning: String = ""
    ) -> LengthReport {
        PostLengthCounter(text: text, profiles: [profile]).report(for: profile, contentWarning: contentWarning)
    }

    /// Reports for `text` under each of `profiles` (cross-posting), scanning once per rule set.
    public static func reports(
        for text: String, profiles: [LengthProfile], contentWarning: String = ""
    ) -> [LengthReport] {
        PostLengthCounter(text: text, profiles: profiles).reports(for: profiles, contentWarning: contentWarning)
    }
}
