// swift-tools-version: 6.1
// An app's view of the package: depends on it by path, as an app would by URL, and drives a
// composer and a text-storage mirror through typing, a paste, an IME composition and an accepted
// completion. `make adoption` builds and runs it; it exits non-zero if the storage ever differs
// from the composer.
import PackageDescription

let package = Package(
    name: "Adoption",
    platforms: [.macOS("26.0"), .iOS("26.0")],
    dependencies: [.package(name: "ComposerPatterns", path: "../..")],
    targets: [
        .executableTarget(
            name: "Adoption",
            dependencies: [
                .product(name: "ComposerText", package: "ComposerPatterns"),
                .product(name: "ComposerTextStorage", package: "ComposerPatterns"),
                .product(name: "ComposerPosts", package: "ComposerPatterns"),
                .product(name: "PatternDetection", package: "ComposerPatterns"),
            ]
        )
    ]
)
