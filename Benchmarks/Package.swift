// swift-tools-version: 6.1
// Benchmarks for ComposerPatterns, kept out of the main package so `make test` never builds them.
// Run from this directory: `swift package benchmark` (see README "Benchmarks and replays").
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its directory (`wt-replay`, `main`, `ComposerPatterns`…).
let parentPackage = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent.lowercased()

let package = Package(
    name: "ComposerPatternsBenchmarks",
    platforms: [.macOS("26.0")],
    dependencies: [
        .package(path: "../"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "KeystrokeBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PatternDetection", package: parentPackage),
                .product(name: "ComposerText", package: parentPackage),
                .product(name: "KeystrokeReplay", package: parentPackage),
            ],
            path: "Benchmarks/KeystrokeBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "LengthBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PatternDetection", package: parentPackage),
                .product(name: "ComposerPosts", package: parentPackage),
            ],
            path: "Benchmarks/LengthBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ComposerLengthBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PatternDetection", package: parentPackage),
                .product(name: "ComposerPosts", package: parentPackage),
                .product(name: "ComposerText", package: parentPackage),
                .product(name: "KeystrokeReplay", package: parentPackage),
            ],
            path: "Benchmarks/ComposerLengthBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
