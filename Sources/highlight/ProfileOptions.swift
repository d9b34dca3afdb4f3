import ArgumentParser
import ComposerPosts
import PatternDetection

/// The length profiles by their command-line names.
enum ProfileName: String, ExpressibleByArgument, CaseIterable {
    case bluesky, twitter, mastodon

    static let list = allCases.map(\.rawValue).joined(separator: ", ")
}

/// `--instance`, `--mastodon-limit` and `--url-length`: how the mastodon profile counts (for
/// `--profile` on the default command and for `split`). The instance document gives the limit and
/// the link length; the two options override it; without either, Mastodon's defaults (500, 23).
struct MastodonOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "An instance's GET /api/v2/instance JSON: the mastodon profile takes its configuration.statuses.max_characters and characters_reserved_per_url.",
            valueName: "FILE"),
        completion: .file(extensions: ["json"]))
    var instance: String?

    @Option(name: .customLong("mastodon-limit"), help: "The mastodon profile's limit (at least 1; default: the instance's, else 500).")
    var mastodonLimit: Int?

    @Option(name: .customLong("url-length"), help: "What a URL counts under the mastodon profile (at least 0; default: the instance's, else 23).")
    var urlLength: Int?

    func validate() throws {
        if let mastodonLimit, mastodonLimit < 1 { throw ValidationError("--mastodon-limit must be at least 1, not \(mastodonLimit)") }
        if let urlLength, urlLength < 0 { throw ValidationError("--url-length must be at least 0, not \(urlLength)") }
    }

    /// The mastodon profile: the instance document's numbers (read here; a bad file ends the run)
    /// under the options.
    func mastodonProfile() throws -> LengthProfile {
        let instance = try instance.map(MastodonFiles.instance(at:))
        return .mastodon(
            limit: mastodonLimit ?? instance?.maxCharacters ?? 500,
            urlLength: urlLength ?? instance?.charactersReservedPerURL ?? 23)
    }

    /// The profiles the names stand for, with these options for mastodon.
    func profiles(_ names: [ProfileName]) throws -> [LengthProfile] {
        let mastodon = names.contains(.mastodon) ? try mastodonProfile() : nil
        return names.map { name in
            switch name {
            case .bluesky: .bluesky
            case .twitter: .twitter
            case .mastodon: mastodon!
            }
        }
    }
}
