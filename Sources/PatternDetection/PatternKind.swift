/// What a span is: one of the five built-in kinds, or a name chosen by the user for a custom pattern.
///
/// A kind is just a name, so custom kinds (`shortcode`, `ticket`) travel through the span table, the
/// `AttributedString` attribute and the CLI exactly like the built-in ones.
public struct PatternKind: RawRepresentable, Hashable, Comparable, Sendable, Codable,
    ExpressibleByStringLiteral, CustomStringConvertible
{
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ name: String) { self.rawValue = name }
    public init(stringLiteral value: String) { self.rawValue = value }

    public static let mention: PatternKind = "mention"
    public static let hashtag: PatternKind = "hashtag"
    public static let url: PatternKind = "url"
    public static let cashtag: PatternKind = "cashtag"
    /// A custom emoji shortcode (`:blobcat:`), found by the `mastodon` rule set.
    public static let emoji: PatternKind = "emoji"

    /// The kinds the built-in rule sets report.
    public static let builtIn: [PatternKind] = [.mention, .hashtag, .url, .cashtag, .emoji]

    public var isBuiltIn: Bool { Self.builtIn.contains(self) }
    public var description: String { rawValue }

    public static func < (lhs: PatternKind, rhs: PatternKind) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
