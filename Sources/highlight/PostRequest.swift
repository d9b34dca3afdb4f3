import ArgumentParser
import ComposerPosts
import KeystrokeReplay
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `post` does, from plain values: what `PostCommand` parsed, or what ``QuickArguments`` read
/// from a plain command line without the argument parser. The values are checked here, where
/// they are used, the same for either path.
struct PostRequest {
    var handles: String?
    var resolver: String?
    var resolverTimeout: Double = 5
    var resolverConcurrency = 4
    var createdAt: String?
    var lang: [String] = []
    var input = InputMode.text
    var files: [String] = []

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

    /// The record's `langs`: each language once, as first given, in the order first given. BCP 47
    /// tags are case-insensitive, so `en-US` and `EN-us` are one language. At most 3 languages.
    private func languages() throws -> [String] {
        var seen: Set<String> = []
        let languages = lang.filter { seen.insert($0.lowercased()).inserted }
        guard languages.count <= 3 else {
            throw UsageError(message: "--lang names \(languages.count) languages; a post has at most 3 languages")
        }
        for code in languages where !Self.isLanguageTag(code) {
            throw UsageError(message: "--lang '\(code)' is not a BCP 47 language tag (e.g. en, pt-BR, zh-Hant)")
        }
        return languages
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
            throw UsageError(message: "--resolver-timeout must be a positive number of seconds, not \(resolverTimeout)")
        }
        guard resolverConcurrency >= 1 else { throw UsageError(message: "--resolver-concurrency must be at least 1, not \(resolverConcurrency)") }
        return ResolverProcess(
            serviceURL: url.absoluteString, timeoutMilliseconds: max(1, Int((resolverTimeout * 1000).rounded())),
            maximumConcurrentRequests: resolverConcurrency)
    }

    /// The handle file as a map; a file that is not a JSON object of strings ends the run (65)
    /// before anything is written.
    static func handleMap(at path: String) throws -> HandleMap {
        let data: Data
        do {
            data = Data(try fileContents(atPath: path))
        } catch {
            printError("highlight: cannot read \(path): \(fileFailureReason(error))")
            throw ExitCode(1)
        }
        func fail(_ reason: String) -> ExitCode {
            printError("highlight: \(path): not a JSON object of handle → DID: \(reason)")
            return ExitCode(65)
        }
        let file: HandleFile
        do {
            file = try JSONDecoder().decode(HandleFile.self, from: data)
        } catch {
            throw fail("not valid JSON")
        }
        guard case .object(let entries) = file else { throw fail("the top level is not an object") }
        var dids: [String: String] = [:]
        for (key, value) in entries.sorted(by: { $0.key < $1.key }) {
            guard case .string(let did) = value else { throw fail("the value of \"\(key)\" is not a string") }
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
