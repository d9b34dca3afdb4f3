// Shared by the tests (regression fixtures) and the `parallel` fuzz target (Fuzz/ParallelFuzz.swift),
// which compiles the CLI's own files into its module, `highlight`, and so must not import it.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ComposerText
import PatternDetection
#if !FUZZING
@testable import highlight
#endif

/// What the `parallel` fuzz target checks: `--threads` output equals one thread's, byte for byte,
/// for any input, rule set (custom patterns too), format, input mode and segment size; and the
/// jsonl lines that were not posts are counted alike. The fuzz target runs the CLI's `Pipeline`
/// in process (standard output redirected to a file); the tests replay saved inputs through the
/// `highlight` executable with `--threads` and `--segment-bytes`.
enum ParallelChecks {
    /// One run's parameters, read from a fuzz input.
    struct Case: CustomStringConvertible {
        var rules: BuiltInRules
        var customPatterns: Bool
        var format: OutputFormat
        var jsonl: Bool
        var threads: Int
        var segmentBytes: Int
        var input: [UInt8]

        /// The command line for one run of `highlight` (without the input).
        func arguments(threads: Int, segmentBytes: Int) -> [String] {
            var arguments = ["--rules", rules.rawValue, "--format", format.rawValue, "--color", "always"]
            if jsonl { arguments += ["--input", "jsonl"] }
            if customPatterns { arguments += patternArguments }
            return arguments + ["--threads", String(threads), "--segment-bytes", String(segmentBytes)]
        }

        var description: String {
            "\(arguments(threads: threads, segmentBytes: segmentBytes).joined(separator: " ")) on \(input.count) bytes"
        }
    }

