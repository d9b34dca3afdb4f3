import ComposerPosts
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PatternDetection

/// Turns documents into records in batches: drafts first, then one resolution of the batch's new
/// handles (each handle is asked once per run), then the records in input order.
final class PostPublisher {
    private enum Entry {
        /// A document's draft, with where it came from for messages (a path, or `line N`).
        case draft(BlueskyPostDraft, source: String)
        case badLine(String, line: Int)
    }

    /// Documents made into drafts before their handles are resolved together.
    static let batchSize = 512

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
        add(text: String(decoding: document, as: UTF8.self), source: path)
    }

    func add(line: UnsafeBufferPointer<UInt8>) {
        lineNumber += 1
        do {
            add(text: try JSONStringLiteral.decode(line), source: "line \(lineNumber)")
        } catch {
            badDocuments += 1
            append(.badLine(error.description, line: lineNumber))
        }
    }

    private func add(text: String, source: String) {
        append(.draft(BlueskyPostDraft(text), source: source))
    }

    private func append(_ entry: Entry) {
        entries.append(entry)
        if entries.count >= Self.batchSize { flush() }
    }

    /// Resolves the pending documents' new handles and writes their lines.
    func flush() {
        var seen: Set<String> = []
        let newHandles = entries.flatMap { entry -> [String] in
            guard case .draft(let draft, _) = entry else { return [] }
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
            case .draft(let draft, let source):
                let (record, unresolved) = draft.record(resolutions: resolutions, createdAt: createdAt, langs: langs)
                record.write(to: &json)
                report(unresolved)
                warnIfTooLong(draft, source: source)
            }
            output.write(json.bytes)
            output.endLine()
        }
        entries.removeAll(keepingCapacity: true)
    }

    /// Says on standard error when a record's text is longer than `app.bsky.feed.post` allows (300
    /// grapheme clusters, 3,000 UTF-8 bytes): the record is still written, as the server would be
    /// sent it, but the server refuses it.
    private func warnIfTooLong(_ draft: BlueskyPostDraft, source: String) {
        let bytes = draft.text.utf8.count
        // Clusters are at most bytes, so a text of 300 bytes or fewer is within both limits.
        guard bytes > 300 else { return }
        let clusters = draft.text.count
        guard clusters > 300 || bytes > 3_000 else { return }
        output.flush()
        printError(
            "highlight: \(source): the post's text is \(clusters) grapheme clusters and \(bytes) bytes, and "
                + "app.bsky.feed.post allows 300 and 3,000: the server will refuse this record "
                + "('highlight split --profile bluesky' cuts a draft into posts)")
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
