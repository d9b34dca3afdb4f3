// Shared by the tests (regression fixtures) and the `cli-input` fuzz target (Fuzz/CLIInputFuzz.swift),
// which compiles the CLI's own files (an executable target's, so not importable there) into its
// module, `highlight`, and so must not import it.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ComposerText
import PatternDetection
@testable import ComposerPosts
@testable import ComposerPostsHTTP
#if !FUZZING
@testable import highlight
#endif

/// What the `cli-input` fuzz target checks on every input, read as each of the CLI's input
/// documents in turn:
/// - `--input jsonl` lines (post strings, objects with a caret and `accept`) through the CLI's own
///   `Pipeline.renderPost`: exactly one output line per input line, a line that is not a post is a
///   clean `{"error":…,"line":N}` line, JSON output parses, a caret's token lies around it, each
///   line's output is what that line alone gives (the other lines are unaffected), and a post
///   streamed in chunks (as long posts are) gives the same bytes;
/// - a `--handles` file, through the CLI's `HandleFile` and the steps of `PostRequest.handleMap`:
///   a document that is not an object of strings is a clean error, a map resolves exactly its own
///   entries, and a post mentioning them gets exactly the DIDs that are DIDs;
/// - resolver answers: an HTTP body and status through `HTTPHandleResolver.outcome` (what the
///   `highlight-resolver` helper does with an answer), the outcome across the process boundary
///   (`HandleResolutionLine` encoded, decoded back equal), and the helper's output lines read
///   back as `ResolverProcess.resolve` reads them, each line independently;
/// - an `--emoji` file (an instance's custom emoji list): a document that is not one is a clean
///   one-line error; a catalog finds each of its shortcodes, suggests at most ten picker emoji
///   that hold the query, and the rule set with it reports only its shortcodes as emoji;
/// - an `--instance` file: a clean one-line error, or a limit of at least 1 and a link length of at
///   least 0 that the mastodon profile takes.
enum CLIInputChecks {
    static let formats = OutputFormat.allCases

    /// Byte 0: the format (bits 0–1) and rule set (bits 2–4); the rest is the document.
    static func violation(fuzzInput data: UnsafeBufferPointer<UInt8>) -> String? {
        let selector = data.first ?? 0
        let rules = ruleSets[Int(selector >> 2 & 7) % ruleSets.count]
        let format = formats[Int(selector & 3)]
        let document = Array(data.dropFirst())
        if let problem = jsonlViolation(document, rules: rules, format: format) { return "jsonl \(format) \(rules.name): \(problem)" }
        if let problem = handleFileViolation(document) { return "handle file: \(problem)" }
        if let problem = resolverAnswerViolation(document, status: Int(selector)) { return "resolver answer: \(problem)" }
        if let problem = emojiCatalogViolation(document) { return "emoji catalog: \(problem)" }
        if let problem = instanceViolation(document) { return "instance document: \(problem)" }
        return nil
    }

    /// A small custom emoji list for the mastodon rule set.
    static let emojiCatalog = EmojiCatalog([
        .init(shortcode: "blobcat", url: "https://files.example/blobcat.png"),
        .init(shortcode: "ok", url: "javascript:alert(1)", visibleInPicker: false),
    ])

