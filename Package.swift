// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "ComposerPatterns",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "PatternDetection", targets: ["PatternDetection"]),
        .library(name: "ComposerText", targets: ["ComposerText"]),
        .library(name: "KeystrokeReplay", targets: ["KeystrokeReplay"]),
        .executable(name: "highlight", targets: ["highlight"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CPCRE2",
            pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"]), .brew(["pcre2"])]
        ),
        .target(
            name: "PatternDetection",
            dependencies: ["CPCRE2"]
        ),
        .target(
            name: "ComposerText",
            dependencies: ["PatternDetection"]
        ),
        .target(
            name: "KeystrokeReplay",
            dependencies: ["PatternDetection", "ComposerText"]
        ),
        .executableTarget(
            name: "highlight",
            dependencies: [
                "PatternDetection",
                "ComposerText",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "PatternDetectionTests",
            dependencies: ["PatternDetection"]
        ),
        .testTarget(
            name: "ComposerTextTests",
            dependencies: ["ComposerText", "KeystrokeReplay"]
        ),
        .testTarget(
            name: "HighlightCLITests",
            dependencies: ["highlight"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
