import PatternDetection
/// Seeded, deterministic synthetic sessions: a thread draft of a chosen size, and a reply typed
/// into its middle with a mention, a hashtag and a link, typos and their backspaces.
///
/// The same seed and parameters give the same session on every platform (the generator uses its
/// own SplitMix64, never the system's random source). ``midDocumentReply(name:rules:documentUTF8Count:keystrokes:)``
/// types the same reply, in the same surroundings (an empty line), into the drafts of every size
/// a seed generates: only the document's length differs, so sizes can be compared.
///
/// ```swift
/// let generator = SessionGenerator(seed: 1)
/// let session = generator.midDocumentReply(documentUTF8Count: 100_000, keystrokes: 200)
/// ```
public struct SessionGenerator: Sendable {
    private let seed: UInt64
    private var random: SplitMix64

    public init(seed: UInt64) {
        self.seed = seed
        random = SplitMix64(seed: seed)
    }

    private static let words = [
        "the", "composer", "keeps", "every", "tag", "while", "you", "type", "and", "a", "thread", "grows",
        "long", "replies", "quote", "posts", "links", "people", "read", "write", "today", "about", "swift",
        "text", "editor", "run", "keystroke", "window", "café", "naïve", "über", "日本語", "emoji", "😀",
        "🎉", "is", "of", "to", "in", "it", "that", "this", "with", "for", "on", "we", "they", "again",
    ]
    private static let handles = ["alice.bsky.social", "bob.test", "carol.example.com", "dan.bsky.team"]
    private static let tags = ["swift", "composer", "bluesky", "textediting", "日本", "tag2024"]
    private static let links = [
        "https://swift.org/blog", "https://bsky.app/profile/alice.bsky.social", "example.com/a/b?c=d",
        "https://github.com/apple/swift-foundation/issues/1", "docs.example.org",
    ]

    private mutating func pick(_ items: [String]) -> String {
        items[Int(random.next() % UInt64(items.count))]
    }

    /// One token of post text: mostly words, sometimes a mention, hashtag, link or cashtag.
    private mutating func token() -> String {
        switch random.next() % 40 {
        case 0, 1: return "@" + pick(Self.handles)
        case 2, 3: return "#" + pick(Self.tags)
        case 4: return pick(Self.links)
        case 5: return "$AAPL"
        default: return pick(Self.words)
        }
    }

    /// Post-like text of exactly `utf8Count` bytes: sentences of words with mentions, hashtags,
    /// links and cashtags, posts separated by blank lines, padded with spaces at the end.
    public mutating func document(utf8Count: Int) -> String {
        var text = ""
        var bytes = 0
        var wordsInPost = 0
        while true {
            var piece = token()
            wordsInPost += 1
            if wordsInPost > 30 + Int(random.next() % 30) {
                piece += ".\n\n"
                wordsInPost = 0
            } else {
                piece += " "
            }
            let length = piece.utf8.count
            if bytes + length > utf8Count { break }
            text += piece
            bytes += length
        }
        text += String(repeating: " ", count: utf8Count - bytes)
        return text
    }

    /// The session's steps for a reply typed at the caret: words, a mention, a hashtag and a link,
    /// each typed a character at a time, with a typo fixed by backspaces every few words, until
    /// `keystrokes` keystrokes.
    public mutating func replySteps(keystrokes: Int) -> [ReplayStep] {
        var steps: [ReplayStep] = []
        var count = 0
        while count < keystrokes {
            var word = token() + " "
            if random.next() % 6 == 0, count + 4 < keystrokes {
                // A typo: two wrong letters, then two backspaces.
                steps.append(.type("xq"))
                steps.append(.backspace(2))
                count += 4
            }
            let remaining = keystrokes - count
            if word.count > remaining { word = String(word.prefix(remaining)) }
            steps.append(.type(word))
            count += word.count
        }
        return steps
    }

    /// A reply typed into the middle of a `documentUTF8Count`-byte thread draft: the caret is put
    /// in the empty line between the two posts nearest the middle (or, in a draft of one post, at
    /// the start of the word nearest the middle).
    ///
    /// The draft depends on the seed and its size; the reply on the seed alone. So a seed types the
    /// same reply between two posts at every size, and a size's session does not depend on what
    /// else was generated. Does not advance this generator.
    public func midDocumentReply(
        name: String? = nil, rules: String = "bluesky", documentUTF8Count: Int, keystrokes: Int = 200
    ) -> ReplaySession {
        var drafts = SessionGenerator(seed: seed &* 1_000_003 &+ UInt64(documentUTF8Count))
        var replies = SessionGenerator(seed: seed)
        let text = drafts.document(utf8Count: documentUTF8Count)
        return ReplaySession(
            name: name ?? "synthetic-\(documentUTF8Count)B", rules: rules, initialText: text,
            cursor: Self.replyCaret(in: Array(text.utf8)), steps: replies.replySteps(keystrokes: keystrokes))
    }

    /// Between the two newlines of the blank line nearest the middle of `bytes`; without one, the
    /// start of the word nearest the middle.
    static func replyCaret(in bytes: [UInt8]) -> Int {
        let middle = bytes.count / 2
        let newline = UInt8(ascii: "\n")
        var best: Int?
        for index in bytes.indices.dropFirst() where bytes[index - 1] == newline && bytes[index] == newline {
            if best.map({ abs(index - middle) < abs($0 - middle) }) ?? true { best = index }
        }
        if let best { return best }
        var caret = middle
        while caret > 0, bytes[caret - 1] != UInt8(ascii: " ") { caret -= 1 }
        return caret
    }
}
