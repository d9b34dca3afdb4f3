import PatternDetection
import Testing

@testable import ComposerPosts

/// The splitter on drafts whose split is known: where it cuts and why, numbering, words and
/// entities too long for a post, drafts that cannot be split.
@Suite("Thread splitting: cases")
struct ThreadSplitterTests {
    static let profiles: [LengthProfile] = [.bluesky, .twitter, .mastodon(), .mastodon(limit: 5, urlLength: 23)]

    static func texts(_ draft: String, _ profile: LengthProfile, numbering: Bool = false, rules: (any RuleSet)? = nil) throws -> [String] {
        try ThreadSplitter(profile: profile, numbering: numbering, rules: rules).split(draft).map(\.text)
    }

    @Test("A blank draft is no post; one that fits is one post, trimmed, unnumbered", arguments: profiles)
    func blankAndSingle(_ profile: LengthProfile) throws {
        for blank in ["", " ", "\n\n\t ", "\u{A0}\u{85}\u{3000}\u{2029}"] {
            #expect(try Self.texts(blank, profile, numbering: true).isEmpty)
        }
        let text = "Hi 🦋"
        let posts = try ThreadSplitter(profile: profile, numbering: true).split("\n  \(text) \r\n")
        let length = profile == .twitter ? 5 : 4  // twitter weighs an emoji 2
        #expect(posts == [ThreadPost(text: text, length: length, utf8Range: 3..<10, utf16Range: 3..<8)])
    }

    @Test("A blank line wins when it costs no extra post; fewer posts win over a better cut")
    func paragraphs() throws {
        let sentences = (1...40).map { "Sentence number \($0) is here." }
        let first = sentences[0..<6].joined(separator: " ")  // 170 characters
        let second = sentences[6..<13].joined(separator: " ")  // 199 characters
        #expect(try Self.texts(first + "\n\n" + second, .bluesky) == [first, second])
        // A, B, C of 170, 226 and 84 characters: cutting at both blank lines takes three posts, so
        // the thread of two is cut inside B, at a sentence end.
        let middle = sentences[6..<14].joined(separator: " ")
        let last = sentences[14..<17].joined(separator: " ")
        let posts = try Self.texts([first, middle, last].joined(separator: "\n\n"), .bluesky)
        #expect(posts.count == 2 && posts[0].hasPrefix(first + "\n\n") && posts[0].hasSuffix(".") && posts[1].hasSuffix(last))
    }

    @Test("A sentence end wins over a line break, which wins over a space")
    func ranks() throws {
        let profile = LengthProfile.mastodon(limit: 20, urlLength: 23)
        #expect(try Self.texts("one two. three\nfour five six", profile) == ["one two.", "three\nfour five six"])
        // Cutting after "two." would leave 25 characters for the second post.
        #expect(try Self.texts("one two. three\nfour five six seven", profile) == ["one two. three", "four five six seven"])
        #expect(try Self.texts("one two three four five six seven", profile) == ["one two three four", "five six seven"])
        // Closing marks after the stop; an ellipsis; CR LF blank lines.
        #expect(try Self.texts("one “two!” three four five six", profile) == ["one “two!”", "three four five six"])
        #expect(try Self.texts("aaaa\r\n\r\nbbbb cccc dddd eeee", profile) == ["aaaa", "bbbb cccc dddd eeee"])
    }

    @Test("Numbering is counted; a tenth post widens every suffix")
    func numbering() throws {
        let draft = Array(repeating: "abcd", count: 30).joined(separator: " ")
        let profile = LengthProfile.mastodon(limit: 19, urlLength: 23)
        #expect(try Self.texts(draft, profile).count == 8)
        // " k/9" leaves room for three words (14 + 4): ten posts, so " k/10"; then posts 10 and 11
        // (" 10/11", six characters) hold two words and one.
        let posts = try ThreadSplitter(profile: profile, numbering: true).split(draft)
        let expected = (1...9).map { "abcd abcd abcd \($0)/11" } + ["abcd abcd 10/11", "abcd 11/11"]
        #expect(posts.map(\.text) == expected)
        #expect(posts.map(\.length) == expected.map(\.count))
    }

    @Test("Inside a word too long for a post, an entity that fits is not cut", arguments: [
        (LengthProfile.bluesky, String(repeating: "x", count: 290) + "(", "https://example.com/abcdefghijklmnop)yyyy"),
        (.twitter, String(repeating: "x", count: 270) + "(", "https://example.com/abcdefghijklmnop)yyyy"),
        (.mastodon(limit: 40, urlLength: 23), String(repeating: "x", count: 36) + "(", "@user@mastodon.social)"),
    ])
    func entityInLongWord(_ profile: LengthProfile, _ before: String, _ after: String) throws {
        #expect(try Self.texts(before + after, profile) == [before, after])
    }

    @Test("--rules decides which entities are kept whole; lengths follow the profile")
    func rules() throws {
        let word = String(repeating: "x", count: 290) + "(@alice.bsky.social)"
        #expect(try Self.texts(word, .bluesky) == [String(repeating: "x", count: 290) + "(", "@alice.bsky.social)"])
        // twitter-text's mention is "@alice": the rest of the handle may be cut.
        #expect(try Self.texts(word, .bluesky, rules: TwitterRules.shared) == [String(repeating: "x", count: 290) + "(@alice.bs", "ky.social)"])
    }

