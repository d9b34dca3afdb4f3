import Foundation
import Testing
@testable import PatternDetection

/// Seeded random editing sessions — typing, backspacing, pasting, replacing ranges inside and across
/// tokens — checked against a full scan after every edit.
///
/// The default run makes 20,000 edits per rule set, in shards that run in parallel. Set
/// `SOAK_EDITS` (e.g. `SOAK_EDITS=1000000`) for a longer soak; `SOAK_SEED` picks another base seed.
@Suite("Incremental tokenizer: random sessions")
struct IncrementalRandomSessionTests {
    static let shards = 4
    static let editsPerSession = 400
    static let editsPerRuleSet: Int = ProcessInfo.processInfo.environment["SOAK_EDITS"].flatMap(Int.init) ?? 20_000
    static let baseSeed: UInt64 = ProcessInfo.processInfo.environment["SOAK_SEED"].flatMap(UInt64.init) ?? 0xC0FFEE

    @Test(arguments: IncrementalRuleSets.all, 0..<shards)
    func randomSessionsMatchAFullScan(_ ruleSet: RuleSetCase, shard: Int) throws {
        let perShard = (Self.editsPerRuleSet + Self.shards - 1) / Self.shards
        let sessions = (perShard + Self.editsPerSession - 1) / Self.editsPerSession
        var edits = 0
        for session in 0..<sessions {
            let seed = Self.baseSeed &+ UInt64(shard * 1_000_003 + session)
            let outcome = try RandomSession.run(
                rules: ruleSet.rules, seed: seed, edits: Self.editsPerSession, useDocument: session % 2 == 0,
                checkEveryChange: true)
            edits += outcome.edits
            if let failure = outcome.failure {
                Issue.record(Comment(rawValue: failure))
                return
            }
        }
        #expect(edits >= perShard)
    }
}

/// One random editing session and its lock-step check against full scans.
enum RandomSession {
    struct Outcome {
        var edits: Int
        /// Seed, step, edit, text and both span lists of the first divergence.
        var failure: String?
    }

    static let typed: [String] = [
        "a", "b", "e", "l", "o", "s", "t", "w", "x", "z", "0", "1", "_", "-", ".", ".", ":", "/", "@", "@", "#", "#",
        "＃", "＠", "$", "!", ">", "(", ")", "é", "東", "😀", "\u{200D}", "\u{FE0F}", " ", " ", " ", "\n", "\u{3000}",
        "\t",
    ]

    static let pasted: [String] = [
        "https://swift.org/blog/", "http://x.y/(a)", "HTTPS://WWW.EXAMPLE.COM", "@alice.bsky.social", "#swift",
        ":smile:", ":wave_hand:", ":x:", "!bang\n", "!end", "\n>", ">quote", "👨‍👩‍👧", "me@example.com", " ", "\n\n", "#tag#two", "@", "#",
        "https://", "www.", "café.com/menu", "(@carol.bsky.social)", "$AAPL", "#東京", " #🦋 ", "a\u{3000}b",
        "Shipping the new composer today! Thanks @alice.bsky.social for the review #swift #buildinpublic\n",
        "Read the write-up at https://swift.org/blog/ and tell me what breaks.\n>quoted !done\n",
    ]

    static func run(
        rules: any RuleSet, seed: UInt64, edits: Int, useDocument: Bool, checkEveryChange: Bool
    ) throws -> Outcome {
        var random = SplitMix64(seed: seed)
        let start = (0..<Int(random.next() % 12)).map { _ in pasted[Int(random.next() % UInt64(pasted.count))] }
            .joined(separator: random.next() % 2 == 0 ? " " : "")
        var text = Array(start.utf8)
        var cursor = text.count
        var document = useDocument ? SpanDocument(text: start, rules: rules) : nil
        let tokenizer = IncrementalTokenizer(rules: rules)
        if document == nil { tokenizer.reset(text) }
        var before = fullScan(rules, text)
        var done = 0
        var step = 0
        while done < edits {
            step += 1
            guard let (range, insertion) = nextEdit(&random, text: text, cursor: &cursor) else { continue }
            let inserted = Array(insertion.utf8)
            text.replaceSubrange(range, with: inserted)
            let change: SpanChange
            if document != nil {
                change = document!.replace(utf8Range: range, with: insertion)
            } else {
                change = tokenizer.apply(TextEdit(replacing: range, insertedUTF8Count: inserted.count), to: text)
            }
            done += 1
            let after = fullScan(rules, text)
            var problems: [String] = []
            let incremental = document?.spans ?? tokenizer.spans
            if incremental != after { problems.append("incremental \(incremental)\nfull scan   \(after)") }
            if let document, document.text.utf8.elementsEqual(text) == false { problems.append("document text differs") }
            if checkEveryChange {
                problems += changeProblems(change, before: before, after: after, newUTF8Count: text.count)
            }
            if !problems.isEmpty {
                let failure = """
                    \(rules.name) seed \(seed) (\(useDocument ? "SpanDocument" : "[UInt8] source")) step \(step): \
                    replace \(range) with \(insertion.debugDescription)
                    text: \(String(decoding: text, as: UTF8.self).debugDescription)
                    \(problems.joined(separator: "\n"))
                    """
                return Outcome(edits: done, failure: failure)
            }
            before = after
        }
        return Outcome(edits: done, failure: nil)
    }

    /// The next edit at or around the cursor (or `nil` for a cursor move), keeping the text between
    /// a few bytes and ~3 KB.
    static func nextEdit(
        _ random: inout SplitMix64, text: [UInt8], cursor: inout Int
    ) -> (Range<Int>, String)? {
        func pick<T>(_ options: [T]) -> T { options[Int(random.next() % UInt64(options.count))] }
        func boundary(near center: Int, spread: Int) -> Int {
            let offset = center + Int(random.next() % UInt64(2 * spread + 1)) - spread
            return text.boundary(atOrBefore: offset)
        }
        cursor = text.boundary(atOrBefore: cursor)
        let roll = random.next() % 100
        let tooLong = text.count > 3000
        switch roll {
        case 0..<45 where !tooLong:  // type one Character
            let character = pick(typed)
            defer { cursor += character.utf8.count }
            return (cursor..<cursor, character)
        case 0..<55:  // backspace
            let start = text.offset(before: cursor, characters: 1)
            defer { cursor = start }
            return (start..<cursor, "")
        case 55..<58:  // forward delete
            return (cursor..<text.offset(after: cursor, characters: 1), "")
        case 58..<70 where !tooLong:  // paste at the cursor
            let snippet = pick(pasted)
            defer { cursor += snippet.utf8.count }
            return (cursor..<cursor, snippet)
        case 58..<80:  // replace a range near the cursor, inside or across tokens
            let a = boundary(near: cursor, spread: 12), b = boundary(near: cursor, spread: 12)
            let replacement = random.next() % 4 == 0 ? "" : pick(random.next() % 2 == 0 ? typed : pasted)
            return (min(a, b)..<max(a, b), tooLong ? "" : replacement)
        case 80..<84:  // replace a range anywhere, possibly long
            let a = boundary(near: text.count / 2, spread: text.count / 2 + 1)
            let b = boundary(near: a, spread: 60)
            return (min(a, b)..<max(a, b), tooLong ? "" : pick(pasted))
        case 84..<87:  // delete the word before the cursor
            var start = cursor
            while start > 0, text[start - 1] != UInt8(ascii: " ") { start = text.boundary(atOrBefore: start - 1) }
            defer { cursor = start }
            return (start..<cursor, "")
        default:  // move the cursor
            cursor = boundary(near: cursor, spread: 60)
            return nil
        }
    }
}
