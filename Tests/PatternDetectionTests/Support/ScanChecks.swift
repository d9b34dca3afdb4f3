// Shared by the tests (regression fixtures) and the fuzz driver (Fuzz/), which compiles the
// library sources into the same module and so must not import it.
#if !FUZZING
@testable import PatternDetection
#endif

/// What the fuzz driver checks on every input, kept here so each crash it finds can be replayed
/// as a regression fixture by the tests (`Fixtures/regressions/`).
enum ScanChecks {
    /// Custom patterns layered over every rule set: a ticket id, a `:shortcode:`, an expression
    /// that would cross whitespace, and anchors.
    static let customDefinitions: [(name: String, expression: String)] = [
        ("ticket", #"\b[A-Z]{2,10}-\d+\b"#),
        ("shortcode", #":[a-z0-9_+-]+:"#),
        ("greedy", #"[a-z]+(?:\s[a-z]+)?"#),
        ("anchored", #"(?m)^>\S*|\S*<$"#),
    ]

    static func customPatterns() throws(PatternError) -> [CustomPattern] {
        try customDefinitions.map { definition throws(PatternError) in
            try CustomPattern(name: definition.name, expression: definition.expression)
        }
    }

    /// Every built-in rule set, each with the custom patterns on top, and the custom
    /// patterns alone.
    static func ruleSets() -> [any RuleSet] {
        guard let patterns = try? customPatterns() else { fatalError("custom test patterns must compile") }
        var all: [any RuleSet] = []
        for builtIn in BuiltInRules.allCases {
            let rules = builtIn.ruleSet()
            all.append(rules)
            if let layered = try? CustomRuleSet(patterns: patterns, over: rules) { all.append(layered) }
        }
        if let alone = try? CustomRuleSet(patterns: patterns, over: nil) { all.append(alone) }
        return all
    }

    /// The text a fuzz input stands for. Inputs starting with 0xFF 0xFE (never UTF-8) select a
    /// generator: byte 2 the shape (a hostile shape, posts, broken posts or random bytes), bytes
    /// 3–4 the length (up to 4 KiB: longer inputs cost the fuzzer more than they find), the rest
    /// the seed. Every other input is the text itself.
    static func text(fromFuzzInput data: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        guard data.count >= 5, data[0] == 0xFF, data[1] == 0xFE else { return Array(data) }
        let length = (Int(data[3]) << 8 | Int(data[4])) & 0x0FFF
        var seed: UInt64 = 0xC0FFEE
        for byte in data[5...] { seed = seed &* 31 &+ UInt64(byte) }
        var random = SplitMix64(seed: seed)
        let shapes = HostileCorpus.Shape.allCases
        let selector = Int(data[2]) % (shapes.count + 3)
        switch selector {
        case shapes.count: return PostCorpus.posts(byteCount: length, seed: seed)
        case shapes.count + 1: return PostCorpus.broken(PostCorpus.posts(byteCount: length, seed: seed), using: &random)
        case shapes.count + 2: return PostCorpus.randomBytes(count: length, using: &random)
        default: return shapes[selector].bytes(count: length)
        }
    }

    /// The first violated property for `text` under `rules`, or `nil`: spans
    /// off scalar boundaries, unsorted or overlapping, a locality failure, or a streamed scan that
    /// differs from the whole one.
    static func violation(
        in text: UnsafeBufferPointer<UInt8>, rules: any RuleSet, seed: UInt64
    ) -> String? {
        let spans = PatternDetector(rules: rules).spans(inUTF8: text)
        if let problem = SpanInvariants.structuralViolation(spans, in: text) { return problem }
        var random = SplitMix64(seed: seed)
        for run in UTF8Validation.validRuns(in: text) where !run.isEmpty {
            if let problem = SpanInvariants.localityViolation(
                rules: rules, text: UnsafeBufferPointer(rebasing: text[run]), limit: 3,
                using: &random)
            {
                return "run \(run): \(problem)"
            }
        }
        // Piece sizes from the seed; at least 1/64 of the text, so a long input is not fed
        // byte by byte (that is covered by short inputs).
        let floor = text.count / 64
        let pieces = [floor + 1 + Int(seed % 7), floor + 1 + Int((seed >> 8) % 61), 256]
        // Few spans per piece, so a rule set that hands out spans as it finds them cuts pieces.
        let spansPerPiece = 1 + Int((seed >> 16) % 4)
        // Every other piece's storage taken over by the stream, for half the seeds.
        let taking = (seed >> 24) & 1 == 1
        if let problem = SpanInvariants.streamingViolation(
            rules: rules, bytes: text, pieceSizes: pieces, spansPerPiece: spansPerPiece, taking: taking)
        {
            return "pieces \(pieces), \(spansPerPiece) spans per piece, taking \(taking): \(problem)"
        }
        return nil
    }
}
