import PatternDetection
import Testing

/// One encoder of each kind for the whole process, as a server keeps them. In Swift 6 mode a
/// global `let` of a type that is not `Sendable` does not compile, so these two lines are the
/// test that the encoders are.
private let sharedHTMLEncoder = HTMLEncoder(escapesLineBreaks: true)
private let sharedSpanJSONEncoder = SpanJSONEncoder()

/// Compiled rule sets are shared across threads; each task brings its own scratch space.
@Suite("Concurrency")
struct ConcurrencyTests {
    @Test("Encoders kept in globals encode on many tasks at once, each task as a fresh encoder does")
    func sharedEncoders() async {
        let documents = (0..<32).map { PostCorpus.posts(byteCount: 2000, seed: UInt64(100 + $0)) }
        let encode = { @Sendable (document: [UInt8], html: HTMLEncoder, json: SpanJSONEncoder) -> [UInt8] in
            let rules = BlueskyRules.shared
            let spans = PatternDetector(rules: rules).spans(inUTF8: document)
            var output: [UInt8] = []
            document.withUnsafeBufferPointer { bytes in
                let value = { (span: Span) in rules.value(of: span, in: bytes) }
                html.encode(bytes, spans: spans, value: value, into: &output)
                var json = json
                json.beginDocument(into: &output)
                json.encode(bytes, spans: spans, value: value, into: &output)
                json.endDocument(into: &output)
            }
            return output
        }
        let fresh = documents.map { encode($0, HTMLEncoder(escapesLineBreaks: true), SpanJSONEncoder()) }
        let shared = await withTaskGroup(of: (Int, [UInt8]).self) { group in
            for (index, document) in documents.enumerated() {
                group.addTask { (index, encode(document, sharedHTMLEncoder, sharedSpanJSONEncoder)) }
            }
            var results: [(Int, [UInt8])] = []
            for await result in group { results.append(result) }
            return results
        }
        #expect(shared.count == documents.count)
        for (index, output) in shared {
            #expect(output == fresh[index], "document \(index)")
        }
    }

    @Test("Many tasks at once find what a serial scan finds", arguments: BuiltInRules.allCases)
    func sharedRuleSets(_ builtIn: BuiltInRules) async throws {
        let base = RuleSetCases.rules(builtIn)
        let rules: [any RuleSet] = [base, try RuleSetCases.custom(over: base)]
        var random = SplitMix64(seed: 21)
        let documents: [[UInt8]] = (0..<64).map { index in
            switch index % 3 {
            case 0: return PostCorpus.posts(byteCount: 4000, seed: UInt64(index))
            case 1: return PostCorpus.broken(PostCorpus.posts(byteCount: 2000, seed: UInt64(index)), using: &random)
            default: return HostileCorpus.Shape.allCases[index % HostileCorpus.Shape.allCases.count].bytes(count: 3000)
            }
        }
        for ruleSet in rules {
            let serial = documents.map { PatternDetector(rules: ruleSet).spans(inUTF8: $0) }
            let parallel = try await withThrowingTaskGroup(of: (Int, [Span]).self) { group in
                for round in 0..<4 {
                    for (index, document) in documents.enumerated() {
                        group.addTask {
                            // Alternate whole scans and streamed scans on the shared rule set.
                            if (index + round) % 2 == 0 {
                                return (index, PatternDetector(rules: ruleSet).spans(inUTF8: document))
                            }
                            return (index, try Self.streamed(document, rules: ruleSet))
                        }
                    }
                }
                var results: [(Int, [Span])] = []
                for try await result in group { results.append(result) }
                return results
            }
            #expect(parallel.count == documents.count * 4)
            for (index, spans) in parallel {
                #expect(spans == serial[index], "\(ruleSet.name), document \(index)")
            }
        }
    }

    static func streamed(_ document: [UInt8], rules: any RuleSet) throws -> [Span] {
        let stream = SpanStream(rules: rules)
        var spans: [Span] = []
        let collect = { (chunk: StreamChunk) in
            spans += chunk.spans.map {
                $0.shifted(by: chunk.streamOffset)
            }
        }
        document.withUnsafeBufferPointer { bytes in
            var offset = 0
            while offset < bytes.count {
                let end = min(bytes.count, offset + 97)
                stream.append(UnsafeBufferPointer(rebasing: bytes[offset..<end]), emit: collect)
                offset = end
            }
        }
        stream.finish(emit: collect)
        return spans
    }
}
