/// One-call detection for a backend or a script: a rule set and the calls that scan with it.
///
/// A value, `Sendable` and cheap to copy; share one across threads and tasks.
public struct PatternDetector: Sendable {
    public let rules: any RuleSet

    public init(rules: any RuleSet) {
        self.rules = rules
    }

    /// All spans in `text`, sorted by start.
    public func spans(in text: String) -> [Span] {
        withUTF8Bytes(of: text) { bytes in
            rules.spans(in: bytes)
        }
    }

    /// All spans in arbitrary bytes: ill-formed UTF-8 passes through as text boundaries and spans
    /// are found in the well-formed parts (each part is scanned as a text of its own).
    public func spans(inUTF8 bytes: UnsafeBufferPointer<UInt8>) -> [Span] {
        let runs = UTF8Validation.validRuns(in: bytes)
        if runs.count == 1, runs[0].count == bytes.count {
            return rules.spans(in: bytes)
        }
        var spans: [Span] = []
        for run in runs where !run.isEmpty {
            let part = UnsafeBufferPointer(rebasing: bytes[run])
            spans += rules.spans(in: part).map { $0.shifted(by: run.lowerBound) }
        }
        return spans
    }

    /// All spans in arbitrary bytes — `[UInt8]`, `Data` from a request body, a slice — with
    /// offsets from the collection's first byte; see ``spans(inUTF8:)-(UnsafeBufferPointer<UInt8>)``.
    /// - Complexity: the scan, plus one copy when the bytes are not contiguous in memory.
    public func spans(inUTF8 bytes: some Collection<UInt8>) -> [Span] {
        if let spans = bytes.withContiguousStorageIfAvailable({ spans(inUTF8: $0) }) { return spans }
        return Array(bytes).withUnsafeBufferPointer { spans(inUTF8: $0) }
    }

    /// The value of a span found in `text` (handle, URI, tag, ticker).
    public func value(of span: Span, in text: String) -> String {
        rules.value(of: span, in: text)
    }
}
