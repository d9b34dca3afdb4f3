import Benchmark
import ComposerPosts
import ComposerText
import Foundation
import KeystrokeReplay
import PatternDetection

/// What length tracking costs per keystroke: a reply typed a character at a time into the middle
/// of generated thread drafts of 1 KB … 1 MB (`SessionGenerator`, as the keystroke benchmarks),
/// with the three profiles tracked and their reports read after every keystroke; and counting a
/// fresh 300-character post. Each iteration is one keystroke; only the named work is measured.
///
/// - "length update": `DraftLength.apply` reading the edited line out of the composer's
///   `AttributedString`, then the three reports. "300B post": the same, typing at the end of a
///   one-line 300-character post (over twitter's limit, so its cut is counted again each time).
/// - "composer keystroke": `ComposerHighlighter.replace` with the localized strategy, with length
///   tracking off, and on (plus the three reports): the difference is what tracking adds.
let benchmarks: @Sendable () -> Void = {
    let profiles: [LengthProfile] = [.bluesky, .twitter, .mastodon()]
    let sizes = [(0, "300B post"), (1 << 10, "1KB"), (10 << 10, "10KB"), (100 << 10, "100KB"), (1 << 20, "1MB")]
    let keystroke = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], warmupIterations: 5, maxDuration: .seconds(2), maxIterations: 400)

    for (bytes, label) in sizes {
        Benchmark("length update \(label)", configuration: keystroke) { (benchmark: Benchmark, state: DraftState) in
            let edit = state.typeOne()
            let text = state.text
            benchmark.startMeasurement()
            state.draft.apply(edit, newUTF8Count: text.utf8.count) { range in
                // As the composer reads: lines start and end on cluster boundaries.
                let lower = text.utf8.index(text.utf8.startIndex, offsetBy: range.lowerBound)
                return String(text.characters[lower..<text.utf8.index(lower, offsetBy: range.count)])
            }
            for profile in profiles { blackHole(state.draft.report(for: profile)) }
            benchmark.stopMeasurement()
        } setup: {
            DraftState(documentBytes: bytes, profiles: profiles)
        }

        for tracking in [false, true] {
            let name = "composer keystroke \(tracking ? "+ length" : "no length") \(label)"
            Benchmark(name, configuration: keystroke) { (benchmark: Benchmark, state: ComposerState) in
                let character = state.nextCharacter()
                benchmark.startMeasurement()
                let change = state.composer.replace(utf8Range: state.caret..<state.caret, with: character)
                if tracking, let change {
                    state.length.apply(change, in: state.composer)
                    for profile in profiles { blackHole(state.length.report(for: profile)) }
                }
                benchmark.stopMeasurement()
                state.caret += character.utf8.count
            } setup: {
                ComposerState(documentBytes: bytes, profiles: tracking ? profiles : [])
            }
        }
    }

    let fresh = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], warmupIterations: 100, maxDuration: .seconds(2), maxIterations: 20_000)
    Benchmark("fresh 300 chars: DraftLength, three reports", configuration: fresh) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(DraftLength(text: post, profiles: profiles).reports())
        }
    }
    Benchmark("fresh 300 chars: PostLength.reports", configuration: fresh) { (benchmark: Benchmark) in
        for _ in benchmark.scaledIterations {
            blackHole(PostLength.reports(for: post, profiles: profiles))
        }
    }
}

/// The 300-character post of the length benchmarks: a link, a handle, emoji (one a ZWJ sequence).
let post: String = {
    var text = "Reading the notes at https://swift.org/blog/swift-6-released/ with @alice.bsky.social 🎉👩‍💻 and "
    let filler = "typing a reply about grapheme clusters, weights and limits; "
    while text.count < 300 { text += filler }
    return String(text.prefix(300))
}()

/// A generated thread draft of `bytes` bytes and the caret in its middle (`SessionGenerator`'s
/// reply caret); for 0, the 300-character post and its end.
func draftAndCaret(_ bytes: Int) -> (String, Int) {
    guard bytes > 0 else { return (post, post.utf8.count) }
    let session = SessionGenerator(seed: UInt64(bytes)).midDocumentReply(documentUTF8Count: bytes, keystrokes: 1)
    return (session.initialText, session.cursor ?? 0)
}

/// What the reply types, a character at a time, over and over (the keystroke benchmarks' reply).
let replyCharacters: [String] = "reply to @alice.bsky.social about #swift see https://swift.org ok ".map(String.init)

/// A generated draft in an `AttributedString` with the caret in its middle, and its length
/// tallies; `typeOne()` inserts the next reply character (not measured).
final class DraftState {
    var text: AttributedString
    var draft: DraftLength
    private var caret: Int
    private var typed = 0

    /// `documentBytes` 0: the 300-character post, caret at its end.
    init(documentBytes: Int, profiles: [LengthProfile]) {
        let (initial, cursor) = draftAndCaret(documentBytes)
        text = AttributedString(initial)
        draft = DraftLength(text: initial, profiles: profiles)
        caret = cursor
    }

    func typeOne() -> TextEdit {
        let character = replyCharacters[typed % replyCharacters.count]
        typed += 1
        let index = text.utf8.index(text.utf8.startIndex, offsetBy: caret)
        text.unicodeScalars.insert(contentsOf: character.unicodeScalars, at: index)
        defer { caret += character.utf8.count }
        return TextEdit(start: caret, oldEnd: caret, newEnd: caret + character.utf8.count)
    }
}

/// A composer (localized strategy, bluesky rules) on a generated draft, caret in the middle.
final class ComposerState {
    var composer: ComposerHighlighter
    /// Follows the composer's changes (counting nothing when no profile is asked for).
    var length: DraftLength
    var caret: Int
    private var typed = 0

    init(documentBytes: Int, profiles: [LengthProfile]) {
        let (initial, cursor) = draftAndCaret(documentBytes)
        composer = ComposerHighlighter(text: initial, rules: BlueskyRules.shared, strategy: .localized)
        length = DraftLength(composer: composer, profiles: profiles)
        caret = cursor
    }

    func nextCharacter() -> String {
        defer { typed += 1 }
        return replyCharacters[typed % replyCharacters.count]
    }
}
