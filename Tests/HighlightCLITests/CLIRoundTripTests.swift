import Foundation
import PatternDetection
import Testing
import TestSupport

/// Colour on, the escapes removed, gives back the input byte for byte; colour off is the input.
@Suite("CLI round trips")
struct CLIRoundTripTests {
    static func inputs() -> [(label: String, bytes: [UInt8])] {
        var random = SplitMix64(seed: 42)
        var inputs: [(String, [UInt8])] = [
            ("posts", PostCorpus.posts(byteCount: 200_000, seed: 1)),
            ("random bytes", CLICases.randomBytes(count: 30_000, seed: 2)),
            ("broken posts", PostCorpus.broken(PostCorpus.posts(byteCount: 50_000, seed: 3), using: &random)),
            ("empty", []),
            ("truncated sequence at the end", Array("a #東京".utf8).dropLast()),
        ]
        var hostile: [UInt8] = []
        for shape in HostileCorpus.Shape.allCases { hostile += shape.bytes(count: 3000) }
        inputs.append(("hostile shapes", hostile))
        return inputs
    }

    @Test("Colour on: stripping the escapes gives the input", arguments: BuiltInRules.allCases)
    func colourOn(_ rules: BuiltInRules) throws {
        for (label, bytes) in Self.inputs() {
            for extra in [[], CLICases.patternArguments] {
                for environment in [[:], ["COLORTERM": "truecolor"]] {
                    let result = ChildProcess.highlight(
                        ["--rules", rules.rawValue, "--color", "always"] + extra, input: .bytes(bytes),
                        environment: environment)
                    #expect(result.status == 0, "\(label): \(result.stderrText)")
                    #expect(ANSIEscapes.stripped(result.stdout) == bytes, "\(rules) \(label) \(extra)")
                    if label == "posts" { #expect(result.stdout.count > bytes.count, "posts get styled") }
                }
            }
        }
    }

    @Test("Colour off: the output is the input", arguments: BuiltInRules.allCases)
    func colourOff(_ rules: BuiltInRules) throws {
        for (label, bytes) in Self.inputs() {
            // `never`; `auto` writing to a pipe (even with a colour terminal); `auto` with NO_COLOR.
            for (mode, environment) in [
                ("never", ["TERM": "xterm-256color", "COLORTERM": "truecolor"]),
                ("auto", ["TERM": "xterm-256color"]),
                ("auto", ["TERM": "xterm-256color", "NO_COLOR": "1"]),
            ] {
                let result = ChildProcess.highlight(
                    ["--rules", rules.rawValue, "--color", mode] + CLICases.patternArguments, input: .bytes(bytes),
                    environment: environment)
                #expect(result.status == 0, "\(label): \(result.stderrText)")
                let difference = firstByteDifference(result.stdout, bytes)
                #expect(difference == nil, "\(rules) \(label) \(mode) \(environment): \(difference ?? "")")
            }
        }
    }

    @Test("Several files are several documents, concatenated", arguments: BuiltInRules.allCases)
    func severalFiles(_ rules: BuiltInRules) throws {
        let first = Array("ends with a sign @".utf8), second = Array("#starts\n".utf8)
        let paths = try [first, second].enumerated().map { index, bytes in
            try temporaryFile(bytes, name: "\(rules)-\(index).txt")
        }
        defer { paths.forEach { unlink($0) } }
        let result = ChildProcess.highlight(["--rules", rules.rawValue, "--color", "always"] + paths)
        #expect(result.status == 0)
        #expect(ANSIEscapes.stripped(result.stdout) == first + second)
    }
}
