import PatternDetection
import Testing

/// Compiled rule sets are shared across threads; each task brings its own scratch space.
@Suite("Concurrency")
struct ConcurrencyTests {
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
