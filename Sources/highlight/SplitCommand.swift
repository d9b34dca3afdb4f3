import ArgumentParser
import ComposerPosts
import PatternDetection

/// `highlight split`: cuts each document into a thread of posts that each fit a length profile,
/// and prints per document one line `{"posts":[{"text":…,"length":N,"utf8":[s,e],"utf16":[s,e]}]}`.
struct SplitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "split",
        abstract: "Split a draft too long for one post into a thread of posts that each fit.",
        usage: """
            highlight split --profile <profile> [--rules <rules>] [--numbering] [--instance <FILE>]
                            [--mastodon-limit <n>] [--url-length <n>] [--input <input>] [<files> ...]
            """,
        discussion: """
            Per document one line: {"posts":[{"text":"…","length":N,"utf8":[s,e],"utf16":[s,e]}]}, \
            the posts in order, each valid under the profile: its text (with --numbering, followed by \
            ' k/n' when there are several posts), its length as the platform counts it (the suffix \
            included), and where its text lies in the document in UTF-8 bytes and UTF-16 code units. \
            A document of nothing but white space gives no posts; one that fits in one post gives \
            that post, unnumbered.

            Cuts fall only at white space, which is dropped there: blank lines first, then sentence \
            ends, then line breaks, then any white space; never inside a link, mention, hashtag or \
            cashtag. A word too long for any post is cut between characters. The thread has as few \
            posts as these cuts allow, and each cut is the best-ranked one that keeps it that short.

            --rules names the rule set whose entities are never cut; the default is the profile's \
            (the rule set of the profile's name). Lengths are always counted \
            the way the profile's platform counts them.

            Text input that is not valid UTF-8 is decoded with U+FFFD for each ill-formed sequence \
            first: the post texts and their utf16 offsets are those of the decoded text, their utf8 \
            offsets those of the input's bytes.

            Exit status: 0 success; 1 a FILE could not be read (the other FILEs are still \
            processed); 2 bad arguments; 65 a document that cannot be split (a single character \
            longer than the limit, or one the platform refuses): its line is {"error":"…"}, or \
            a jsonl line that is not a JSON string or {"text":…}: its line is \
            {"error":"…","line":N}; the other documents and lines are still processed.
            """)

    @Option(help: "Length profile: \(ProfileName.list).")
    var profile: ProfileName

    @Option(
        help: """
            Rule set whose entities are never cut: \(BuiltInRules.allCases.map(\.rawValue).joined(separator: ", ")) \
            (default: the profile's).
            """)
    var rules: BuiltInRules?

    @Flag(help: "End every post of a thread of several in ' k/n', counted in its length.")
    var numbering = false

    @OptionGroup var mastodon: MastodonOptions

    @Option(help: "text: the whole input is one document; jsonl: every line is one, a JSON string or {\"text\":…}.")
    var input: InputMode = .text

    @Argument(
        help: "Files to read, each one document ('-' is standard input; default: standard input).", completion: .file())
    var files: [String] = []

    /// The run these options ask for.
    var request: SplitRequest {
        SplitRequest(
            profile: profile, rules: rules, numbering: numbering, mastodon: mastodon.counting, input: input, files: files)
    }

    func run() throws {
        try request.run()
    }
}

/// What `split` does, from plain values: what `SplitCommand` parsed, or what ``QuickArguments``
/// read from a plain command line without the argument parser.
struct SplitRequest {
    var profile: ProfileName
    /// The rule set whose entities are never cut; `nil`: the profile's.
    var rules: BuiltInRules?
    var numbering = false
    var mastodon = MastodonCounting()
    var input = InputMode.text
    var files: [String] = []

    /// Splits every input and ends with the command's exit status (thrown as `ExitCode`).
    func run() throws {
        let lengthProfile = try mastodon.profiles([profile])[0]
        let splitter = ThreadSplitter(profile: lengthProfile, numbering: numbering, rules: rules?.ruleSet())
        let output = StandardOutput(lineBuffered: StandardOutput.isTerminal())
        defer { output.flush() }
        var run = SplitRun(splitter: splitter, output: output)
        var unreadable = 0
        for path in InputSource(files: files).paths {
            do {
                switch input {
                case .text: try run.splitDocument(at: path)
                case .jsonl: try run.splitLines(at: path)
                }
            } catch let error as InputSource.ReadError {
                output.flush()
                printError("highlight: \(error)")
                unreadable += 1
            }
        }
        output.flush()
        if unreadable > 0 { throw ExitCode(1) }
        if run.badData > 0 { throw ExitCode(65) }
    }
}

