import Testing
@testable import PatternDetection

/// The byte form of values the encoders use (``SpanValueBytes``) is `RuleSet.value(of:in:)`, byte
/// for byte, on every span the rule sets find, and declines (`nil`) where only the `String`
/// path can say.
@Suite("Span values as bytes")
struct SpanValueBytesTests {
    /// `valueBytes` as the bytes it describes, or `nil`.
    static func describedValue(_ rules: any RuleSet, _ span: Span, in text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard let form = rules.valueBytesProvider?.valueBytes(of: span, in: text) else { return nil }
        var bytes: [UInt8] = []
        form.append(in: text, to: &bytes)
        var json = [UInt8](repeating: 0, count: RawJSONWriter.maximumStringLength(form.count))
        let written = json.withUnsafeMutableBufferPointer { buffer in
            var raw = RawJSONWriter(buffer.baseAddress!)
            form.writeJSONContents(in: text, to: &raw)
            return raw.position - buffer.baseAddress!
        }
        var expected = JSONWriter()
        bytes.withUnsafeBufferPointer { expected.appendStringContents($0) }
        #expect(Array(json[0..<written]) == expected.bytes, "JSON contents of \(span)")
        return bytes
    }

    @Test("Equal to value(of:in:) on every span found", arguments: BuiltInRules.allCases)
    func equalOnFoundSpans(_ builtIn: BuiltInRules) throws {
        let base = RuleSetCases.rules(builtIn)
        var random = SplitMix64(seed: 31)
        var texts = [PostCorpus.posts(byteCount: 20_000, seed: 9)]
        texts += HostileCorpus.Shape.allCases.map { $0.bytes(count: 400) }
        texts += (0..<20).map { _ in PostCorpus.randomBytes(count: 400, using: &random) }
        texts.append(Array("@a.bsky.social $aapl $BRK.B ＃東京 #️⃣ https://x.y HTTP://A.B www.c.com a.b/c?d=e @x/list ＠y".utf8))
        for rules in [base, try RuleSetCases.custom(over: base)] {
            #expect(rules.valueBytesProvider != nil, "\(rules.name) writes values as bytes")
            var described = 0
            for text in texts {
                for run in text.withUnsafeBufferPointer({ UTF8Validation.validRuns(in: $0) }) {
                    let runBytes = Array(text[run])
                    runBytes.withUnsafeBufferPointer { buffer in
                        for span in rules.spans(in: buffer) {
                            let expected = Array(rules.value(of: span, in: buffer).utf8)
                            let bytes = Self.describedValue(rules, span, in: buffer)
                            #expect(bytes == nil || bytes == expected, "\(rules.name) \(span) \(String(decoding: buffer[span.utf8Range], as: UTF8.self))")
                            if bytes != nil { described += 1 }
                        }
                    }
                }
            }
            #expect(described > 500, "\(rules.name): \(described) spans described as bytes")
        }
    }

    /// Spans no rule set reports still get either the exact value or `nil`: the mention and
    /// cashtag shapes the byte form does not cover fall back to the `String` path.
    @Test func unusualSpansAreExactOrDeclined() {
        let samples = ["@é", "@\r\n", "@", "$", "＄ab", "$é", "#", "＃", "ab", "@a\u{301}", "$ab\u{301}", "httpx", "http"]
        let rules: [any RuleSet] = [BlueskyRules.shared, TwitterRules.shared, IcyskyRules.shared]
        var declined = 0
        for ruleSet in rules {
            for sample in samples {
                for kind in PatternKind.builtIn + ["custom"] {
                    let text = Array(sample.utf8)
                    text.withUnsafeBufferPointer { buffer in
                        let span = Span(kind: kind, utf8Range: 0..<buffer.count)
                        let bytes = Self.describedValue(ruleSet, span, in: buffer)
                        if bytes == nil { declined += 1 }
                        #expect(bytes == nil || bytes == Array(ruleSet.value(of: span, in: buffer).utf8), "\(ruleSet.name) \(kind) \(sample.debugDescription)")
                    }
                }
            }
        }
        #expect(declined > 0)
    }
}
