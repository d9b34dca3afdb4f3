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
        .library(name: "ComposerPostsHTTP", targets: ["ComposerPostsHTTP"]),
        .library(name: "ComposerText", targets: ["ComposerText"]),
        .library(name: "KeystrokeReplay", targets: ["KeystrokeReplay"]),
        .library(name: "ComposerTextStorage", targets: ["ComposerTextStorage"]),
        .executable(name: "highlight", targets: ["highlight"]),
        .executable(name: "highlight-resolver", targets: ["highlight-resolver"]),
    ],
    // PCRE2 (the system library, through pkg-config) runs the icysky rules and custom patterns;
    // without the trait they run on Foundation's NSRegularExpression (ICU), which every platform
    // has, and nothing looks for PCRE2. An iOS app depends on the package with `traits: []`.
    traits: [
        .default(enabledTraits: ["PCRE2"]),
        .trait(name: "PCRE2", description: "Run expressions on the system's PCRE2 (pkg-config libpcre2-8) instead of Foundation's NSRegularExpression."),
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
        // One regex protocol, two engines: PCRE2 with the trait, NSRegularExpression always
        // (the engine without the trait, and the other side of the differential test with it).
        // With the trait, the NSRegularExpression engine is compiled in debug builds only (as the
        // differential tests' oracle), so a release build links neither Foundation nor ICU.
        .target(
            name: "RegexEngine",
            dependencies: [.target(name: "CPCRE2", condition: .when(traits: ["PCRE2"]))],
            swiftSettings: [.define("FOUNDATION_REGEX_ORACLE", .when(configuration: .debug))]
        ),
        .target(
            name: "PatternDetection",
            dependencies: ["ComposerCore", "RegexEngine"]
        ),
        .target(
            name: "ComposerText",
            dependencies: ["PatternDetection"]
        ),
        .target(
            name: "ComposerPosts",
            dependencies: ["PatternDetection", "ComposerText"]
        ),
        // The URLSession handle resolver: the only module that imports FoundationNetworking
        // (libcurl and its TLS stack), so nothing else loads them.
        .target(
            name: "ComposerPostsHTTP",
            dependencies: ["ComposerCore", "ComposerPosts"]
        ),
        // An NSMutableAttributedString (NSTextStorage on Apple platforms) kept in step with a
        // composer: the one library module that needs Foundation's attributed strings.
        .target(
            name: "ComposerTextStorage",
            dependencies: ["ComposerText", "PatternDetection"]
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
        // `highlight post --resolver`'s networking, run as a helper process so that `highlight`
        // itself never loads libcurl.
        .executableTarget(
            name: "highlight-resolver",
            dependencies: ["ComposerPosts", "ComposerPostsHTTP"]
        ),
        // Fixture and conformance paths and the YAML reader, shared by the test targets.
        .target(
            name: "TestSupport",
            dependencies: ["ComposerCore", "ComposerText"],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "PatternDetectionTests",
            dependencies: ["PatternDetection", "RegexEngine", "TestSupport"]
        ),
        .testTarget(
            name: "ComposerPostsTests",
            dependencies: ["ComposerPosts", "ComposerPostsHTTP", "ComposerText", "PatternDetection", "TestSupport"]
        ),
        .testTarget(
            name: "ComposerTextTests",
            dependencies: ["ComposerText", "KeystrokeReplay", "TestSupport"]
        ),
        .testTarget(
            name: "ComposerTextStorageTests",
            dependencies: ["ComposerTextStorage", "ComposerText", "KeystrokeReplay", "PatternDetection", "TestSupport"]
        ),
        .testTarget(
            name: "KeystrokeReplayTests",
            dependencies: ["KeystrokeReplay", "ComposerText", "PatternDetection", "TestSupport"]
        ),
        .testTarget(
            name: "HighlightCLITests",
            dependencies: ["highlight", "highlight-resolver", "PatternDetection", "ComposerPosts", "ComposerPostsHTTP", "ComposerText", "TestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