    @Test("An entity or word too long for a post is cut between characters, nothing dropped")
    func tooLong() throws {
        let tag = "#" + String(repeating: "a", count: 300)
        #expect(try Self.texts(tag, .twitter) == [String(tag.prefix(280)), String(tag.dropFirst(280))])
        let link = "example.com/" + String(repeating: "b", count: 400)  // no scheme: counted as typed
        #expect(try Self.texts("see " + link, .bluesky) == ["see " + link.prefix(296), String(link.dropFirst(296))])
        // Full-width stops rank as sentence ends inside a word: every post ends after one.
        let japanese = String(repeating: "日本語の文章です。", count: 56)
        let posts = try Self.texts(japanese, .twitter)
        #expect(posts.count == 4 && posts.dropLast().allSatisfy { $0.hasSuffix("。") } && posts.joined() == japanese)
    }

    /// A profile may hold any URL length (``LengthProfile/mastodon(limit:urlLength:)`` takes it as
    /// given): a link then counts up to `Int.max`, and a numbered post's suffix is added to that
    /// count without overflowing, so such a link is cut between characters like any word too long
    /// for a post.
    @Test("A URL length near Int.max splits, numbered or not, every post valid alone", arguments: [
        Int.max, Int.max - 3, Int.max / 2 + 1, 1_000_000_000,
    ])
    func hugeURLLength(_ urlLength: Int) throws {
        let profile = LengthProfile.mastodon(limit: 500, urlLength: urlLength)
        let draft = String(repeating: "hello world https://example.com/x. ", count: 50)
        for numbering in [false, true] {
            let posts = try ThreadSplitter(profile: profile, numbering: numbering).split(draft)
            #expect(posts.count > 1)
            for post in posts {
                let alone = PostLength.report(for: post.text, profile: profile)
                #expect(alone.isValid && alone.length == post.length, "\(post.text)")
            }
            if numbering { #expect(posts.last?.text.hasSuffix(" \(posts.count)/\(posts.count)") == true) }
        }
    }

    @Test("No-break spaces, NEL and a space carrying a combining mark are no cuts")
    func notWhiteSpace() throws {
        let profile = LengthProfile.mastodon(limit: 8, urlLength: 23)
        #expect(try Self.texts("10\u{A0}km 10\u{A0}km", profile) == ["10\u{A0}km", "10\u{A0}km"])
        #expect(try Self.texts("ab\u{85}cd ef gh", profile) == ["ab\u{85}cd ef", "gh"])
        #expect(try Self.texts("abc \u{301}def ghi", profile) == ["abc \u{301}def", "ghi"])
    }

    @Test("UTF-8 and UTF-16 ranges locate each post in the draft")
    func ranges() throws {
        let draft = String(repeating: "😀 é 𝐀 ", count: 80)
        let posts = try ThreadSplitter(profile: .bluesky).split(draft)
        #expect(posts.count == 2)
        for post in posts {
            let utf8 = draft.utf8
            let lower = utf8.index(utf8.startIndex, offsetBy: post.utf8Range.lowerBound)
            let upper = utf8.index(utf8.startIndex, offsetBy: post.utf8Range.upperBound)
            #expect(String(draft[lower..<upper]) == post.text)
            #expect(post.utf16Range == draft.utf16.distance(from: draft.startIndex, to: lower)..<draft.utf16.distance(from: draft.startIndex, to: upper))
        }
    }

    @Test("bluesky: every post is at most 3,000 bytes as posted, numbering included, whatever its clusters")
    func blueskyByteLimit() throws {
        let coder = "👩🏽‍💻"  // one cluster, 15 bytes
        // Six lines of 130 clusters and 1,525 bytes: two would fit in 300 clusters, not in 3,000 bytes.
        let lines = String(repeating: "word word word word word " + String(repeating: coder, count: 100) + "\n", count: 6)
        for numbering in [false, true] {
            let posts = try ThreadSplitter(profile: .bluesky, numbering: numbering).split(lines)
            #expect(posts.count == 6)
            for post in posts { #expect(PostLength.report(for: post.text, profile: .bluesky).isValid) }
        }
        // 2,998 bytes in 212 clusters fit alone, but not with " 1/2" after them: the word is cut.
        let word = String(repeating: coder, count: 199) + "abcdefghijklm"
        #expect(PostLength.report(for: word, profile: .bluesky).isValid)
        let numbered = try ThreadSplitter(profile: .bluesky, numbering: true).split(word + " " + word)
        #expect(numbered.count == 3)
        for post in numbered {
            let report = PostLength.report(for: post.text, profile: .bluesky)
            #expect(report.isValid, "\(post.text.utf8.count) bytes")
        }
        // A single cluster of 3,001 bytes fits no post.
        let zalgo = "a" + String(repeating: "\u{301}", count: 1_500)
        #expect(throws: ThreadSplitError.unsplittable(TextRange(utf8: 3..<3_004, utf16: 3..<1_504))) {
            try ThreadSplitter(profile: .bluesky).split("ok " + zalgo)
        }
    }

    @Test("A character no post can hold makes the draft unsplittable")
    func unsplittable() throws {
        #expect(throws: ThreadSplitError.unsplittable(TextRange(utf8: 6..<9, utf16: 6..<7))) {
            try ThreadSplitter(profile: .twitter).split("hello \u{FEFF} world")
        }
        let zalgo = "a" + String(repeating: "\u{301}", count: 300)
        #expect(throws: ThreadSplitError.unsplittable(TextRange(utf8: 3..<604, utf16: 3..<304))) {
            try ThreadSplitter(profile: .twitter).split("ok " + zalgo)
        }
        // No room for " 1/9" in three characters.
        let tiny = LengthProfile.mastodon(limit: 3, urlLength: 23)
        #expect(try Self.texts("aa bb cc dd", tiny) == ["aa", "bb", "cc", "dd"])
        #expect(throws: ThreadSplitError.self) { try ThreadSplitter(profile: tiny, numbering: true).split("aa bb cc dd") }
    }
}
