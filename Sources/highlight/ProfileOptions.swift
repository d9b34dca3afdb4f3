import ArgumentParser
import ComposerPosts
import PatternDetection

/// The length profiles by their command-line names.
enum ProfileName: String, ExpressibleByArgument, CaseIterable {
    case bluesky, twitter, mastodon

    static let list = allCases.map(\.rawValue).joined(separator: ", ")
}

/// How the mastodon profile counts, as plain values: an instance document (`--instance`) gives
/// the limit and the link length, `--mastodon-limit` and `--url-length` override it; without
/// either, Mastodon's defaults (500, 23).
struct MastodonCounting {
    var instance: String?
    var mastodonLimit: Int?
    var urlLength: Int?

    /// What is wrong with the values, as the usage error says it; `nil` when nothing is.
    var problem: String? {
        // The bounds an instance document is held to: past them, lengths and permillages would
        // saturate instead of meaning anything.
        let largest = MastodonInstance.largestDocumentValue
        if let mastodonLimit, mastodonLimit < 1 { return "--mastodon-limit must be at least 1, not \(mastodonLimit)" }
        if let mastodonLimit, mastodonLimit > largest { return "--mastodon-limit must be at most \(largest), not \(mastodonLimit)" }
        if let urlLength, urlLength < 0 { return "--url-length must be at least 0, not \(urlLength)" }
        if let urlLength, urlLength > largest { return "--url-length must be at most \(largest), not \(urlLength)" }
        return nil
    }

    /// The mastodon profile: the instance document's numbers (read here; a bad file ends the run)
    /// under the overrides.
    func mastodonProfile() throws -> LengthProfile {
        let instance = try instance.map(MastodonFiles.instance(at:))
        return .mastodon(
            limit: mastodonLimit ?? instance?.maxCharacters ?? 500,
            urlLength: urlLength ?? instance?.charactersReservedPerURL ?? 23)
    }

    /// The profiles the names stand for, each once (where first named: a document's lengths are
    /// a JSON object, keyed by name), with these values for mastodon. An `--instance` file is read
    /// whether or not mastodon is among them: a bad one ends the run (65) either way.
    func profiles(_ names: [ProfileName]) throws -> [LengthProfile] {
        var named: Set<ProfileName> = []
        let names = names.filter { named.insert($0).inserted }
        let mastodon = names.contains(.mastodon) || instance != nil ? try mastodonProfile() : nil
        return names.map { name in
            switch name {
            case .bluesky: .bluesky
            case .twitter: .twitter
            case .mastodon: mastodon!
            }
        }
    }
}

/// `--instance`, `--mastodon-limit` and `--url-length` (for `--profile` on the default command and
/// for `split`): see ``MastodonCounting``.
struct MastodonOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "An instance's GET /api/v2/instance JSON: the mastodon profile takes its configuration.statuses.max_characters and characters_reserved_per_url.",
            valueName: "FILE"),
        completion: .file(extensions: ["json"]))
    var instance: String?

    @Option(name: .customLong("mastodon-limit"), parsing: .unconditional, help: "The mastodon profile's limit (1 to 1000000; default: the instance's, else 500).")
    var mastodonLimit: Int?

    @Option(name: .customLong("url-length"), parsing: .unconditional, help: "What a URL counts under the mastodon profile (0 to 1000000; default: the instance's, else 23).")
    var urlLength: Int?

    var counting: MastodonCounting {
        MastodonCounting(instance: instance, mastodonLimit: mastodonLimit, urlLength: urlLength)
    }

    func validate() throws {
        if let problem = counting.problem { throw ValidationError(problem) }
    }
}
