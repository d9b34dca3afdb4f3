// Writes realistic posts (PostCorpus in Tests/PatternDetectionTests/Support/HostileCorpus.swift) of
// a given size to a file, deterministically, for timing the release build: see
// Scripts/output-timings.sh.
// Build: swiftc -O -D FUZZING -package-name scripts Sources/ComposerCore/SplitMix64.swift \
//     Tests/PatternDetectionTests/Support/HostileCorpus.swift Scripts/DumpPostCorpus.swift

import Foundation

@main
enum DumpPostCorpus {
    static func main() throws {
        let arguments = CommandLine.arguments
        guard arguments.count == 4, let size = Int(arguments[2]), let seed = UInt64(arguments[3]) else {
            FileHandle.standardError.write(Data("usage: dump-post-corpus FILE BYTES SEED\n".utf8))
            exit(2)
        }
        try Data(PostCorpus.posts(byteCount: size, seed: seed)).write(to: URL(fileURLWithPath: arguments[1]))
    }
}
