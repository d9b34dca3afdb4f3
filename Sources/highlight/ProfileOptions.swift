import ArgumentParser
import ComposerPosts

/// The length profiles by their command-line names.
enum ProfileName: String, ExpressibleByArgument, CaseIterable {
    case bluesky, twitter, mastodon

    static let list = allCases.map(\.rawValue).joined(separator: ", ")
}

/// `--mastodon-limit` and `--url-length`: how the mastodon profile counts (for `--profile` on the
/// default command and for `split`).
struct MastodonOptions: ParsableArguments {
    @Option(name: .customLong("mastodon-limit"), help: "The mastodon profile's limit (at least 1).")
    var mastodonLimit = 500

    @Option(name: .customLong("url-length"), help: "What a URL counts under the mastodon profile (at least 0).")
    var urlLength = 23

    func validate() throws {
        guard mastodonLimit >= 1 else { throw ValidationError("--mastodon-limit must be at least 1, not \(mastodonLimit)") }
        guard urlLength >= 0 else { throw ValidationError("--url-length must be at least 0, not \(urlLength)") }
    }

    /// The profile a name stands for, with these options for mastodon.
    func profile(_ name: ProfileName) -> LengthProfile {
        switch name {
        case .bluesky: .bluesky
        case .twitter: .twitter
        case .mastodon: .mastodon(limit: mastodonLimit, urlLength: urlLength)
        }
    }
}
