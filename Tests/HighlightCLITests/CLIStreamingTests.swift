import Foundation
import PatternDetection
import Testing
import TestSupport

/// Text input is streamed: bounded memory, and the same result as scanning the whole input.
@Suite("CLI streaming")
struct CLIStreamingTests {
    /// Megabytes streamed per format: more than the memory bound below, so keeping a fraction of
    /// the input would break the bound. `STREAM_MEGABYTES` (e.g. 200) streams more.
    static let megabytes = ProcessInfo.processInfo.environment["STREAM_MEGABYTES"].flatMap(Int.init) ?? 48

    /// Posts through a pipe: the child's peak RSS (its own high-water mark from /proc, sampled as
    /// the input goes in) stays below a bound whatever the input size: 40 MB on one thread, near
    /// what a debug `highlight` takes for empty input, and 64 MB with the default threads (each
    /// worker holds its segments' input and output until they are written in order).
    @Test(arguments: [
        ["--color", "always"], ["--format", "html"] + CLICases.patternArguments, ["--format", "json"], ["--format", "facets"],
    ], ["1", nil])
    func streamsInBoundedMemory(_ arguments: [String], threads: String?) {
        let arguments = arguments + (threads.map { ["--threads", $0] } ?? [])
        let bound = threads == "1" ? 40 << 20 : 64 << 20
        let megabytes = Self.megabytes
        let block = PostCorpus.posts(byteCount: 1 << 20, seed: 8)
        let blocks = (megabytes << 20) / block.count + 1
        let result = ChildProcess.highlight(
            ["--rules", "icysky"] + arguments,
            input: .generated { write in
                for _ in 0..<blocks where write(block) {}
            },
            output: .discard)
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stdoutCount > megabytes << 20)
        #expect(result.peakResidentBytes > 0, "VmHWM was sampled")
        #expect(result.peakResidentBytes < bound, "\(arguments): peak RSS \(result.peakResidentBytes >> 20) MB for \(blocks) MB in")
    }

    /// The styled ranges of the streamed ANSI output are the spans of a whole-input scan, each
    /// kind always with the same escape.
    @Test("Streamed ANSI equals the whole-document rendering", arguments: BuiltInRules.allCases)
    func streamedEqualsWhole(_ builtIn: BuiltInRules) throws {
        var input: [UInt8] = []
        for (index, shape) in HostileCorpus.Shape.allCases.enumerated() {
            input += shape.bytes(count: 10_000) + Array(" ".utf8)
            input += PostCorpus.posts(byteCount: 10_000, seed: UInt64(index))
            input += CLICases.randomBytes(count: 2000, seed: UInt64(index))
        }
        let patterns = try [#"\b[A-Z]{2,10}-\d+\b"#, ":[a-z0-9_+-]+:"].enumerated().map { index, expression in
            try CustomPattern(name: ["ticket", "shortcode"][index], expression: expression)
        }
        for (rules, extra) in [
            (builtIn.ruleSet(), [String]()),
            (try CustomRuleSet(patterns: patterns, over: builtIn.ruleSet()), CLICases.patternArguments),
        ] {
            let expected = PatternDetector(rules: rules).spans(inUTF8: input)
            let result = ChildProcess.highlight(
                ["--rules", builtIn.rawValue, "--color", "always"] + extra, input: .bytes(input))
            #expect(result.status == 0)
            let styled = ANSIEscapes.styledRanges(result.stdout)
            #expect(styled.map(\.range) == expected.map(\.utf8Range), "\(rules.name)")
            var escapes: [PatternKind: String] = [:]
            for (span, range) in zip(expected, styled) {
                #expect(escapes[span.kind, default: range.escape] == range.escape)
                escapes[span.kind] = range.escape
            }
            #expect(ANSIEscapes.stripped(result.stdout) == input)
        }
    }

    /// JSON offsets of a streamed document are offsets in the whole document, also when
    /// ill-formed bytes (one U+FFFD each in UTF-16 and scalars) sit in it.
    @Test(arguments: [false, true])
    func streamedJSONOffsetsAreWholeDocumentOffsets(broken: Bool) throws {
        var random = SplitMix64(seed: 13)
        let posts = PostCorpus.posts(byteCount: 400_000, seed: 12)
        let input = broken ? PostCorpus.broken(posts, using: &random) : posts
        let result = ChildProcess.highlight(["--rules", "icysky", "--format", "json"], input: .bytes(input))
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        let spans = try #require(object["spans"] as? [[String: Any]])
        let expected = PatternDetector(rules: IcyskyRules.shared).spans(inUTF8: input)
        #expect(spans.count == expected.count)
        let bounds = expected.flatMap { [$0.utf8Range.lowerBound, $0.utf8Range.upperBound] }
        let converted = input.withUnsafeBufferPointer { TextOffsets.convert(bounds, in: $0) }
        for (index, (report, span)) in zip(spans, expected).enumerated() {
            #expect(report["utf8"] as? [Int] == [span.utf8Range.lowerBound, span.utf8Range.upperBound])
            #expect(report["utf16"] as? [Int] == [converted[2 * index].utf16, converted[2 * index + 1].utf16])
            #expect(report["scalars"] as? [Int] == [converted[2 * index].scalars, converted[2 * index + 1].scalars])
        }
    }

    /// JSON, facets and HTML of a streamed document are the library's whole-document encodings,
    /// byte for byte: input read in 64 KiB blocks, words longer than a block (cut inside them by
    /// the reads), ill-formed bytes, escapes.
    @Test(arguments: ["json", "facets", "html"])
    func streamedFormatsEqualTheWholeDocument(_ format: String) throws {
        var input: [UInt8] = []
        for (index, shape) in [HostileCorpus.Shape.enormousURL, .hashtagChain].enumerated() {
            input += shape.bytes(count: 66_000 + 333 * index) + Array(" ".utf8)
            input += PostCorpus.posts(byteCount: 12_000, seed: UInt64(index))
            input += CLICases.randomBytes(count: 2000, seed: UInt64(index))
        }
        input += Array(" \"q\" <a href='x'>&</a> \u{01} https://e.com/\"x\" $ab #t".utf8)
        for builtIn in BuiltInRules.allCases {
            let rules = builtIn.ruleSet()
            let spans = PatternDetector(rules: rules).spans(inUTF8: input)
            var expected: [UInt8] = []
            input.withUnsafeBufferPointer { bytes in
                let value = { (span: Span) in rules.value(of: span, in: bytes) }
                switch format {
                case "json":
                    var encoder = SpanJSONEncoder()
                    encoder.beginDocument(into: &expected)
                    encoder.encode(bytes, spans: spans, value: value, into: &expected)
                    encoder.endDocument(into: &expected)
                case "facets":
                    expected = Array(BlueskyFacet.documentJSON(BlueskyFacet.facets(for: spans, in: bytes, rules: rules)).utf8)
                default:
                    HTMLEncoder(kinds: PatternKind.builtIn + rules.kinds).encode(bytes, spans: spans, value: value, into: &expected)
                }
            }
            expected.append(UInt8(ascii: "\n"))
            let result = ChildProcess.highlight(["--rules", builtIn.rawValue, "--format", format], input: .bytes(input))
            #expect(result.status == 0, "\(result.stderrText)")
            let difference = firstByteDifference(result.stdout, expected)
            #expect(difference == nil, "\(builtIn.rawValue) \(format): \(difference ?? "")")
        }
    }

    /// On a terminal, a line comes out as soon as its line break goes in, before the input ends.
    @Test func aTerminalGetsEachLineAtOnce() throws {
        // A pseudo-terminal pair through /dev/ptmx (grantpt/ptsname are not imported into Swift).
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard master >= 0 else {
            print("◇ no pseudo-terminals here; skipping")
            try Test.cancel("no /dev/ptmx")
        }
        defer { close(master) }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        let unlockRequest: UInt = 0x4004_5431  // TIOCSPTLCK = _IOW('T', 0x31, int)
        let numberRequest: UInt = 0x8004_5430  // TIOCGPTN = _IOR('T', 0x30, unsigned int)
        #expect(ioctl(master, unlockRequest, &unlock) == 0 && ioctl(master, numberRequest, &number) == 0)
        let terminalPath = "/dev/pts/\(number)"
        let highlight = Process()
        highlight.executableURL = URL(fileURLWithPath: ChildProcess.highlightPath)
        highlight.arguments = ["--rules", "icysky", "--color", "never"]
        let input = Pipe()
        highlight.standardInput = input
        highlight.standardOutput = FileHandle(forWritingAtPath: terminalPath)
        highlight.standardError = FileHandle.nullDevice
        try highlight.run()
        input.fileHandleForWriting.write(Data("first @line\n".utf8))
        var received: [UInt8] = []
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        while !received.contains(UInt8(ascii: "\n")), poll(&descriptor, 1, 10_000) > 0 {
            var buffer = [UInt8](repeating: 0, count: 256)
            let count = read(master, &buffer, buffer.count)
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        #expect(String(decoding: received, as: UTF8.self).hasPrefix("first @line"))
        try input.fileHandleForWriting.close()
        highlight.waitUntilExit()
        #expect(highlight.terminationStatus == 0)
    }

    /// Span text with quotes, backslashes and controls is escaped exactly as the library's
    /// `JSONWriter` escapes it. (U+2028 and U+2029 are separators, so no span holds them.)
    @Test func jsonEscapesMatchTheLibrary() throws {
        let text = "x \"a\\b\u{01}\u{08}\u{1F}\u{7F}é\" y"
        let result = ChildProcess.highlight(
            ["--rules", "icysky", "--format", "json", "--pattern", #"quoted="[^ ]+""#], input: .bytes(Array(text.utf8)))
        #expect(result.status == 0)
        let spanText = String(text.dropFirst(2).dropLast(2))
        let escaped = JSONWriter.string(spanText)
        #expect(result.stdoutText.contains("\"text\":\(escaped),\"value\":\(escaped)"), "\(result.stdoutText)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        let spans = try #require(object["spans"] as? [[String: Any]])
        #expect(spans.first?["text"] as? String == spanText)
    }
}
