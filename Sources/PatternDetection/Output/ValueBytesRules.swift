/// A rule set's byte form of values (``SpanValueBytesProviding``), its type resolved once: each
/// built-in rule set as itself, so that picking an encoder's loop for a chunk or a post is a
/// switch, not a dynamic cast (``ChunkEncoder/encodeWithChunkValues(_:into:)``).
package enum ValueBytesRules: Sendable {
    case bluesky(BlueskyRules)
    case twitter(TwitterRules)
    case mastodon(MastodonRules)
    case icysky(IcyskyRules)
    /// Another rule set that gives values as bytes (a ``CustomRuleSet``).
    case other(any SpanValueBytesProviding)
    /// A rule set that gives values only as `String`s.
    case none

    /// `rules`' byte form of values: dynamic casts, once.
    package init(_ rules: any RuleSet) {
        switch rules {
        case let rules as BlueskyRules: self = .bluesky(rules)
        case let rules as TwitterRules: self = .twitter(rules)
        case let rules as MastodonRules: self = .mastodon(rules)
        case let rules as IcyskyRules: self = .icysky(rules)
        default: self = rules.valueBytesProvider.map { .other($0) } ?? .none
        }
    }
}