/// One `split` run over its inputs: the thread lines, the error lines and their count.
struct SplitRun {
    let splitter: ThreadSplitter
    let output: StandardOutput
    /// `jsonl` lines seen so far, across all inputs.
    private var lineNumber = 0
    /// Documents and lines that could not be split or read as posts.
    private(set) var badData = 0

    init(splitter: ThreadSplitter, output: StandardOutput) {
        self.splitter = splitter
        self.output = output
    }

    /// One input read whole as one document. If reading fails midway, what was read is still
    /// split before the error is rethrown.
    mutating func splitDocument(at path: String) throws {
        let input = try InputSource.OpenInput(path: path)
        var buffer: [UInt8] = []
        var document: [UInt8] = []
        var readError: Error?
        do {
            try input.forEachBlock(buffer: &buffer) { document.append(contentsOf: $0) }
        } catch let error as InputSource.ReadError {
            readError = error
        }
        try write(String(decoding: document, as: UTF8.self), line: nil, inputOffsets: InputByteOffsets(document))
        if let readError { throw readError }
    }

    /// Every line of one input as a document, one output line each, split as it is read. A last
    /// line without a line break still counts. If reading fails midway, the lines read so far are
    /// still split before the error is rethrown.
    mutating func splitLines(at path: String) throws {
        let input = try InputSource.OpenInput(path: path)
        var buffer: [UInt8] = []
        try input.forEachLine(buffer: &buffer) { try splitLine($0) }
    }

    /// One jsonl line: a JSON string or `{"text":…}` (a caret or a completion is a bad line).
    private mutating func splitLine(_ line: UnsafeBufferPointer<UInt8>) throws {
        lineNumber += 1
        let post: PostLine
        do {
            post = try PostLine.decode(line)
        } catch {
            return writeError("\(error)", line: lineNumber)
        }
        guard post.caret == nil, post.accept == nil else {
            return writeError("split takes a post's text only, not a caret or a completion", line: lineNumber)
        }
        try write(post.text, line: lineNumber)
    }

    /// The thread for `text`, or an error line when it cannot be split. With `inputOffsets` (a
    /// document that was not valid UTF-8), the posts' UTF-8 ranges are put back in its bytes.
    private mutating func write(_ text: String, line: Int?, inputOffsets: InputByteOffsets? = nil) throws {
        let posts: [ThreadPost]
        do {
            posts = try splitter.split(text)
        } catch {
            writeError(error.description, line: line)
            return
        }
        var json = JSONWriter(capacity: text.utf8.count + 64 * posts.count + 16)
        json.append("{\"posts\":[")
        for (index, post) in posts.enumerated() {
            if index > 0 { json.appendByte(UInt8(ascii: ",")) }
            json.append("{\"text\":")
            json.appendString(post.text)
            json.append(",\"length\":")
            json.append(post.length)
            json.append(",\"utf8\":")
            json.appendPair(inputOffsets?.inputRange(post.utf8Range) ?? post.utf8Range)
            json.append(",\"utf16\":")
            json.appendPair(post.utf16Range)
            json.appendByte(UInt8(ascii: "}"))
        }
        json.append("]}")
        output.write(json.bytes)
        output.endLine()
    }

    /// `{"error":…}` (for a document) or `{"error":…,"line":N}` (for a jsonl line) in place of
    /// the thread; the run ends with status 65.
    private mutating func writeError(_ reason: String, line: Int?) {
        badData += 1
        var json = JSONWriter()
        json.append("{\"error\":")
        json.appendString(reason)
        if let line {
            json.append(",\"line\":")
            json.append(line)
        }
        json.appendByte(UInt8(ascii: "}"))
        output.write(json.bytes)
        output.endLine()
    }
}
