import Testing
@testable import PatternDetection

/// Every small edit of a dozen short posts: at every scalar boundary, delete 0–3 Characters and
/// insert one of a set of tricky strings; after each, the incremental spans must equal a full scan
/// and the reported change must account for every changed tag.
@Suite("Incremental tokenizer: exhaustive small edits")
struct IncrementalExhaustiveTests {
    static let posts: [String] = [
        "",
        "hi @alice.bsky.social how are you",
        "#swift #swiftlang rocks",
        "see https://swift.org/blog, nice)",
        "email me@example.com now",
        "＃tag and #tag#two",
        "👨‍👩‍👧 #family @mom",
        "line1\n@bob\n#tag\n",
        "trailing @",
        ":smile: :wave_hand: ok",
        ">quote\n>more !bang",
        "Café #résumé @é",
        "a\u{3000}b #全角\u{3000}タグ",
        "x !a\n>b :c:",
    ]

    static let insertions: [String] = [
        "", "@", "#", "＃", " ", "\n", "\u{3000}", ".", ")", "é", "😀", "\u{200D}", "://", "a", ":", ">", "!",
    ]

    @Test(arguments: IncrementalRuleSets.all)
    func everySmallEditMatchesAFullScan(_ ruleSet: RuleSetCase) throws {
        let rules = ruleSet.rules
        let tokenizer = IncrementalTokenizer(rules: rules)
        var edits = 0
        var failures = 0
        for post in Self.posts {
            let original = Array(post.utf8)
            let before = fullScan(rules, original)
            for position in 0...original.count where original.isBoundary(position) {
                for deleted in 0...3 {
                    let end = original.offset(after: position, characters: deleted)
                    if deleted > 0 && end == position { continue }
                    for insertion in Self.insertions {
                        var text = original
                        text.replaceSubrange(position..<end, with: Array(insertion.utf8))
                        let edit = TextEdit(replacing: position..<end, insertedUTF8Count: insertion.utf8.count)
                        tokenizer.reset(original)
                        let change = tokenizer.apply(edit, to: text)
                        let after = fullScan(rules, text)
                        edits += 1
                        let problems =
                            (tokenizer.spans == after ? [] : ["spans \(tokenizer.spans), full scan \(after)"])
                            + changeProblems(change, before: before, after: after, newUTF8Count: text.count)
                        if !problems.isEmpty {
                            failures += 1
                            if failures <= 5 {
                                Issue.record(
                                    """
                                    \(rules.name): \(post.debugDescription) replace \(position)..<\(end) with \
                                    \(insertion.debugDescription) → \(String(decoding: text, as: UTF8.self).debugDescription)
                                    \(problems.joined(separator: "\n"))
                                    """)
                            }
                        }
                    }
                }
            }
        }
        #expect(failures == 0, "\(failures) of \(edits) edits diverged")
        #expect(edits > 10_000)
    }

    /// Deleting whole ranges, across tokens and separators, from every start to every end.
    @Test(arguments: IncrementalRuleSets.all)
    func everyRangeDeletionMatchesAFullScan(_ ruleSet: RuleSetCase) throws {
        let rules = ruleSet.rules
        let tokenizer = IncrementalTokenizer(rules: rules)
        var failures = 0
        for post in Self.posts {
            let original = Array(post.utf8)
            let before = fullScan(rules, original)
            for start in 0...original.count where original.isBoundary(start) {
                for end in start...original.count where original.isBoundary(end) {
                    var text = original
                    text.removeSubrange(start..<end)
                    tokenizer.reset(original)
                    let change = tokenizer.apply(TextEdit(start: start, oldEnd: end, newEnd: start), to: text)
                    let after = fullScan(rules, text)
                    let problems =
                        (tokenizer.spans == after ? [] : ["spans \(tokenizer.spans), full scan \(after)"])
                        + changeProblems(change, before: before, after: after, newUTF8Count: text.count)
                    if !problems.isEmpty {
                        failures += 1
                        if failures <= 5 {
                            Issue.record("\(rules.name): \(post.debugDescription) delete \(start)..<\(end): \(problems)")
                        }
                    }
                }
            }
        }
        #expect(failures == 0)
    }
}
