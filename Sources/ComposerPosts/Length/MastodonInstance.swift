#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a Mastodon instance says about statuses in its `GET /api/v2/instance` document: the most
/// characters a status may have and what a link counts. Clients that hard-code 500 and 23 count
/// wrong on instances that configure otherwise; build the profile from the instance instead
/// (``LengthProfile/mastodon(instance:)``).
public struct MastodonInstance: Sendable, Hashable {
    /// `configuration.statuses.max_characters`.
    public var maxCharacters: Int
    /// `configuration.statuses.characters_reserved_per_url`.
    public var charactersReservedPerURL: Int

    /// Takes both numbers as given: unlike ``init(json:)`` (the document is remote data), this
    /// checks nothing, and the profile made from it counts any numbers without trapping, as
    /// ``LengthProfile`` says (a link length below 0 counts as 0; no text that counts anything fits
    /// a limit below 1).
    public init(maxCharacters: Int, charactersReservedPerURL: Int) {
        self.maxCharacters = maxCharacters
        self.charactersReservedPerURL = charactersReservedPerURL
    }

    /// Why a document is not an instance document.
    public struct DecodingError: Error, CustomStringConvertible, Equatable {
        public let description: String
    }

    /// The most either number of an instance document (or the CLI's options for them) may be:
    /// 1,000,000. Mastodon itself has
    /// 500 and 23 (forks let an administrator set the limit: thousands, tens of thousands); a
    /// document beyond this is broken or hostile, not an instance a composer can serve.
    package static let largestDocumentValue = 1_000_000

    /// Reads an `/api/v2/instance` JSON document (other members are ignored): `Data` from
    /// `URLSession`, or bytes. The document is remote data, so its numbers are checked.
    /// - Throws: ``DecodingError`` when `configuration.statuses.max_characters` (1 to 1,000,000) or
    ///   `characters_reserved_per_url` (0 to 1,000,000) is missing or not such a number.
    public init(json: some DataProtocol) throws(DecodingError) {
        let statuses: Document.Statuses
        do {
            statuses = try JSONDecoder().decode(Document.self, from: Data(json)).configuration.statuses
        } catch {
            throw DecodingError(description: "not an instance document (GET /api/v2/instance): \(Self.reason(error))")
        }
        guard statuses.maxCharacters >= 1 else {
            throw DecodingError(description: "configuration.statuses.max_characters must be at least 1, not \(statuses.maxCharacters)")
        }
        guard statuses.maxCharacters <= Self.largestDocumentValue else {
            throw DecodingError(
                description: "configuration.statuses.max_characters must be at most \(Self.largestDocumentValue), not \(statuses.maxCharacters)")
        }
        guard statuses.charactersReservedPerURL >= 0 else {
            throw DecodingError(
                description: "configuration.statuses.characters_reserved_per_url must be at least 0, not \(statuses.charactersReservedPerURL)")
        }
        guard statuses.charactersReservedPerURL <= Self.largestDocumentValue else {
            throw DecodingError(
                description: "configuration.statuses.characters_reserved_per_url must be at most \(Self.largestDocumentValue), not \(statuses.charactersReservedPerURL)")
        }
        self.init(maxCharacters: statuses.maxCharacters, charactersReservedPerURL: statuses.charactersReservedPerURL)
    }

    /// The members of an instance document that are read.
    private struct Document: Decodable {
        struct Configuration: Decodable { var statuses: Statuses }
        struct Statuses: Decodable {
            var maxCharacters: Int
            var charactersReservedPerURL: Int
            enum CodingKeys: String, CodingKey {
                case maxCharacters = "max_characters"
                case charactersReservedPerURL = "characters_reserved_per_url"
            }

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                maxCharacters = try Self.wholeNumber(.maxCharacters, in: container)
                charactersReservedPerURL = try Self.wholeNumber(.charactersReservedPerURL, in: container)
            }

            /// A member that must be a whole number. The decoder reports a number it cannot read as
            /// an `Int` (a fraction, or past 64 bits) as a document that is not JSON at all, so such
            /// a number is read again as a `Double` to name it.
            private static func wholeNumber(_ key: CodingKeys, in container: KeyedDecodingContainer<CodingKeys>) throws -> Int {
                if let value = try? container.decode(Int.self, forKey: key) { return value }
                let value = try container.decode(Double.self, forKey: key)
                let problem =
                    value != value.rounded(.towardZero) ? "must be a whole number"
                    : value < 0 ? "must be at least \(key == .maxCharacters ? 1 : 0)"
                    : "must be at most \(MastodonInstance.largestDocumentValue)"
                throw Swift.DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "\(problem), not \(value)")
            }
        }
        var configuration: Configuration
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case Swift.DecodingError.keyNotFound(let key, let context):
            return "missing " + (context.codingPath.map(\.stringValue) + [key.stringValue]).joined(separator: ".")
        case Swift.DecodingError.typeMismatch(_, let context), Swift.DecodingError.valueNotFound(_, let context):
            // The document itself (an empty path) needs no name before the reason.
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : path + ": " + context.debugDescription
        case Swift.DecodingError.dataCorrupted(let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : path + " " + context.debugDescription
        default:
            return "\(error)"
        }
    }
}

extension LengthProfile {
    /// The `mastodon` profile with the instance's own limit and link length.
    public static func mastodon(instance: MastodonInstance) -> LengthProfile {
        .mastodon(limit: instance.maxCharacters, urlLength: instance.charactersReservedPerURL)
    }
}
