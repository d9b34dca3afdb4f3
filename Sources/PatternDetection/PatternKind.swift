/// What a span is: one of the five built-in kinds, or a name chosen by the user for a custom pattern.
///
/// A kind is just a name, so custom kinds (`shortcode`, `ticket`) travel through the span table, the
/// `AttributedString` attribute and the CLI exactly like the built-in ones.
public struct PatternKind: RawRepresentable, Hashable, Comparable, Sendable, Codable,
    ExpressibleByStringLiteral, CustomStringConvertible
{
    public let rawValue: String
    /// 1…5 for the built-in names, 0 for any other: two built-in kinds compare as one byte, so
    /// the per-span paths (styles, escapes, values) never compare strings for them.
    ///
    /// Invariant: `code` is `Self.code(of: rawValue)`, so equal names have equal codes.
    @usableFromInline package let code: UInt8

    public init(rawValue: String) { self.init(rawValue) }
    public init(_ name: String) { self.init(name, code: Self.code(of: name)) }
    public init(stringLiteral value: String) { self.init(value) }

    @inlinable init(_ name: String, code: UInt8) {
        self.rawValue = name
        self.code = code
    }

    @usableFromInline static func code(of name: String) -> UInt8 {
        switch name {
        case mention.rawValue: mention.code
        case hashtag.rawValue: hashtag.code
        case url.rawValue: url.code
        case cashtag.rawValue: cashtag.code
        case emoji.rawValue: emoji.code
        default: 0
        }
    }

    // Computed, not stored: reading one touches no lazily initialized global.
    @inlinable public static var mention: PatternKind { PatternKind("mention", code: 1) }
    @inlinable public static var hashtag: PatternKind { PatternKind("hashtag", code: 2) }
    @inlinable public static var url: PatternKind { PatternKind("url", code: 3) }
    @inlinable public static var cashtag: PatternKind { PatternKind("cashtag", code: 4) }
    /// A custom emoji shortcode (`:blobcat:`), found by the `mastodon` rule set.
    @inlinable public static var emoji: PatternKind { PatternKind("emoji", code: 5) }

    @inlinable public static func == (lhs: PatternKind, rhs: PatternKind) -> Bool {
        lhs.code == rhs.code && (lhs.code != 0 || lhs.rawValue == rhs.rawValue)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// The kinds the built-in rule sets report.
    public static let builtIn: [PatternKind] = [.mention, .hashtag, .url, .cashtag, .emoji]

    public var isBuiltIn: Bool { Self.builtIn.contains(self) }
    public var description: String { rawValue }

    public static func < (lhs: PatternKind, rhs: PatternKind) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