    static let ruleSets: [any RuleSet] = {
        var all: [any RuleSet] = [
            BlueskyRules.shared, TwitterRules.shared, IcyskyRules.shared, MastodonRules.shared,
            MastodonRules(emojiCatalog: emojiCatalog),
        ]
        if let pattern = try? CustomPattern(name: "ticket", expression: #"\b[A-Z]{2,10}-\d+\b"#, trigger: "#"),
            let custom = try? CustomRuleSet(patterns: [pattern], over: BlueskyRules.shared)
        {
            all.append(custom)
        }
        return all
    }()

    // MARK: - jsonl

    /// - Parameter streamedPostBytes: posts longer than this are streamed (0: every post).
    static func renderer(
        _ format: OutputFormat, _ rules: any RuleSet, into output: StandardOutput, lengthProfiles: [LengthProfile] = [],
        streamedPostBytes: Int = 1 << 20
    ) -> DocumentRenderer {
        DocumentRenderer(
            format: format, rules: rules, ansi: ANSIEncoder(depth: .trueColor, kinds: PatternKind.builtIn + rules.kinds),
            lengthProfiles: lengthProfiles, emojiCatalog: (rules as? MastodonRules)?.emojiCatalog, output: output,
            streamedPostBytes: streamedPostBytes)
    }

    // MARK: - Mastodon instance files

    static func emojiCatalogViolation(_ document: [UInt8]) -> String? {
        let catalog: EmojiCatalog
        do {
            catalog = try EmojiCatalog(json: document)
        } catch {
            if !error.description.hasPrefix("not a custom emoji list") { return "unexpected error: \(error.description)" }
            return oneLineViolation(error.description)
        }
        for emoji in catalog.emoji where catalog.emoji(forShortcode: emoji.shortcode) == nil {
            return "\(emoji.shortcode.debugDescription) is listed but not found"
        }
        for emoji in catalog.emoji where !EmojiCatalog.isShortcode(emoji.shortcode) {
            return "\(emoji.shortcode.debugDescription) is listed but no status can hold it"
        }
        for query in ["", "a", "BLOB"] + catalog.emoji.prefix(3).map(\.shortcode) {
            let suggestions = catalog.suggestions(for: query)
            if suggestions.count > 10 { return "\(suggestions.count) suggestions for \(query.debugDescription)" }
            for emoji in suggestions
            where !emoji.visibleInPicker || !(query.isEmpty || emoji.shortcode.lowercased().contains(query.lowercased())) {
                return "suggested \(emoji.shortcode.debugDescription) for \(query.debugDescription)"
            }
        }
        let rules = MastodonRules(emojiCatalog: catalog)
        let text = catalog.emoji.prefix(20).map { ":\($0.shortcode): " }.joined() + ":not_in_the_catalog_x:"
        let spans = PatternDetector(rules: rules).spans(in: text)
        for span in spans where span.kind == .emoji {
            let shortcode = PatternDetector(rules: rules).value(of: span, in: text)
            if catalog.emoji(forShortcode: shortcode) == nil { return "\(shortcode.debugDescription) is no catalog emoji" }
        }
        return nil
    }

    static func instanceViolation(_ document: [UInt8]) -> String? {
        do {
            let instance = try MastodonInstance(json: document)
            guard (1...1_000_000).contains(instance.maxCharacters), (0...1_000_000).contains(instance.charactersReservedPerURL) else {
                return "accepted \(instance)"
            }
            let profile = LengthProfile.mastodon(instance: instance)
            guard profile == .mastodon(limit: instance.maxCharacters, urlLength: instance.charactersReservedPerURL) else {
                return "profile \(profile)"
            }
            return nil
        } catch {
            return oneLineViolation(error.description)
        }
    }

    /// The lines of a jsonl input as the CLI reads them: split at line feeds, a last line without
    /// one still counting.
    static func lines(_ document: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines = document.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if document.last == UInt8(ascii: "\n") || document.isEmpty { lines.removeLast() }
        return lines
    }

    /// Renders `line` as line `number` on `renderer`; returns whether it was a post and what was
    /// written, or the error `renderPost` let through (none should).
    static func render(_ line: ArraySlice<UInt8>, number: Int, with renderer: DocumentRenderer) -> (Bool, [UInt8])? {
        do {
            let isPost = try Array(line).withUnsafeBufferPointer { try Pipeline.renderPost(line: $0, number: number, with: renderer) }
            return (isPost, renderer.output.takeCollected())
        } catch {
            return nil
        }
    }

    static func jsonlViolation(_ document: [UInt8], rules: any RuleSet, format: OutputFormat) -> String? {
        let lines = self.lines(document)
        let shared = renderer(format, rules, into: StandardOutput(collectingInMemory: ()))
        for (index, line) in lines.enumerated() {
            let number = index + 1
            if let problem = literalViolation(Array(line)) { return "line \(number): \(problem)" }
            if let problem = objectViolation(Array(line)) { return "line \(number): \(problem)" }
            guard let (isPost, written) = render(line, number: number, with: shared) else {
                return "line \(number) threw past renderPost"
            }
            guard let (aloneIsPost, alone) = render(line, number: number, with: renderer(format, rules, into: StandardOutput(collectingInMemory: ())))
            else { return "line \(number) alone threw past renderPost" }
            if isPost != aloneIsPost || written != alone {
                return "line \(number) \(String(decoding: line, as: UTF8.self).debugDescription) renders otherwise after the lines before it"
            }
            let streamer = renderer(format, rules, into: StandardOutput(collectingInMemory: ()), streamedPostBytes: 0)
            guard let (_, streamed) = render(line, number: number, with: streamer) else { return "line \(number) streamed threw past renderPost" }
            if streamed != written {
                return "line \(number) \(String(decoding: line, as: UTF8.self).debugDescription) renders otherwise streamed"
            }
            guard written.last == UInt8(ascii: "\n"), written.dropLast().firstIndex(of: UInt8(ascii: "\n")) == nil else {
                return "line \(number) gave not exactly one output line: \(String(decoding: written, as: UTF8.self).debugDescription)"
            }
            if !isPost {
                guard let object = jsonObject(written.dropLast()), object["error"] is String, (object["line"] as? Int) == number,
                    object.count == 2
                else { return "line \(number): not a clean error line: \(String(decoding: written, as: UTF8.self).debugDescription)" }
                continue
            }
            if format == .json {
                guard let object = jsonObject(written.dropLast()) else {
                    return "line \(number): output is not a JSON object: \(String(decoding: written, as: UTF8.self).debugDescription)"
                }
                if let problem = caretViolation(line, object) { return "line \(number): \(problem)" }
            } else if format == .facets {
                guard (try? JSONSerialization.jsonObject(with: Data(written.dropLast()))) is [Any] else {
                    return "line \(number): output is not a JSON array: \(String(decoding: written, as: UTF8.self).debugDescription)"
                }
            }
        }
        return nil
    }

    /// For a line that is not an object: the decoder's `String` form and its byte form (which
    /// renders posts) give the same text or the same error; the text is well-formed UTF-8 and is
    /// what Foundation's parser reads (but for a lone surrogate escape, which only this decoder
    /// accepts, as U+FFFD), and a line Foundation reads as a string is not refused. A line with a
    /// NUL byte is refused: jsonl lines are UTF-8, where JSON has no place for one (Foundation
    /// reads `00 22 00 22` as `""` in UTF-16, so it is not asked about such lines).
    static func literalViolation(_ line: [UInt8]) -> String? {
        guard !line.withUnsafeBufferPointer(PostLine.isObject) else { return nil }
        let (string, bytes) = line.withUnsafeBufferPointer { buffer in
            var scratch = Array("what an earlier line left".utf8)
            return (
                Result { () throws(JSONStringLiteral.SyntaxError) in try JSONStringLiteral.decode(buffer) },
                Result { () throws(JSONStringLiteral.SyntaxError) -> [UInt8] in
                    switch try JSONStringLiteral.decode(buffer, scratch: &scratch) {
                    case .inLine(let range): return Array(buffer[range])
                    case .inScratch(let count): return Array(scratch[..<count])
                    }
                })
        }
        if line.contains(0) {
            return (try? string.get()) == nil ? nil : "a line with a NUL byte was read as a string"
        }
        let foundation = (try? JSONSerialization.jsonObject(with: Data(line), options: .fragmentsAllowed)) as? String
        let hasLoneSurrogate = String(decoding: line, as: UTF8.self).lowercased().contains("\\ud")
        switch (string, bytes) {
        case (.success(let text), .success(let utf8)):
            if Array(text.utf8) != utf8 { return "the two decoder forms give different texts" }
            if String(validating: utf8, as: UTF8.self) == nil { return "the decoded text is not well-formed" }
            if !hasLoneSurrogate && foundation != text {
                return "decoded \(text.debugDescription), Foundation reads \(foundation.debugDescription)"
            }
        case (.failure(let stringError), .failure(let bytesError)):
            if stringError.description != bytesError.description { return "the two decoder forms fail differently" }
            if let foundation { return "refused (\(stringError)) what Foundation reads as \(foundation.debugDescription)" }
        default:
            return "one decoder form fails and the other does not"
        }
        return nil
    }

    /// For an object line: the reader agrees with Foundation's parser. A post it reads, Foundation
    /// reads as an object with the same text, caret and accept (but for a lone surrogate escape,
    /// which only this reader accepts, as U+FFFD, and a NUL byte, which only it refuses); an object Foundation reads that makes a post
    /// (a string text, a caret absent, null or one whole number, an accept absent, null or a
    /// string with a caret) the reader reads too, unless a key is given twice (Foundation keeps
    /// one of them).
    static func objectViolation(_ line: [UInt8]) -> String? {
        guard line.withUnsafeBufferPointer(PostLine.isObject) else { return nil }
        let read = line.withUnsafeBufferPointer { buffer in
            Result { () throws(PostLine.SyntaxError) -> PostLine in
                var reader = PostLine.ObjectReader(buffer)
                return try reader.read()
            }
        }
        if line.contains(0) { return (try? read.get()) == nil ? nil : "a line with a NUL byte was read as a post" }
        guard let foundation = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any] else {
            // Foundation refuses a lone surrogate escape, which this reader reads as U+FFFD.
            let surrogateEscape = String(decoding: line, as: UTF8.self).lowercased().contains("\\ud")
            if case .success = read, !surrogateEscape { return "read a post Foundation does not read" }
            return nil
        }
        // A caret Foundation reads as a whole Double of 2^53 or more may have lost digits: the
        // reader's value cannot be checked against it, only the rest of the post.
        if hasInexactCaret(foundation) {
            if case .success(let post) = read, post.text != foundation["text"] as? String {
                return "read \(post), Foundation reads the text \(String(describing: foundation["text"]))"
            }
            return nil
        }
        let expected = post(from: foundation)
        switch (read, expected) {
        case (.success(let post), let expected?):
            if post.text != expected.text || post.caret != expected.caret || post.accept != expected.accept {
                return "read \(post), Foundation reads \(expected)"
            }
        case (.success(let post), nil):
            return "read \(post) from an object that is no post: \(foundation)"
        case (.failure(let error), _?):
            // A member given twice is refused (Foundation keeps the last), whichever of its
            // values the reader stopped at.
            let duplicated = memberNames(line).map { names in
                ["text", "caret", "accept"].contains { name in names.filter { $0 == name }.count > 1 }
            } ?? false
            if !error.description.contains("is given twice") && !duplicated {
                return "refused (\(error)) a post Foundation reads"
            }
        case (.failure, nil):
            break
        }
        return nil
    }

