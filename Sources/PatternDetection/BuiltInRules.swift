/// The rule sets that ship with the package, by the names `--rules` accepts.
public enum BuiltInRules: String, CaseIterable, Sendable {
    /// atproto's facet detection (the default).
    case bluesky
    /// twitter-text 3.1.0 (JS).
    case twitter
    /// What a Mastodon server links, with `:shortcode:` custom emoji.
    case mastodon
    /// The IcySky composer's three expressions, for comparison.
    case icysky

    /// The shared, compiled rule set.
    public func ruleSet() -> any RuleSet {
        switch self {
        case .bluesky: return BlueskyRules.shared
        case .twitter: return TwitterRules.shared
        case .mastodon: return MastodonRules.shared
        case .icysky: return IcyskyRules.shared
        }
    }
}
