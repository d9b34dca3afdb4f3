import Foundation
import PatternDetection
import Testing
import TestSupport

/// `--threads N` cuts an input into segments rendered on N threads: the output is byte for byte
/// the output of one thread, in every format and rule set (custom patterns too), whatever the
/// segment size, with ill-formed UTF-8, hostile shapes and very long words in the input.
@Suite("CLI threads")
struct CLIParallelTests {
    /// Posts, broken posts, hostile shapes and random bytes, about 60 KB.
    static let text: [UInt8] = {
        var random = SplitMix64(seed: 22)
        var input: [UInt8] = []
        for (index, shape) in HostileCorpus.Shape.allCases.enumerated() where index % 3 == 0 {
            input += shape.bytes(count: 1500) + Array(" ".utf8)
            input += PostCorpus.posts(byteCount: 2000, seed: UInt64(index))
            input += PostCorpus.broken(PostCorpus.posts(byteCount: 1000, seed: UInt64(index + 100)), using: &random)
            input += CLICases.randomBytes(count: 500, seed: UInt64(index))
        }
        return input
    }()

    /// Segment sizes: every separator a cut, small, mid-sized, and larger than the input (so one
    /// thread renders all of it).
    static let segmentSizes = [1, 37, 4096, 1 << 20]

    static let formats: [[String]] = [["--color", "always"], ["--format", "html"], ["--format", "json"], ["--format", "facets"]]

    @Test(arguments: BuiltInRules.allCases, formats)
    func textOnThreadsEqualsOneThread(_ rules: BuiltInRules, _ format: [String]) {
        for extra in [[], CLICases.patternArguments] {
            let arguments = ["--rules", rules.rawValue] + format + extra
            let serial = ChildProcess.highlight(arguments + ["--threads", "1"], input: Self.text)
            #expect(serial.status == 0, "\(serial.stderrText)")
            for threads in [2, 3] {
                for size in Self.segmentSizes {
                    let parallel = ChildProcess.highlight(
                        arguments + ["--threads", "\(threads)", "--segment-bytes", "\(size)"], input: Self.text)
                    #expect(parallel.status == serial.status)
                    let difference = firstByteDifference(parallel.stdout, serial.stdout)
                    #expect(difference == nil, "\(arguments) threads \(threads), segments of \(size): \(difference ?? "")")
                }
            }
        }
    }

    /// jsonl: posts, post objects with carets, and lines that are not posts (numbered as the
    /// input numbers them), over several inputs.
    @Test(arguments: BuiltInRules.allCases, formats)
    func postsOnThreadsEqualOneThread(_ rules: BuiltInRules, _ format: [String]) throws {
        var lines: [String] = []
        for (index, post) in String(decoding: PostCorpus.posts(byteCount: 6000, seed: 5), as: UTF8.self)
            .split(separator: "\n").enumerated()
        {
            switch index % 5 {
            case 0: lines.append(#"{"text":\#(JSONWriter.string(String(post))),"caret":{"utf8":\#(post.utf8.count)}}"#)
            case 1: lines.append("not json")
            default: lines.append(JSONWriter.string(String(post)))
            }
        }
        let input = Array((lines.joined(separator: "\n") + "\n\"last line without a break\"").utf8)
        let second = try temporaryFile(input, name: "parallel-\(rules.rawValue)-\(format.joined())")
        defer { unlink(second) }
        let arguments = ["--rules", rules.rawValue, "--input", "jsonl"] + format + ["-", second]
        let serial = ChildProcess.highlight(arguments + ["--threads", "1"], input: input)
        #expect(serial.status == 65)
        for size in Self.segmentSizes {
            let parallel = ChildProcess.highlight(arguments + ["--threads", "2", "--segment-bytes", "\(size)"], input: input)
            #expect(parallel.status == serial.status)
            let difference = firstByteDifference(parallel.stdout, serial.stdout)
            #expect(difference == nil, "\(arguments) segments of \(size): \(difference ?? "")")
        }
    }

    @Test func threadsMustBePositive() {
        let result = ChildProcess.highlight(["--threads", "0"], input: "x")
        #expect(result.status == 2)
        #expect(result.stderrText.contains("--threads must be at least 1"))
    }

    /// A count past the maximum is a usage error on either path (the parser's takes `--threads=N`),
    /// not a crash while starting threads; the maximum itself is taken.
    @Test func threadsHaveAMaximum() {
        for threads in [["--threads", "100000"], ["--threads=100000"], ["--threads", "257"], ["--threads=40000"]] {
            let result = ChildProcess.highlight(["--format", "json"] + threads, input: "@a.test\n")
            #expect(result.status == 2, "\(threads): \(result.stderrText)")
            #expect(result.stderrText.contains("--threads must be at most 256, not"), "\(threads): \(result.stderrText)")
            #expect(result.stdout.isEmpty)
        }
        let serial = ChildProcess.highlight(["--format", "json", "--threads", "1"], input: "@a.test\n")
        for threads in [["--threads", "256"], ["--threads=256"]] {
            let result = ChildProcess.highlight(["--format", "json"] + threads, input: "@a.test\n")
            #expect(result.status == 0, "\(threads): \(result.stderrText)")
            #expect(result.stdout == serial.stdout)
        }
    }
}
