import PatternDetection

/// One-call length reports (a ``PostLengthCounter`` made and asked once).
public enum PostLength {
    /// The report for `text` under `profile`.
    /// - Parameters:
    ///   - text: the post.
    ///   - profile: how to count it.
    ///   - contentWarning: counted before the text by `mastodon`; ignored by the others.
    ///   - scratch: match scratch for the `bluesky` rule set (made here when `nil`).
    public static func report(
        for text: String, profile: LengthProfile, contentWarning: String = "", scratch: MatchScratch? = nil
    ) throws(PatternError) -> LengthReport {
        try PostLengthCounter(text: text, profiles: [profile], scratch: scratch).report(for: profile, contentWarning: contentWarning)
    }

    /// Reports for `text` under each of `profiles` (cross-posting), scanning once per rule set.
    public static func reports(
        for text: String, profiles: [LengthProfile], contentWarning: String = "", scratch: MatchScratch? = nil
    ) throws(PatternError) -> [LengthReport] {
        try PostLengthCounter(text: text, profiles: profiles, scratch: scratch).reports(for: profiles, contentWarning: contentWarning)
    }
}
