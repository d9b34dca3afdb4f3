// Writes every hostile shape (Tests/PatternDetectionTests/Support/HostileCorpus.swift) at a given
// size into a directory, for timing the release build: see Scripts/hostile-timings.sh.
// Build: swiftc -O -D FUZZING -package-name scripts Sources/ComposerCore/SplitMix64.swift \
//     Tests/PatternDetectionTests/Support/HostileCorpus.swift Scripts/DumpHostileCorpus.swift

import Foundation

@main
enum DumpHostileCorpus {
    static func main() throws {
        let arguments = CommandLine.arguments
        guard arguments.count == 3, let size = Int(arguments[2]) else {
            FileHandle.standardError.write(Data("usage: dump-hostile-corpus DIRECTORY BYTES\n".utf8))
            exit(2)
        }
        let directory = URL(fileURLWithPath: arguments[1])
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for shape in HostileCorpus.Shape.allCases {
            try Data(shape.bytes(count: size)).write(to: directory.appendingPathComponent(shape.rawValue))
        }
        try Data(PostCorpus.posts(byteCount: size, seed: 1)).write(to: directory.appendingPathComponent("posts"))
        var random = SplitMix64(seed: 2)
        try Data(PostCorpus.randomBytes(count: size, using: &random)).write(to: directory.appendingPathComponent("randomBytes"))
    }
}