    static let patternArguments = ["--pattern", #"ticket=\b[A-Z]{2,10}-\d+\b"#, "--pattern", "shortcode=:[a-z0-9_+-]+:"]

    /// Words for generated inputs: entities, clusters, separators, ill-formed bytes.
    static let words: [[UInt8]] = [
        "gm", "@alice.bsky.social", "#swift", "$AAPL", "https://example.com/a?b=c", "example.com", "😀", "👩‍💻", "e\u{301}",
        "東京", "AB-12", ":ok:", "\"quoted\"", "{\"text\":\"hi @al\",\"caret\":{\"utf8\":6}}", "not json", "\u{3000}", "t.co/x",
    ].map { Array($0.utf8) } + [[0xFF], [0xE2, 0x82], [0xC0, 0x80], [0xED, 0xA0, 0x80]]
    static let separators: [[UInt8]] = [[0x20], [0x0A], [0x0A, 0x0A], [0x09], [0x0D, 0x0A], Array("\u{3000}".utf8), [0x20, 0x20]]

    /// Byte 0: rule set (bits 0–1), custom patterns (bit 2), jsonl (bit 3), format (bits 4–5),
    /// threads 2 or 3 (bit 6), generated input (bit 7); byte 1: segment size (1–64, or a few KB);
    /// then the input, or for a generated one, the choices of words and separators (two bytes
    /// each, repeated up to 8 KB).
    static func decode(_ data: UnsafeBufferPointer<UInt8>) -> Case {
        let flags = data.count > 0 ? data[0] : 0
        let size = data.count > 1 ? Int(data[1]) : 0
        let rest = Array(data.dropFirst(2))
        var input = rest
        if flags & 0x80 != 0, !rest.isEmpty {
            input = []
            var index = 0
            while input.count < 8192 && index < 4096 {
                let choice = Int(rest[index % rest.count]) | Int(rest[(index + 1) % rest.count]) << 8
                input += words[choice % words.count] + separators[(choice >> 8) % separators.count]
                index += 2
            }
        }
        return Case(
            rules: BuiltInRules.allCases[Int(flags & 3) % BuiltInRules.allCases.count], customPatterns: flags & 4 != 0,
            format: OutputFormat.allCases[Int(flags >> 4 & 3)], jsonl: flags & 8 != 0, threads: flags & 0x40 != 0 ? 3 : 2,
            segmentBytes: size < 192 ? 1 + size % 64 : 64 * (size - 190), input: input)
    }

    /// What one run wrote to standard output and how it ended (an exit status, or the count of
    /// jsonl lines that were not posts).
    struct Run: Equatable {
        var output: [UInt8]
        var status: Int
    }

    /// The first difference between the threaded run and the one-thread run of `runner`, or `nil`.
    static func violation(_ input: Case, runner: (Case, _ threads: Int, _ segmentBytes: Int) -> Run) -> String? {
        let serial = runner(input, 1, 1 << 18)
        // Every format writes something for a non-empty input (ANSI the input itself, the others a
        // line per document or jsonl line): an empty output means the run itself failed.
        if !input.input.isEmpty, serial.output.isEmpty { return "\(input): one thread wrote nothing (status \(serial.status))" }
        let parallel = runner(input, input.threads, input.segmentBytes)
        if serial.status != parallel.status { return "\(input): status \(parallel.status), one thread \(serial.status)" }
        if serial.output != parallel.output {
            let index = zip(serial.output, parallel.output).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(serial.output.count, parallel.output.count)
            let show = { (bytes: [UInt8]) in String(decoding: bytes[max(0, index - 40)..<min(bytes.count, index + 40)], as: UTF8.self).debugDescription }
            return "\(input): output differs from one thread's at byte \(index): \(show(parallel.output)) vs \(show(serial.output))"
        }
        return nil
    }

    static func violation(fuzzInput data: UnsafeBufferPointer<UInt8>, runner: (Case, Int, Int) -> Run) -> String? {
        violation(decode(data), runner: runner)
    }

    // MARK: - In process

    static let customRules: [BuiltInRules: any RuleSet] = {
        var rules: [BuiltInRules: any RuleSet] = [:]
        let patterns = [
            try? CustomPattern(name: "ticket", expression: #"\b[A-Z]{2,10}-\d+\b"#),
            try? CustomPattern(name: "shortcode", expression: ":[a-z0-9_+-]+:"),
        ].compactMap { $0 }
        for base in BuiltInRules.allCases {
            rules[base] = try? CustomRuleSet(patterns: patterns, over: base.ruleSet())
        }
        return rules
    }()

    /// Runs the CLI's `Pipeline` in this process on the input given twice (two inputs, as
    /// `highlight FILE FILE` reads them), standard output redirected to a scratch file; the status
    /// is the count of bad jsonl lines, or -1 when the run threw.
    static func runInProcess(_ input: Case, threads: Int, segmentBytes: Int, scratch: String) -> Run {
        let inputPath = scratch + ".in", outputPath = scratch + ".out"
        let inputFile = open(inputPath, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        precondition(inputFile >= 0, "cannot create \(inputPath)")
        input.input.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(inputFile, bytes.baseAddress! + offset, bytes.count - offset)
                precondition(written > 0, "cannot write \(inputPath)")
                offset += written
            }
        }
        close(inputFile)
        let outputFile = open(outputPath, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        precondition(outputFile >= 0, "cannot create \(outputPath)")
        let savedStandardOutput = dup(1)
        dup2(outputFile, 1)
        var status = 0
        do {
            let rules = input.customPatterns ? customRules[input.rules] ?? input.rules.ruleSet() : input.rules.ruleSet()
            let output = StandardOutput(lineBuffered: false)
            let renderer = DocumentRenderer(
                format: input.format, rules: rules,
                ansi: ANSIEncoder(depth: .palette256, kinds: PatternKind.builtIn + rules.kinds), output: output)
            let pipeline = Pipeline(renderer: renderer, rules: rules, passThrough: false, threadCount: threads, segmentBytes: segmentBytes)
            do {
                for _ in 0..<2 {
                    if input.jsonl { try pipeline.highlightPosts(at: inputPath) } else { try pipeline.highlightDocument(at: inputPath) }
                }
                status = pipeline.badLines
            } catch {
                status = -1
            }
            output.flush()
        }
        dup2(savedStandardOutput, 1)
        close(savedStandardOutput)
        var written: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 1 << 16)
        lseek(outputFile, 0, SEEK_SET)
        while true {
            let count = block.withUnsafeMutableBytes { read(outputFile, $0.baseAddress!, $0.count) }
            if count <= 0 { break }
            written += block[0..<count]
        }
        close(outputFile)
        unlink(inputPath)
        unlink(outputPath)
        return Run(output: written, status: status)
    }
}
