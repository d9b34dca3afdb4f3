import Foundation
import Testing
@testable import KeystrokeReplay

/// The synthetic session generator: deterministic, exact sizes, sessions that play.
@Suite("Session generator")
struct SessionGeneratorTests {
    @Test func sameSeedSameSession() {
        let a = SessionGenerator(seed: 7), b = SessionGenerator(seed: 7), c = SessionGenerator(seed: 8)
        let first = a.midDocumentReply(documentUTF8Count: 4000, keystrokes: 60)
        #expect(first == b.midDocumentReply(documentUTF8Count: 4000, keystrokes: 60))
        #expect(first != c.midDocumentReply(documentUTF8Count: 4000, keystrokes: 60))
    }

    @Test func documentHasTheExactSizeAndPatterns() {
        var generator = SessionGenerator(seed: 3)
        for size in [0, 1, 280, 1024, 10_000] {
            #expect(generator.document(utf8Count: size).utf8.count == size)
        }
        let text = generator.document(utf8Count: 20_000)
        #expect(text.contains("@") && text.contains("#") && text.contains("https://"))
    }

    @Test func replyHasTheRequestedKeystrokesAndPlaysCleanly() throws {
        let generator = SessionGenerator(seed: 11)
        let session = generator.midDocumentReply(documentUTF8Count: 2000, keystrokes: 80)
        #expect(ReplayRunner.plannedKeystrokes(in: session) == 80)
        let cursor = try #require(session.cursor)
        #expect(cursor > 0 && cursor < 2000)
        let report = try ReplayRunner().run(session)
        #expect(report.keystrokes == 80)
        #expect(report.strategies.allSatisfy { $0.divergences == 0 && $0.selectionPreserved })
    }

    /// Sizes are comparable: the same reply, typed into an empty line between two posts, at every
    /// size; the drafts differ and have the exact size.
    @Test func aSeedTypesTheSameReplyBetweenPostsAtEverySize() throws {
        let generator = SessionGenerator(seed: 5)
        let sessions = [280, 1024, 10_000, 100_000].map { generator.midDocumentReply(documentUTF8Count: $0, keystrokes: 90) }
        for session in sessions {
            #expect(session.steps == sessions[0].steps)
            let bytes = Array(session.initialText.utf8)
            let cursor = try #require(session.cursor)
            #expect(bytes[cursor - 1] == UInt8(ascii: "\n") && bytes[cursor] == UInt8(ascii: "\n"), "\(session.name)")
            // Nearest the middle: no blank line is closer.
            let middle = bytes.count / 2
            for index in bytes.indices.dropFirst() where bytes[index - 1] == 10 && bytes[index] == 10 {
                #expect(abs(index - middle) >= abs(cursor - middle))
            }
        }
        #expect(Set(sessions.map(\.initialText)).count == sessions.count)
        // A draft without a blank line: the start of the word nearest the middle.
        #expect(SessionGenerator.replyCaret(in: Array("one two three four".utf8)) == 8)
    }

    @Test func committedThreadFixturesMatchTheGenerator() throws {
        // Fixtures/replays/thread-reply-{10k,100k}.json were written by
        // `highlight replay --synthetic 10k --seed 7 --emit-sessions` (then renamed).
        for (name, size) in [("thread-reply-10k", 10 << 10), ("thread-reply-100k", 100 << 10)] {
            var expected = SessionGenerator(seed: 7).midDocumentReply(documentUTF8Count: size, keystrokes: 200)
            expected.name = name
            #expect(try ReplayFixtures.session(name) == expected, "\(name)")
        }
    }
}
