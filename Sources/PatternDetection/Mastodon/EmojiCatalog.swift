#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An instance's custom emoji, as its `GET /api/v1/custom_emojis` lists them.
///
/// Mastodon renders a `:shortcode:` as an image only when the instance has that emoji; with a
/// catalog, the `mastodon` rule set reports exactly those shortcodes (``MastodonRules/init(emojiCatalog:)``),
/// and each span's image is ``url(forShortcode:)``. Shortcodes are matched exactly (case matters,
/// as on the server).
///
/// Invariant: every emoji's shortcode is one a status can hold, two or more of `[A-Za-z0-9_]`
/// (``isShortcode(_:)``). An entry whose shortcode is not (empty, with a space, a colon, NUL, or
/// any other character) can never be written as `:shortcode:` and is skipped when the catalog is
/// built: Mastodon refuses such shortcodes, and a list from elsewhere that holds one keeps the
/// rest of its emoji.
///
/// A value; `Sendable`. Lookups are O(1); ``suggestions(for:limit:)`` is O(catalog) per query.
public struct EmojiCatalog: Sendable, Equatable {
    /// One custom emoji.
    public struct Emoji: Sendable, Equatable, Decodable {
        public var shortcode: String
        /// The image.
        public var url: String
        /// A still image (for animated emoji).
        public var staticURL: String?
        /// Whether the instance offers it in its emoji picker; suggestions list only those.
        public var visibleInPicker: Bool
        public var category: String?

        public init(shortcode: String, url: String, staticURL: String? = nil, visibleInPicker: Bool = true, category: String? = nil) {
            self.shortcode = shortcode
            self.url = url
            self.staticURL = staticURL
            self.visibleInPicker = visibleInPicker
            self.category = category
        }

        enum CodingKeys: String, CodingKey {
            case shortcode, url, category
            case staticURL = "static_url"
            case visibleInPicker = "visible_in_picker"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            shortcode = try container.decode(String.self, forKey: .shortcode)
            url = try container.decode(String.self, forKey: .url)
            staticURL = try container.decodeIfPresent(String.self, forKey: .staticURL)
            visibleInPicker = try container.decodeIfPresent(Bool.self, forKey: .visibleInPicker) ?? true
            category = try container.decodeIfPresent(String.self, forKey: .category)
        }
    }

    /// Why a document is not a catalog.
    public struct DecodingError: Error, CustomStringConvertible, Equatable {
        public let description: String
    }

    /// The emoji in catalog order, without those whose shortcode ``isShortcode(_:)`` refuses.
    public let emoji: [Emoji]
    /// Index into ``emoji`` by shortcode (the first entry wins when a shortcode repeats).
    private let byShortcode: [String: Int]
    /// Lower-cased shortcodes of the picker-visible emoji, in catalog order, for suggestions.
    private let pickerShortcodes: [(lowercased: [UInt8], index: Int)]

    /// The catalog of `emoji`, in their order, skipping those whose shortcode cannot be written
    /// (``isShortcode(_:)``).
    public init(_ emoji: [Emoji]) {
        let emoji = emoji.filter { Self.isShortcode($0.shortcode) }
        self.emoji = emoji
        var byShortcode: [String: Int] = [:]
        for (index, entry) in emoji.enumerated() where byShortcode[entry.shortcode] == nil {
            byShortcode[entry.shortcode] = index
        }
        self.byShortcode = byShortcode
        self.pickerShortcodes = emoji.enumerated().compactMap { index, entry in
            entry.visibleInPicker ? (Array(entry.shortcode.lowercased().utf8), index) : nil
        }
    }

    /// Reads the JSON array `/api/v1/custom_emojis` returns (each object needs `shortcode` and
    /// `url`; `static_url`, `visible_in_picker` (default true) and `category` are read when
    /// present; other members are ignored). `json` is the body as it arrives: `Data` from
    /// `URLSession`, or bytes. Entries whose shortcode cannot be written are skipped, as
    /// ``init(_:)`` skips them.
    /// - Throws: ``DecodingError`` naming what is wrong with the document (a shortcode that is not
    ///   a string, a missing `url`); a well-typed but unwritable shortcode is no error.
    public init(json: some DataProtocol) throws(DecodingError) {
        do {
            self.init(try JSONDecoder().decode([Emoji].self, from: Data(json)))
        } catch {
            throw DecodingError(description: "not a custom emoji list (GET /api/v1/custom_emojis): \(Self.reason(error))")
        }
    }

    /// Whether `shortcode` can stand between two colons in a status: two or more of
    /// `[A-Za-z0-9_]`, the shortcode of Mastodon's `CustomEmoji::SCAN_RE` (and what its
    /// `CustomEmoji` model accepts).
    public static func isShortcode(_ shortcode: String) -> Bool {
        shortcode.utf8.count >= 2 && shortcode.utf8.allSatisfy(MastodonCharacters.isASCIIWordByte)
    }

    /// The emoji with `shortcode`, if the instance has it.
    public func emoji(forShortcode shortcode: String) -> Emoji? {
        byShortcode[shortcode].map { emoji[$0] }
    }

    /// The image of `shortcode`, if the instance has it.
    public func url(forShortcode shortcode: String) -> String? {
        emoji(forShortcode: shortcode)?.url
    }

    public static func == (lhs: EmojiCatalog, rhs: EmojiCatalog) -> Bool { lhs.emoji == rhs.emoji }

    /// Whether the shortcode of the emoji span `span` (colons included) is in the catalog.
    func contains(shortcodeOf span: Span, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        let shortcode = String(decoding: UnsafeBufferPointer(rebasing: text[span.utf8Range.lowerBound + 1..<span.utf8Range.upperBound - 1]), as: UTF8.self)
        return byShortcode[shortcode] != nil
    }

    /// The emoji to offer for what the user typed after `:`: picker-visible emoji whose shortcode
    /// starts with `query`, then those that contain it elsewhere, case-insensitively, each group in
    /// catalog order; at most `limit`.
    /// - Complexity: O(catalog × query length); no allocation per entry.
    public func suggestions(for query: String, limit: Int = 10) -> [Emoji] {
        let needle = Array(query.lowercased().utf8)
        guard limit > 0 else { return [] }
        var prefixed: [Int] = []
        var contained: [Int] = []
        for entry in pickerShortcodes {
            guard let offset = Self.firstOffset(of: needle, in: entry.lowercased) else { continue }
            if offset == 0 {
                prefixed.append(entry.index)
                if prefixed.count == limit { break }
            } else if contained.count < limit {
                contained.append(entry.index)
            }
        }
        return (prefixed + contained).prefix(limit).map { emoji[$0] }
    }

    private static func firstOffset(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        if needle.isEmpty { return 0 }
        var start = 0
        while start + needle.count <= haystack.count {
            if haystack[start] == needle[0] {
                var index = 1
                while index < needle.count, haystack[start + index] == needle[index] { index += 1 }
                if index == needle.count { return start }
            }
            start += 1
        }
        return nil
    }

    private static func reason(_ error: any Error) -> String {
        func path(_ context: Swift.DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error {
        case Swift.DecodingError.keyNotFound(let key, let context):
            // The decoder's own description names its coding-key type, not the member.
            let path = path(context)
            return (path.isEmpty ? "" : path + ": ") + "missing \"\(key.stringValue)\""
        case Swift.DecodingError.typeMismatch(_, let context), Swift.DecodingError.valueNotFound(_, let context),
            Swift.DecodingError.dataCorrupted(let context):
            let path = path(context)
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }
}
