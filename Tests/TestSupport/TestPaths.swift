import Foundation

/// Locations tests read from, found relative to this file so they work from any checkout.
package enum TestPaths {
    /// The package root (the folder holding Package.swift).
    package static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// `Fixtures/` in this package.
    package static let fixtures = packageRoot.appendingPathComponent("Fixtures")

    /// `../shared/conformance/` beside the checkout: external suites, never copied into the repo.
    package static let conformance = packageRoot.deletingLastPathComponent()
        .appendingPathComponent("shared").appendingPathComponent("conformance")

    /// The conformance file at `relativePath`, or `nil` when the suite is absent (tests then skip
    /// with a message instead of failing).
    package static func conformanceFile(_ relativePath: String) -> URL? {
        let url = conformance.appendingPathComponent(relativePath)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }
}
