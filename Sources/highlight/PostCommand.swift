import ArgumentParser
import ComposerPosts
import Dispatch
import Foundation
import PatternDetection

/// `highlight post`: `app.bsky.feed.post` records ready to publish, one line per document.
struct PostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "post",
        abstract: "Make app.bsky.feed.post records: links shortened, facets placed, mentions resolved.",
        usage: """
            highlight post [--handles <FILE> | --resolver <URL>] [--created-at <ISO8601>] [--lang <CODE> ...]
                           [--input <input>] [<files> ...]
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

    @Option(help: ArgumentHelp("A JSON object of handle → DID to resolve mentions with.", valueName: "FILE"))
    var handles: String?

    @Option(help: ArgumentHelp("An atproto service to resolve handles with, e.g. https://public.api.bsky.app.", valueName: "URL"))
    var resolver: String?

    @Option(help: ArgumentHelp("Seconds each --resolver request may take.", valueName: "seconds"))
    var resolverTimeout: Double = 5

    @Option(help: ArgumentHelp("The most --resolver requests in flight at once.", valueName: "count"))
    var resolverConcurrency: Int = 4

    @Option(help: ArgumentHelp("The records' createdAt (default: now, the same instant for every record).", valueName: "ISO8601"))
    var createdAt: String?

    @Option(help: ArgumentHelp("A language of the posts, BCP 47 (repeatable, up to 3).", valueName: "CODE"))
    var lang: [String] = []

    @Option(help: "text: each input is one document; jsonl: every line is a JSON string (a post).")
    var input: InputMode = .text

    @Argument(help: "Files to read ('-' is standard input; default: standard input).")
    var files: [String] = []

    /// Documents made into drafts before their handles are resolved together.
    static let batchSize = 512

    func run() throws {
        let createdAt = try createdAtDate()
        let langs = try languages()
        let resolver = try handleResolver()
        let output = StandardOutput(lineBuffered: StandardOutput.isTerminal())
        defer { output.flush() }
        let publisher = PostPublisher(
            resolver: resolver, createdAt: createdAt, langs: langs.isEmpty ? nil : langs, output: output)
        var unreadableInputs = 0
        var block: [UInt8] = []
        for path in InputSource(files: files).paths {
            do {
                let opened = try InputSource.OpenInput(path: path)
                switch input {
                case .text:
                    var document: [UInt8] = []
                    try opened.forEachBlock(buffer: &block) { document.append(contentsOf: $0) }
                    publisher.add(document: document, from: opened.path)
                case .jsonl:
                    try opened.forEachLine(buffer: &block) { publisher.add(line: $0) }
                }
            } catch let error as InputSource.ReadError {
                publisher.flush()
                output.flush()
                printError("highlight: \(error)")
                unreadableInputs += 1
            }
        }
        publisher.flush()
        output.flush()
        if unreadableInputs > 0 { throw ExitCode(1) }
        if publisher.badDocuments > 0 { throw ExitCode(65) }
    }

    private func createdAtDate() throws -> Date {
        guard let createdAt else { return Date() }
        guard let date = BlueskyDateTime.date(from: createdAt) else {
            throw UsageError(message: "--created-at '\(createdAt)' is not a date-time; expected \(BlueskyDateTime.expectedForm)")
        }
        return date
    }

    private func languages() throws -> [String] {
        guard lang.count <= 3 else { throw UsageError(message: "--lang is given \(lang.count) times; a post has at most 3 languages") }
        for code in lang where !Self.isLanguageTag(code) {
            throw UsageError(message: "--lang '\(code)' is not a BCP 47 language tag (e.g. en, pt-BR, zh-Hant)")
        }
        return lang
    }

    /// A well-formed-looking BCP 47 tag: a primary subtag of 2–8 letters (or `i`/`x` for
    /// grandfathered and private-use tags), then subtags of 1–8 letters and digits.
    static func isLanguageTag(_ code: String) -> Bool {
        let subtags = code.split(separator: "-", omittingEmptySubsequences: false)
        guard let primary = subtags.first, primary.allSatisfy({ $0.isASCII && $0.isLetter }),
            (2...8).contains(primary.count) || ((primary == "x" || primary == "i") && subtags.count > 1)
        else { return false }
        return subtags.dropFirst().allSatisfy { subtag in
            (1...8).contains(subtag.count) && subtag.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    private func handleResolver() throws -> (any HandleResolver)? {
        if handles != nil && resolver != nil { throw UsageError(message: "give either --handles or --resolver, not both") }
        if let path = handles { return try Self.handleMap(at: path) }
        guard let resolver else { return nil }
        guard let url = URL(string: resolver), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
            url.host?.isEmpty == false
        else { throw UsageError(message: "--resolver '\(resolver)' is not an http or https URL") }
        guard resolverTimeout.isFinite, resolverTimeout > 0 else {
            throw UsageError(message: "--resolver-timeout must be a positive number of seconds")
        }
        guard resolverConcurrency >= 1 else { throw UsageError(message: "--resolver-concurrency must be at least 1") }
        return HTTPHandleResolver(
            serviceURL: url, timeout: .milliseconds(max(1, Int((resolverTimeout * 1000).rounded()))),
            maximumConcurrentRequests: resolverConcurrency)
    }

    /// The handle file as a map; a file that is not a JSON object of strings ends the run (65)
    /// before anything is written.
    static func handleMap(at path: String) throws -> HandleMap {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            printError("highlight: cannot read \(path): \((error as NSError).localizedFailureReason ?? "read failed")")
            throw ExitCode(1)
        }
        func fail(_ reason: String) -> ExitCode {
            printError("highlight: \(path): not a JSON object of handle → DID: \(reason)")
            return ExitCode(65)
        }
        guard let object = try? JSONSerialization.jsonObject(with: data, options: []) else { throw fail("not valid JSON") }
        guard let entries = object as? [String: Any] else { throw fail("the top level is not an object") }
        var dids: [String: String] = [:]
        for (key, value) in entries.sorted(by: { $0.key < $1.key }) {
            // JSONSerialization gives NSNumber for numbers and booleans, NSNull for null.
            guard let did = value as? String, !(value is NSNumber) else { throw fail("the value of \"\(key)\" is not a string") }
            let handle = key.hasPrefix("@") ? String(key.dropFirst()) : key
            guard !handle.isEmpty else { throw fail("an empty handle") }
            if let earlier = dids[handle], earlier != did { throw fail("\"\(handle)\" is given twice") }
            dids[handle] = did
        }
        do {
            return try HandleMap(dids)
        } catch {
            throw fail(error.description)
        }
    }
}

/// Turns documents into records in batches: drafts first, then one resolution of the batch's new
/// handles (each handle is asked once per run), then the records in input order.
final class PostPublisher {
    private enum Entry {
        case draft(BlueskyPostDraft)
        case badLine(String, line: Int)
    }

    let resolver: (any HandleResolver)?
    let createdAt: Date
    let langs: [String]?
    let output: StandardOutput
    /// jsonl lines that were not JSON strings, and text documents that were not UTF-8.
    private(set) var badDocuments = 0
    private var entries: [Entry] = []
    private var resolutions: [String: Result<String, HandleResolutionFailure>] = [:]
    private var reported: Set<String> = []
    private var lineNumber = 0

    init(resolver: (any HandleResolver)?, createdAt: Date, langs: [String]?, output: StandardOutput) {
        self.resolver = resolver
        self.createdAt = createdAt
        self.langs = langs
        self.output = output
    }

    func add(document: [UInt8], from path: String) {
        guard document.withUnsafeBufferPointer(UTF8Validation.isValid) else {
            flush()
            output.flush()
            printError("highlight: \(path): not valid UTF-8; no record made")
            badDocuments += 1
            return
        }
        add(text: String(decoding: document, as: UTF8.self))
    }

    func add(line: UnsafeBufferPointer<UInt8>) {
        lineNumber += 1
        do {
            add(text: try JSONStringLiteral.decode(line))
        } catch {
            badDocuments += 1
            append(.badLine(error.description, line: lineNumber))
        }
    }

    private func add(text: String) {
        do {
            append(.draft(try BlueskyPostDraft(text)))
        } catch {
            // Match-time PCRE2 failures (limits) cannot happen with the built-in expressions on
            // valid UTF-8; if one does, the document's line says so.
            badDocuments += 1
            append(.badLine("\(error.message) (PCRE2 error \(error.code))", line: lineNumber))
        }
    }

    private func append(_ entry: Entry) {
        entries.append(entry)
        if entries.count >= PostCommand.batchSize { flush() }
    }

    /// Resolves the pending documents' new handles and writes their lines.
    func flush() {
        var seen: Set<String> = []
        let newHandles = entries.flatMap { entry -> [String] in
            guard case .draft(let draft) = entry else { return [] }
            return draft.handles.filter { resolutions[$0] == nil && seen.insert($0).inserted }
        }
        if let resolver, !newHandles.isEmpty {
            resolutions.merge(waitFor { await resolver.resolve(newHandles) }) { _, new in new }
        }
        var json = JSONWriter(capacity: 1024)
        for entry in entries {
            json.bytes.removeAll(keepingCapacity: true)
            switch entry {
            case .badLine(let reason, let line):
                json.append("{\"error\":")
                json.appendString(reason)
                json.append(",\"line\":")
                json.append(line)
                json.appendByte(UInt8(ascii: "}"))
            case .draft(let draft):
                let (record, unresolved) = draft.record(resolutions: resolutions, createdAt: createdAt, langs: langs)
                record.write(to: &json)
                report(unresolved)
            }
            output.write(json.bytes)
            output.endLine()
        }
        entries.removeAll(keepingCapacity: true)
    }

    private func report(_ unresolved: [UnresolvedHandle]) {
        for handle in unresolved where reported.insert(handle.handle).inserted {
            output.flush()
            if handle.reason == .noResolver {
                printError("highlight: @\(handle.handle) not resolved: no --handles FILE or --resolver URL given")
            } else {
                printError("highlight: \(handle)")
            }
        }
    }
}

/// Runs `operation` on the concurrency pool and blocks this (non-pool) thread until it returns:
/// the bridge from the synchronous command to the asynchronous resolver.
private func waitFor<Value: Sendable>(_ operation: @escaping @Sendable () async -> Value) -> Value {
    let box = WaitBox<Value>()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        box.value = await operation()
        done.signal()
    }
    done.wait()
    return box.value!
}

/// Where `waitFor` leaves the value: written once before the semaphore's `signal`, read after its
/// `wait`, which orders the two.
private final class WaitBox<Value>: @unchecked Sendable {
    var value: Value?
}

extension InputSource.OpenInput {
    /// Calls `line` with each line of the input, without its line break; a last line without a
    /// break still counts. If reading fails midway, the lines read so far are still delivered
    /// before the error is rethrown.
    func forEachLine(buffer: inout [UInt8], _ line: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        var pending: [UInt8] = []
        var readError: Error?
        do {
            try forEachBlock(buffer: &buffer) { bytes in
                var start = 0
                while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
                    if pending.isEmpty {
                        try line(UnsafeBufferPointer(rebasing: bytes[start..<newline]))
                    } else {
                        pending.append(contentsOf: bytes[start..<newline])
                        try pending.withUnsafeBufferPointer { try line($0) }
                        pending.removeAll(keepingCapacity: true)
                    }
                    start = newline + 1
                }
                pending.append(contentsOf: bytes[start...])
            }
        } catch let error as InputSource.ReadError {
            readError = error
        }
        if !pending.isEmpty {
            try pending.withUnsafeBufferPointer { try line($0) }
        }
        if let readError { throw readError }
    }
}
