import Foundation
import PatternDetection
import Testing

/// Shared inputs and arguments for the CLI tests.
enum CLICases {
    /// `seed`'s UTF-8 with one to three random edits: a byte of `mutations` inserted, or put in
    /// place of one, or a byte removed.
    static func mutated(_ seed: String, with mutations: [UInt8], _ generator: inout SplitMix64) -> [UInt8] {
        var line = Array(seed.utf8)
        for _ in 0..<Int(1 + generator.next() % 3) {
            let byte = mutations[Int(generator.next() % UInt64(mutations.count))]
            let at = Int(generator.next() % UInt64(line.count + 1))
            switch generator.next() % 3 {
            case 0: line.insert(byte, at: at)
            case 1 where at < line.count: line[at] = byte
            default: if at < line.count { line.remove(at: at) }
            }
        }
        return line
    }

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