    /// The names of the top-level members of the JSON object `line`, in order and duplicates
    /// kept, each decoded by Foundation; `nil` when the line is not an object of that shape.
    static func memberNames(_ line: [UInt8]) -> [String]? {
        var index = 0
        func skipSpace() {
            while index < line.count, [0x20, 0x09, 0x0A, 0x0D].contains(line[index]) { index += 1 }
        }
        // From an opening quote to after its closing one; false when the string does not end.
        func skipString() -> Bool {
            index += 1
            while index < line.count {
                switch line[index] {
                case UInt8(ascii: "\\"): index += 2
                case UInt8(ascii: "\""):
                    index += 1
                    return true
                default: index += 1
                }
            }
            return false
        }
        skipSpace()
        guard index < line.count, line[index] == UInt8(ascii: "{") else { return nil }
        index += 1
        var names: [String] = []
        while true {
            skipSpace()
            if index < line.count, line[index] == UInt8(ascii: "}") { return names }
            guard index < line.count, line[index] == UInt8(ascii: "\""), case let start = index, skipString() else { return nil }
            let key = Data([UInt8(ascii: "[")] + line[start..<index] + [UInt8(ascii: "]")])
            guard let name = ((try? JSONSerialization.jsonObject(with: key)) as? [String])?.first else { return nil }
            names.append(name)
            skipSpace()
            guard index < line.count, line[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            // The value, to the comma or brace that ends it at this depth.
            var depth = 0
            while index < line.count {
                let byte = line[index]
                if byte == UInt8(ascii: "\"") {
                    guard skipString() else { return nil }
                    continue
                }
                if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                    depth += 1
                } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                    if depth == 0 { break }
                    depth -= 1
                } else if byte == UInt8(ascii: ","), depth == 0 {
                    break
                }
                index += 1
            }
            guard index < line.count else { return nil }
            if line[index] == UInt8(ascii: ",") { index += 1 } else { return names }
        }
    }

    /// Whether the object's caret offset is a whole Double Foundation read of magnitude 2^53 or
    /// more, which need not be the number written.
    private static func hasInexactCaret(_ object: [String: Any]) -> Bool {
        guard let offsets = object["caret"] as? [String: Any] else { return false }
        return ["utf8", "utf16"].contains { key in
            guard let number = offsets[key] as? NSNumber, String(cString: number.objCType) == "d" else { return false }
            let double = number.doubleValue
            return double.isFinite && double.rounded() == double && double.magnitude >= 0x1p53
        }
    }

    /// The post an object Foundation read makes, or nil when it makes none.
    private static func post(from object: [String: Any]) -> PostLine? {
        func isNull(_ value: Any?) -> Bool { value == nil || value is NSNull }
        // Foundation's numbers say what they were read as: a signed integer (i, l, q), one too
        // large for Int64 (Q), a fraction or exponent (d), a Boolean (c). A fraction or exponent
        // whose value is whole (6.0, 6e0) is a whole number too (hasInexactCaret sets aside
        // those past 2^53, where a Double may have lost digits).
        func wholeNumber(_ value: Any?) -> Int? {
            guard let number = value as? NSNumber else { return nil }
            let type = String(cString: number.objCType)
            if ["i", "l", "q", "s"].contains(type) { return number.intValue }
            guard type == "d", case let double = number.doubleValue, double.isFinite, double.rounded() == double,
                double.magnitude < 0x1p53
            else { return nil }
            return Int(double)
        }
        guard let text = object["text"] as? String else { return nil }
        var caret: PostLine.Caret?
        if !isNull(object["caret"]) {
            guard let offsets = object["caret"] as? [String: Any] else { return nil }
            switch (isNull(offsets["utf8"]), isNull(offsets["utf16"])) {
            case (false, true): caret = wholeNumber(offsets["utf8"]).map { .utf8($0) }
            case (true, false): caret = wholeNumber(offsets["utf16"]).map { .utf16($0) }
            default: return nil
            }
            if caret == nil { return nil }
        }
        var accept: String?
        if !isNull(object["accept"]) {
            guard let given = object["accept"] as? String, caret != nil else { return nil }
            accept = given
        }
        return PostLine(text: text, caret: caret, accept: accept)
    }

    static func jsonObject(_ bytes: ArraySlice<UInt8>) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) as? [String: Any]
    }

    /// For a post object with a caret: the token reported lies around the caret, its ranges in
    /// both units agree with the text; after `accept`, the text and caret are reported and the
    /// caret lies in the text.
    static func caretViolation(_ line: ArraySlice<UInt8>, _ object: [String: Any]) -> String? {
        guard let post = try? Array(line).withUnsafeBufferPointer(PostLine.decode), post.caret != nil else { return nil }
        guard object.keys.contains("token") else { return "no token member for a line with a caret" }
        let text = (object["text"] as? String) ?? post.text
        if post.accept != nil, object["text"] == nil, object["caret"] != nil { return "a caret without the text" }
        guard let token = object["token"] as? [String: Any] else { return nil }
        guard let utf8 = token["utf8"] as? [Int], let utf16 = token["utf16"] as? [Int], utf8.count == 2, utf16.count == 2,
            utf8[0] <= utf8[1], utf8[1] <= text.utf8.count
        else { return "token \(token) outside \(text.debugDescription)" }
        let converted = TextOffsets.utf16Offsets(utf8, in: text)
        if converted != utf16 { return "token UTF-8 \(utf8) is UTF-16 \(converted), not \(utf16)" }
        return nil
    }

    // MARK: - Handle files

    /// The CLI's `--handles` steps (`PostRequest.handleMap(at:)`, which lives in an
    /// ArgumentParser command and so is followed here step for step): decode a `HandleFile`, take
    /// its entries in key order, drop one leading `@`, refuse empty and repeated handles, make a
    /// `HandleMap`. The map, or why the file is refused.
    static func handleMap(_ data: [UInt8]) -> Result<HandleMap, Failure> {
        let file: HandleFile
        do {
            file = try JSONDecoder().decode(HandleFile.self, from: Data(data))
        } catch {
            return .failure(Failure("not valid JSON"))
        }
        guard case .object(let entries) = file else { return .failure(Failure("the top level is not an object")) }
        var dids: [String: String] = [:]
        for (key, value) in entries.sorted(by: { $0.key < $1.key }) {
            guard case .string(let did) = value else { return .failure(Failure("the value of \"\(key)\" is not a string")) }
            let handle = key.hasPrefix("@") ? String(key.dropFirst()) : key
            guard !handle.isEmpty else { return .failure(Failure("an empty handle")) }
            if let earlier = dids[handle], earlier != did { return .failure(Failure("\"\(handle)\" is given twice")) }
            dids[handle] = did
        }
        do {
            return .success(try HandleMap(dids))
        } catch {
            return .failure(Failure(error.description))
        }
    }

    struct Failure: Error, Equatable {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    static func handleFileViolation(_ document: [UInt8]) -> String? {
        guard case .success(let map) = handleMap(document) else { return nil }
        // Every entry resolves to its own value: a DID, or `notADID`.
        for (handle, did) in map.dids {
            let expected: Result<String, HandleResolutionFailure> = ATIdentifier.isDID(did) ? .success(did) : .failure(.notADID(did))
            if map.outcome(for: handle) != expected { return "\(handle.debugDescription) resolves to \(map.outcome(for: handle))" }
            let asciiUpper = String(String.UnicodeScalarView(handle.unicodeScalars.map { ("a"..."z").contains($0) ? Unicode.Scalar($0.value - 32)! : $0 }))
            if map.outcome(for: asciiUpper) != expected { return "\(handle.debugDescription) resolves otherwise in upper case" }
        }
        // A post mentioning every handle (and one that is not there): exactly the resolvable
        // mentions get facets, each with the map's DID, on the record's own bytes.
        let handles = map.dids.keys.sorted().prefix(8)
        let typed = "gm " + handles.map { "@" + $0 }.joined(separator: " ") + " @not-in-the-map.example"
        let draft = BlueskyPostDraft(typed)
        var resolutions: [String: Result<String, HandleResolutionFailure>] = [:]
        for handle in draft.handles { resolutions[handle] = map.outcome(for: handle) }
        let (record, unresolved) = draft.record(resolutions: resolutions, createdAt: Date(timeIntervalSince1970: 0))
        let bytes = Array(record.text.utf8)
        for facet in record.facets {
            let range = facet.index.utf8Range
            guard range.lowerBound >= 0, range.upperBound <= bytes.count, !range.isEmpty else { return "facet \(range) outside the record" }
            guard case .mention(let mention) = facet.features.first else { continue }
            let handle = ATIdentifier.normalizedHandle(String(decoding: bytes[range].dropFirst(), as: UTF8.self))
            guard case .success(let did) = map.outcome(for: handle), did == mention.did else {
                return "mention \(handle.debugDescription) got \(mention.did.debugDescription)"
            }
        }
        for entry in unresolved where map.outcome(for: entry.handle).isSuccess {
            return "\(entry.handle.debugDescription) reported unresolved"
        }
        guard jsonObject(ArraySlice(record.json.utf8)) != nil else { return "the record's JSON does not parse: \(record.json)" }
        return nil
    }

    // MARK: - Resolver answers

    static func resolverAnswerViolation(_ document: [UInt8], status selector: Int) -> String? {
        let statuses = [200, 200, 200, 400, 404, 500, 301, 200]
        let status = statuses[selector >> 4 & 7]
        let url = URL(string: "https://resolver.example/xrpc/com.atproto.identity.resolveHandle?handle=a.test")!
        let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: [:])
        let outcome = HTTPHandleResolver.outcome(data: Data(document), response: response, error: nil, timeout: .seconds(5))
        switch outcome {
        case .success(let did):
            guard status == 200, ATIdentifier.isDID(did) else { return "success \(did.debugDescription) on status \(status)" }
            guard let body = jsonObject(document[...]), (body["did"] as? String) == did else { return "success \(did.debugDescription) not the body's did" }
        case .failure(.httpStatus(let code, let message)):
            guard code == status, status != 200 else { return "status \(code) reported for \(status)" }
            if let message, let problem = oneLineViolation(message) { return "message: \(problem)" }
        case .failure(.badResponse), .failure(.notADID):
            guard status == 200 else { return "\(outcome) on status \(status)" }
            if case .failure(.notADID(let value)) = outcome, let problem = oneLineViolation(value) { return "notADID: \(problem)" }
        case .failure(let other):
            return "\(other) from an answer"
        }
        // What the helper writes for it, the CLI reads back equal; a handle from the document too.
        let handle = String(decoding: document.prefix(40), as: UTF8.self)
        for (name, result) in [("a.test", outcome), (handle, outcome), (handle, .failure(.timedOut(.milliseconds(selector * 7 + 1)))),
                               (handle, .failure(.transport(handle)))] {
            let line = HandleResolutionLine.encode(handle: name, outcome: result)
            if line.contains("\n") { return "the line for \(name.debugDescription) holds a line break" }
            guard let decoded = HandleResolutionLine.decode(line[...]), decoded.handle == name, decoded.outcome == result else {
                return "\(name.debugDescription) \(result) does not come back from \(line.debugDescription)"
            }
        }
        // The helper's output read as the CLI reads it: each line on its own.
        let answer = String(decoding: document, as: UTF8.self)
        var outcomes: [String: Result<String, HandleResolutionFailure>] = [:]
        for line in answer.split(separator: "\n") {
            if let (handle, outcome) = HandleResolutionLine.decode(line) { outcomes[handle] = outcome }
        }
        for line in answer.split(separator: "\n") {
            guard let (handle, outcome) = HandleResolutionLine.decode(line) else { continue }
            let again = HandleResolutionLine.encode(handle: handle, outcome: outcome)
            guard let back = HandleResolutionLine.decode(again[...]), back.handle == handle, back.outcome == outcome else {
                return "the decoded line \(line.debugDescription) does not survive encoding"
            }
            // The last line for a handle decides it; no other line changes it.
            let last = answer.split(separator: "\n").last { HandleResolutionLine.decode($0)?.handle == handle }
            if outcomes[handle] != last.flatMap({ HandleResolutionLine.decode($0)?.outcome }) {
                return "\(handle.debugDescription) decided by another line"
            }
        }
        return nil
    }

    /// Service text made safe for one line: no controls, no line or paragraph separators, at most
    /// 200 characters and an ellipsis.
    static func oneLineViolation(_ text: String) -> String? {
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" }) {
            return "\(text.debugDescription) holds a control"
        }
        if text.count > 201 { return "\(text.count) characters" }
        return nil
    }
}

extension Result {
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
