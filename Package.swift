// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "ComposerPatterns",
    // ComposerText is built on Foundation's AttributedString APIs of the 26 releases (UTF-8 and
    // UTF-16 views, transform(updating:), attribute invalidation); see ComposerText's
    // "Apple platforms" article.
    platforms: [.macOS("26.0"), .iOS("26.0"), .tvOS("26.0"), .watchOS("26.0"), .visionOS("26.0")],
    products: [
        .library(name: "PatternDetection", targets: ["PatternDetection"]),
        .library(name: "ComposerPosts", targets: ["ComposerPosts"]),
        .library(name: "ComposerText", targets: ["ComposerText"]),
        .library(name: "KeystrokeReplay", targets: ["KeystrokeReplay"]),
        .executable(name: "highlight", targets: ["highlight"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `make docs`: the DocC catalogs of the library modules.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CPCRE2",
            pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"]), .brew(["pcre2"])]
        ),
        // UTF-8 and offsets, JSON writing, Punycode, the gap buffer: internal, shared by the
        // library modules (no product, nothing public).
        .target(name: "ComposerCore"),
        .target(
            name: "PatternDetection",
            dependencies: ["ComposerCore", "CPCRE2"]
        ),
        .target(
            name: "ComposerText",
            dependencies: ["PatternDetection"]
        ),
        .target(
            name: "ComposerPosts",
            dependencies: ["PatternDetection", "ComposerText"]
        ),
        .target(
            name: "KeystrokeReplay",
            dependencies: ["PatternDetection", "ComposerText"]
        ),
        .executableTarget(
            name: "highlight",
            dependencies: [
                "PatternDetection",
                "ComposerPosts",
                "ComposerText",
                "KeystrokeReplay",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Fixture and conformance paths and the YAML reader, shared by the test targets.
        .target(
            name: "TestSupport",
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "PatternDetectionTests",
            dependencies: ["PatternDetection", "TestSupport"]
        ),
        .testTarget(
            name: "ComposerPostsTests",
            dependencies: ["ComposerPosts", "ComposerText", "PatternDetection", "TestSupport"]
        ),
        .testTarget(
            name: "ComposerTextTests",
            dependencies: ["ComposerText", "KeystrokeReplay"]
        ),
        .testTarget(
            name: "KeystrokeReplayTests",
            dependencies: ["KeystrokeReplay", "ComposerText", "PatternDetection"]
        ),
        .testTarget(
            name: "HighlightCLITests",
            dependencies: ["highlight", "PatternDetection", "ComposerPosts", "TestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
