/// One-call detection for a backend or a script: a rule set plus its own scratch space.
///
/// Cheap to create; not `Sendable` (it owns match scratch). Create one per thread or task, or one
/// per call; the compiled rule sets they share are thread-safe.
public final class PatternDetector {
    public let rules: any RuleSet
    public let scratch: MatchScratch

    public init(rules: any RuleSet, scratch: MatchScratch = MatchScratch()) {
        self.rules = rules
        self.scratch = scratch
    }

    /// All spans in `text`, sorted by start.
    public func spans(in text: String) throws(PatternError) -> [Span] {
        try withUTF8Bytes(of: text) { bytes throws(PatternError) in
            try rules.spans(in: bytes, scratch: scratch)
        }
    }

    /// All spans in arbitrary bytes: ill-formed UTF-8 passes through as text boundaries and spans
    /// are found in the well-formed parts (each part is scanned as a text of its own).
    public func spans(inUTF8 bytes: UnsafeBufferPointer<UInt8>) throws(PatternError) -> [Span] {
        let runs = UTF8Validation.validRuns(in: bytes)
        if runs.count == 1, runs[0].count == bytes.count {
            return try rules.spans(in: bytes, scratch: scratch)
        }
        var spans: [Span] = []
        for run in runs where !run.isEmpty {
            let part = UnsafeBufferPointer(rebasing: bytes[run])
            spans += try rules.spans(in: part, scratch: scratch).map { $0.shifted(by: run.lowerBound) }
        }
        return spans
    }

    /// All spans in arbitrary bytes; see ``spans(inUTF8:)-(UnsafeBufferPointer<UInt8>)``.
    public func spans(inUTF8 bytes: [UInt8]) throws(PatternError) -> [Span] {
        var outcome: Result<[Span], PatternError>!
        bytes.withUnsafeBufferPointer { buffer in
            outcome = Result { () throws(PatternError) in try spans(inUTF8: buffer) }
        }
        return try outcome.get()
    }

    /// The value of a span found in `text` (handle, URI, tag, ticker).
    public func value(of span: Span, in text: String) -> String {
        var copy = text
        return copy.withUTF8 { rules.value(of: span, in: $0) }
    }
}
