import ArgumentParser

/// `highlight post`: `app.bsky.feed.post` records ready to publish, one line per document.
struct PostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "post",
        abstract: "Make app.bsky.feed.post records: links shortened, facets placed, mentions resolved.",
        usage: """
            highlight post [--handles <FILE> | --resolver <URL> [--resolver-timeout <seconds>] [--resolver-concurrency <count>]]
                           [--created-at <ISO8601>] [--lang <CODE> ...] [--input <input>] [<files> ...]
            """,
        discussion: """
            Per document one line: {"$type":"app.bsky.feed.post","text":…,"facets":[…],"createdAt":…} \
            (then "langs" when --lang is given). The text is the document with every link shown the way \
            the Bluesky app posts it (host + path, a long path cut to 13 characters and "..."); facets \
            are sorted UTF-8 byte ranges of that text; a link keeps its full URI.

            Mentions: a mention whose handle resolves (through --handles or --resolver) gets a facet with \
            the DID; any other mention keeps its text, gets no facet, and its handle is reported once on \
            standard error ("highlight: @handle not resolved: reason"). Without --handles or --resolver \
            no mention is resolved. Handles are compared lower-cased, and each is asked once per run.

            --handles FILE: a JSON object of handle (a leading @ is allowed) to DID. --resolver URL: \
            GET URL/xrpc/com.atproto.identity.resolveHandle?handle=H, a few at a time, each given \
            --resolver-timeout seconds.

            --input text (default): each FILE (or standard input) is one document, byte for byte (a \
            final line break stays in the text). --input jsonl: each line is a JSON string, one post.

            Exit status: 0 success (also when mentions were not resolved); 1 a FILE could not be read \
            (the others are still processed); 2 bad arguments; 65 a jsonl line that is not a JSON string \
            (its output line is {"error":"…","line":N}; the other lines are still processed), a text \
            document that is not UTF-8 (no output line; reported on standard error), or a --handles \
            FILE that is not a JSON object of strings (then nothing is written).
            """)

    @Option(
        help: ArgumentHelp("A JSON object of handle → DID to resolve mentions with.", valueName: "FILE"),
        completion: .file(extensions: ["json"]))
    var handles: String?

    @Option(help: ArgumentHelp("An atproto service to resolve handles with, e.g. https://public.api.bsky.app.", valueName: "URL"))
    var resolver: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds each --resolver request may take.", valueName: "seconds"))
    var resolverTimeout: Double = 5

    @Option(parsing: .unconditional, help: ArgumentHelp("The most --resolver requests in flight at once.", valueName: "count"))
    var resolverConcurrency: Int = 4

    @Option(help: ArgumentHelp("The records' createdAt (default: now, the same instant for every record).", valueName: "ISO8601"))
    var createdAt: String?

    @Option(help: ArgumentHelp("A language of the posts, BCP 47 (repeatable, up to 3).", valueName: "CODE"))
    var lang: [String] = []

    @Option(help: "text: each input is one document; jsonl: every line is a JSON string (a post).")
    var input: InputMode = .text

    @Argument(help: "Files to read ('-' is standard input; default: standard input).", completion: .file())
    var files: [String] = []

    /// The run these options ask for.
    var request: PostRequest {
        PostRequest(
            handles: handles, resolver: resolver, resolverTimeout: resolverTimeout,
            resolverConcurrency: resolverConcurrency, createdAt: createdAt, lang: lang, input: input, files: files)
    }

    func run() throws {
        try request.run()
    }
}
