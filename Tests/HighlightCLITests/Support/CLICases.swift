import Foundation
import PatternDetection
import Testing

/// Shared inputs and arguments for the CLI tests.
enum CLICases {
    /// Custom patterns passed with `--pattern` in tests.
    static let patternArguments = [
        "--pattern", #"ticket=\b[A-Z]{2,10}-\d+\b"#, "--pattern", "shortcode=:[a-z0-9_+-]+:",
    ]

    /// Random bytes without ESC, so that stripping SGR escapes from the output can only remove
    /// the ones `highlight` wrote.
    static func randomBytes(count: Int, seed: UInt64) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        return PostCorpus.randomBytes(count: count, using: &random).map { $0 == 0x1B ? 0x1C : $0 }
    }
}

/// A scratch file for a test, removed by the caller.
func temporaryFile(_ bytes: [UInt8], name: String) throws -> String {
    struct WriteFailed: Error {}
    let path = NSTemporaryDirectory() + "highlight-cli-\(getpid())-\(name)"
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { throw WriteFailed() }
    return path
}
