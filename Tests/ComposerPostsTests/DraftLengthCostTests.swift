import PatternDetection
import Testing

@testable import ComposerPosts

/// What a keystroke costs, measured in what it reads: the lines it touches, plus a valid range's
/// prefix when it edits that prefix — never more because the draft is longer.
@Suite("Draft length: a keystroke reads its line, not the draft")
struct DraftLengthCostTests {
    static let profiles: [LengthProfile] = [.bluesky, .twitter, .mastodon()]

    /// A thread draft of at least `bytes` bytes: posts of three lines with a link and a mention,
    /// separated by blank lines. With `decomposed`, each post has an `e` + U+0301, which NFC
    /// composes: twitter's valid end then lies that many units past its cut, further the longer
    /// the draft.
    static func draft(bytes: Int, decomposed: Bool) -> String {
        var text = ""
        var post = 0
        while text.utf8.count < bytes {
            post += 1
            text += "Post \(post) of the thread, about counting 😀 and 日本語.\n"
            text += "See https://example.com/posts/\(post) and ask @alice@example.social.\n"
            text += (decomposed ? "e\u{301}" : "\u{E9}") + "nough for now.\n\n"
        }
        return text
    }

    /// Types `reply` a character at a time at `caret` through the reading API; the bytes read by
    /// each keystroke, and the draft and text after it.
    static func type(
        _ reply: String, into text: String, at caret: Int
    ) throws -> (reads: [Int], draft: DraftLength, text: String) {
        var bytes = Array(text.utf8)
        var draft = DraftLength(text: text, profiles: profiles)
        var reads: [Int] = []
        var position = caret
        for character in reply {
            let typed = Array(String(character).utf8)
            bytes.insert(contentsOf: typed, at: position)
            var read = 0
            let edit = TextEdit(start: position, oldEnd: position, newEnd: position + typed.count)
            draft.apply(edit, newUTF8Count: bytes.count) { range in
                read += range.count
                return String(decoding: bytes[range], as: UTF8.self)
            }
            position += typed.count
            reads.append(read)
        }
        return (reads, draft, String(decoding: bytes, as: UTF8.self))
    }

    static let reply = "reply to @bob@example.social about https://swift.org ok"

    @Test("Typing in an empty line in the middle reads that line only, at every size")
    func typingInTheMiddle() throws {
        var previous: [Int]?
        for size in [20_000, 200_000] {
            let text = Self.draft(bytes: size, decomposed: true)
            let bytes = Array(text.utf8)
            // The caret in the blank line between two posts, past the middle.
            let caret = bytes.indices.first { $0 >= size / 2 && bytes[$0 - 1] == 10 && bytes[$0] == 10 }!
            let (reads, draft, after) = try Self.type(Self.reply, into: text, at: caret)
            #expect(draft.reports() == (PostLength.reports(for: after, profiles: Self.profiles)))
            #expect(draft.reports().allSatisfy { $0.overflow != nil })
            for (keystroke, read) in reads.enumerated() {
                #expect(read <= keystroke + 2, "keystroke \(keystroke) read \(read) bytes")
            }
            if let previous { #expect(reads == previous) }
            previous = reads
        }
    }

    @Test("Jumping ahead to the start of a line and typing there reads that line only")
    func jumpingAhead() throws {
        let text = Self.draft(bytes: 20_000, decomposed: false)
        let bytes = Array(text.utf8)
        let blankLines = bytes.indices.filter { $0 > 0 && bytes[$0 - 1] == 10 && bytes[$0] == 10 }
        let first = try Self.type("a", into: text, at: blankLines[10])
        // From just after the first caret (where the gap now is) to a blank line 50 posts on.
        var draft = first.draft
        var after = Array(first.text.utf8)
        let caret = blankLines[60] + 1
        after.insert(UInt8(ascii: "b"), at: caret)
        var read = 0
        draft.apply(TextEdit(start: caret, oldEnd: caret, newEnd: caret + 1), newUTF8Count: after.count) { range in
            read += range.count
            return String(decoding: after[range], as: UTF8.self)
        }
        #expect(read == 2)
        #expect(draft.reports() == (PostLength.reports(for: String(decoding: after, as: UTF8.self), profiles: Self.profiles)))
    }

    @Test("Typing in the first line counts again the lines where the limits are crossed: a few lines, not the draft")
    func typingBeforeTheCut() throws {
        var previous: [Int]?
        for size in [20_000, 200_000] {
            let text = Self.draft(bytes: size, decomposed: false)
            let endOfFirstLine = text.utf8.firstIndex(of: 10).map { text.utf8.distance(from: text.startIndex, to: $0) }!
            let (reads, draft, after) = try Self.type(Self.reply, into: text, at: endOfFirstLine)
            #expect(draft.reports() == (PostLength.reports(for: after, profiles: Self.profiles)))
            // The line typed in (up to 130 bytes), then the line each profile crosses its limit in
            // (the draft's lines are at most 80 bytes); more than the line alone: those are read.
            let longest = 130 + 3 * 80
            #expect(reads.enumerated().allSatisfy { $1 > 70 + $0 + 100 && $1 <= longest }, "\(reads)")
            if let previous { #expect(reads == previous) }
            previous = reads
        }
    }
}
