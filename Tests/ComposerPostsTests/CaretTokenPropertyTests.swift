import ComposerPosts
import Foundation
import PatternDetection
import Testing

/// Properties of the caret token on every rule set, at every caret of seeded random posts:
/// detection and completion agree, tokens hold no separator, the query is the text before the
/// caret, UTF-8 and UTF-16 carets agree, and an accepted completion is then detected.
///
/// `CARET_TOKEN_POSTS` sets the number of posts per rule set (default 300).
@Suite("CaretToken: properties")
struct CaretTokenPropertyTests {
    static let postCount = ProcessInfo.processInfo.environment["CARET_TOKEN_POSTS"].flatMap(Int.init) ?? 300

    static let ruleSets: [String] = ["bluesky", "twitter", "icysky", "shortcode"]

    static func ruleSet(_ name: String) -> any RuleSet {
        name == "shortcode" ? CaretTokenCaseTests.shortcode : BuiltInRules(rawValue: name)!.ruleSet()
    }

    /// A completion for each completed kind, without its trigger: what a composer would insert.
    static func completionName(_ kind: PatternKind, rules: String) -> String {
        switch (kind, rules) {
        case (.mention, "twitter"): return "alice_b"
        case (.mention, "icysky"): return "alice"
        case (.mention, _): return "alice.bsky.social"
        case (.hashtag, _): return "tag"
        case (.cashtag, _): return "AAPL"
        default: return "smile:"
        }
    }

    @Test(arguments: ruleSets)
    func everyCaret(_ name: String) throws {
        let rules = Self.ruleSet(name)
        let detector = PatternDetector(rules: rules)
        var posts = CaretTokenPosts(seed: 0xC0FFEE ^ UInt64(name.utf8.count))
        var tokens = 0
        var fromSpans = 0
        for _ in 0..<Self.postCount {
            let text = posts.post()
            let bytes = Array(text.utf8)
            let spans = detector.spans(in: text)
            var utf16 = 0
            for caret in 0...bytes.count {
                if caret < bytes.count, UTF8.isContinuation(bytes[caret]) { continue }
                defer { if caret < bytes.count { utf16 += bytes[caret] >= 0xF0 ? 2 : 1 } }
                let token = try CaretToken.at(utf8Offset: caret, in: text, rules: rules, spans: spans)
                let context = Comment(
                    rawValue: "\(name) \(text.debugDescription) caret \(caret): \(String(describing: token))")
                #expect(try CaretToken.at(utf8Offset: caret, in: text, rules: rules) == token, context)
                #expect(try CaretToken.at(utf16Offset: utf16, in: text, rules: rules, spans: spans) == token, context)
                if bytes[..<caret].last.map({ $0 >= 0xF0 }) == true {
                    #expect(throws: CaretError.insideScalar(offset: utf16 - 1, unit: .utf16), context) {
                        try CaretToken.at(utf16Offset: utf16 - 1, in: text, rules: rules, spans: spans)
                    }
                }
                let covering = spans.first { $0.utf8Range.lowerBound < caret && caret <= $0.utf8Range.upperBound }
                if let covering {
                    let grammar = rules.tokenGrammar(for: covering.kind)
                    let first = String(decoding: bytes[covering.utf8Range], as: UTF8.self).unicodeScalars.first!
                    if let grammar, grammar.isTrigger(first) {
                        let scalarsBefore = Array(
                            String(decoding: bytes[..<covering.utf8Range.lowerBound], as: UTF8.self).unicodeScalars)
                        if grammar.mayStart(before: { k in
                            k <= scalarsBefore.count ? scalarsBefore[scalarsBefore.count - k] : nil
                        }) {
                            #expect(token?.kind == covering.kind && token?.utf8Range == covering.utf8Range, context)
                            fromSpans += 1
                        } else {
                            #expect(token == nil, context)
                        }
                    } else {
                        #expect(token == nil, context)
                    }
                }
                guard let token else { continue }
                tokens += 1
                try check(
                    token, caret: CaretPosition(utf8: caret, utf16: utf16), in: text, spans: spans, rules: rules,
                    name: name, context)
                if covering == nil {
                    // A token of the grammar runs to the end of its body.
                    let rest = String(decoding: bytes[token.utf8Range.upperBound...], as: UTF8.self).unicodeScalars
                    let grammar = try #require(rules.tokenGrammar(for: token.kind))
                    let bodyIsEmpty = token.query.isEmpty && token.utf8Range.upperBound == caret
                    #expect(
                        rest.first.map { rules.isSeparator($0) || (!bodyIsEmpty && !grammar.mayContinueBody(with: $0)) }
                            ?? true, context)
                }
            }
        }
        #expect(tokens > Self.postCount, "the posts exercise tokens")
        #expect(fromSpans > Self.postCount / 4, "the posts exercise detected tokens")
    }

    func check(
        _ token: CaretToken, caret: CaretPosition, in text: String, spans: [Span], rules: any RuleSet, name: String,
        _ context: Comment
    ) throws {
        let bytes = Array(text.utf8)
        let range = token.utf8Range
        #expect(range.lowerBound < caret.utf8 && caret.utf8 <= range.upperBound, context)
        let scalars = Array(String(decoding: bytes[range], as: UTF8.self).unicodeScalars)
        let grammar = try #require(rules.tokenGrammar(for: token.kind), context)
        #expect(grammar.isTrigger(scalars[0]), context)
        #expect(!scalars.contains(where: rules.isSeparator), context)
        let bodyStart = range.lowerBound + UTF8.width(scalars[0])
        #expect(token.query == String(decoding: bytes[bodyStart..<caret.utf8], as: UTF8.self), context)
        #expect(token.utf16Range == Span(kind: token.kind, utf8Range: range).utf16Range(in: text), context)
        let others = spans.filter { $0.utf8Range.overlaps(range) && $0.utf8Range != range }
        #expect(others.allSatisfy { $0.kind == token.kind && $0.utf8Range.lowerBound == range.lowerBound }, context)

        let completion = String(scalars[0]) + Self.completionName(token.kind, rules: name) + " "
        let accepted = CaretToken.accept(completion, for: token, in: text)
        let inserted = range.lowerBound..<(range.lowerBound + completion.utf8.count - 1)
        #expect(accepted.caret.utf8 == inserted.upperBound + 1, context)
        #expect(accepted.caret.utf16 == TextOffsets.utf16Offsets([accepted.caret.utf8], in: accepted.text)[0], context)
        let after = PatternDetector(rules: rules).spans(in: accepted.text)
        #expect(
            after.contains(Span(kind: token.kind, utf8Range: inserted)),
            "\(context) accepted: \(accepted.text.debugDescription) \(after)")
    }
}
