import Foundation
import KeystrokeReplay

/// The replay fixtures, found relative to this file.
enum ReplayFixtures {
    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // KeystrokeReplayTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/replays")

    /// The small fixtures (up to a few KB): the 10 KB and 100 KB thread replies are played by the
    /// CLI and the benchmarks, not by the (debug-built) unit tests.
    static let small = [
        "typing-a-post", "paste-url", "edit-inside-mention", "delete-across-hashtag", "bold-range",
        "icysky-touching-tags", "mastodon-status",
    ]

    static func url(_ name: String) -> URL { directory.appendingPathComponent(name + ".json") }

    static func session(_ name: String) throws -> ReplaySession { try ReplaySession.load(from: url(name)) }
}
