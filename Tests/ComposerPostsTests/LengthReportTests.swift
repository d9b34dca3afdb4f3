import Foundation
import PatternDetection
import Testing

@testable import ComposerPosts

/// The report's shape: ranges, slices, entities as units, cross-posting, and the cases the
/// references treat in their own way.
@Suite("Post length: reports")
struct LengthReportTests {
    static let mastodon = LengthProfile.mastodon()
    static let all: [LengthProfile] = [.bluesky, .twitter, mastodon]

    static func report(_ text: String, _ profile: LengthProfile, contentWarning: String = "") throws -> LengthReport {
        PostLength.report(for: text, profile: profile, contentWarning: contentWarning)
    }

    @Test("Valid range and overflow split the text, in UTF-8 and UTF-16 alike", arguments: all)
    func rangesPartitionTheText(_ profile: LengthProfile) throws {
        let text = String(repeating: "word 😀 日本 ", count: 80) + "https://example.com/a/long/path @alice@example.social"
        let report = try Self.report(text, profile)
        #expect(report.length > report.limit && !report.isValid && report.remaining == report.limit - report.length)
        let overflow = try #require(report.overflow)
        #expect(report.validRange.utf8.lowerBound == 0 && overflow.utf8.lowerBound == report.validRange.utf8.upperBound)
        #expect(overflow.utf8.upperBound == text.utf8.count && overflow.utf16.upperBound == text.utf16.count)
        #expect(overflow.utf16.lowerBound == report.validRange.utf16.upperBound)
        let cut = String.Index(utf16Offset: report.validRange.utf16.upperBound, in: text)
        #expect(text.utf8.distance(from: text.startIndex, to: cut) == report.validRange.utf8.upperBound)
        // The valid prefix alone fits.
        let prefix = String(text[..<cut])
        #expect(try Self.report(prefix, profile).length <= report.limit)
        #expect(try Self.report("fits", profile).overflow == nil)
    }

    @Test("Only length makes an overflow: a twitter text refused for U+FEFF within the limit has none")
    func aRefusedCharacterIsNoOverflow() {
        let report = PostLength.report(for: "ab\u{FEFF}cd", profile: .twitter)
        #expect(!report.isValid && report.length <= report.limit)
        #expect(report.overflow == nil)
        #expect(report.validRange.utf8 == 0..<2 && report.validRange.utf16 == 0..<2, "twitter-text's valid range ends before it")
    }

    @Test("A slice counts as the same text posted alone, with the whole text's offsets", arguments: all)
    func slicesCountAlone(_ profile: LengthProfile) throws {
        let first = "Thread start: see https://swift.org/documentation and ping @bob@example.social 👨‍👩‍👧‍👦"
        let second = "Part two, café e\u{301} 𝐀 #tag https://bsky.app/profile/alice.bsky.social @alice.bsky.social ✌🏽"
        let draft = first + "\n\n" + second
        let counter = PostLengthCounter(text: draft, profiles: Self.all)
        let start = first.utf8.count + 2
        let slice = counter.report(for: profile, utf8Range: start..<draft.utf8.count)
        let alone = try Self.report(second, profile)
        #expect(slice.length == alone.length && slice.isValid == alone.isValid)
        #expect(slice.validRange.utf8 == (start + alone.validRange.utf8.lowerBound)..<(start + alone.validRange.utf8.upperBound))
        let startUTF16 = first.utf16.count + 2
        #expect(slice.validRange.utf16 == (startUTF16 + alone.validRange.utf16.lowerBound)..<(startUTF16 + alone.validRange.utf16.upperBound))
        #expect(counter.report(for: profile, utf8Range: 0..<first.utf8.count) == (try Self.report(first, profile)))
    }

    @Test("Every slice between two spaces counts as posted alone, the entities before and after it left out", arguments: all)
    func everySliceBetweenSpacesCountsAlone(_ profile: LengthProfile) throws {
        let words = [
            "see", "https://example.com/one", "@bob@example.social", "and", "example.org/two/three", "#tag",
            "@alice.bsky.social", "https://bsky.app/profile/x", "e\u{301}", "www.example.net", "end",
        ]
        let draft = words.joined(separator: " ")
        let bytes = Array(draft.utf8)
        let spaces = bytes.indices.filter { bytes[$0] == 0x20 }
        let starts = [0] + spaces.map { $0 + 1 }
        let ends = spaces + [bytes.count]
        let counter = PostLengthCounter(text: draft, profiles: Self.all)
        let spans = withUTF8Bytes(of: draft) { bytes in BlueskyRules.shared.spans(in: bytes) }
        let givenBackwards = PostLengthCounter(text: draft, profiles: Self.all, blueskySpans: spans.reversed())
        for start in starts {
            for end in ends where end > start {
                let text = String(decoding: bytes[start..<end], as: UTF8.self)
                let alone = try Self.report(text, profile)
                let slice = counter.report(for: profile, utf8Range: start..<end)
                #expect(slice.length == alone.length, "\(start)..<\(end)")
                if let posted = Self.postedForm(of: text, profile) { #expect(slice.length == posted.count, "\(text)") }
                #expect(slice.validRange.utf8.count == alone.validRange.utf8.count, "\(start)..<\(end)")
                #expect(givenBackwards.report(for: profile, utf8Range: start..<end) == slice)
            }
        }
    }

    @Test("A slice that cuts a Mastodon link at the white space its query holds counts as posted alone")
    func sliceCuttingAMastodonLink() throws {
        let draft = "see https://example.com/p?q=x\u{2003}y and more"
        let emSpace = try #require(draft.utf8.firstIndex(of: 0xE2).map { draft.utf8.distance(from: draft.startIndex, to: $0) })
        let counter = PostLengthCounter(text: draft, profiles: [Self.mastodon])
        // The whole text's link runs past the em space; each slice alone holds a shorter one.
        let whole = withUTF8Bytes(of: draft) { MastodonRules.shared.countedSpans(in: $0) }
        #expect(whole.map(\.utf8Range) == [4..<(emSpace + 4)])
        for range in [0..<emSpace, (emSpace + 3)..<draft.utf8.count, 4..<emSpace] {
            let alone = try Self.report(String(decoding: Array(draft.utf8)[range], as: UTF8.self), Self.mastodon)
            let slice = counter.report(for: Self.mastodon, utf8Range: range)
            #expect(slice.length == alone.length && slice.isValid == alone.isValid, "\(range)")
            #expect(slice.validRange.utf8.count == alone.validRange.utf8.count, "\(range)")
        }
    }

    /// Found by the thread soak at ten times its size: a link without a protocol swallows the
    /// white space (not a `mastodon` separator) and the link after it in the whole text, so the
    /// whole text has no entity there, while a post of the slice after that white space holds a
    /// link, counted as 23.
    @Test("A slice that starts inside a Mastodon word counts as posted alone")
    func sliceStartingInsideAMastodonWord() throws {
        let link = "https://example.com/" + String(repeating: "p", count: 60)
        let draft = "www.example.org/a?b=c#d\u{205F}" + link + " end"
        let whole = withUTF8Bytes(of: draft) { MastodonRules.shared.countedSpans(in: $0) }
        #expect(whole.isEmpty, "the reference's scan: no link in the whole text")
        let start = draft.utf8.count - link.utf8.count - 4
        let counter = PostLengthCounter(text: draft, profiles: [Self.mastodon])
        for range in [start..<draft.utf8.count, start..<(draft.utf8.count - 4), 0..<(start - 3)] {
            let alone = try Self.report(String(decoding: Array(draft.utf8)[range], as: UTF8.self), Self.mastodon)
            let slice = counter.report(for: Self.mastodon, utf8Range: range)
            #expect(slice.length == alone.length && slice.isValid == alone.isValid, "\(range)")
        }
        #expect(counter.report(for: Self.mastodon, utf8Range: start..<draft.utf8.count).length == 27)
    }

    /// What `bluesky` and `mastodon` count, built without the counter: the text with each link
    /// shortened as the Bluesky app posts it, or with each URL as 23 `x`s and each mention as its
    /// `@user`; nil for `twitter`.
    static func postedForm(of text: String, _ profile: LengthProfile) -> String? {
        let bytes = Array(text.utf8)
        let spans: [Span]
        switch profile {
        case .bluesky: spans = withUTF8Bytes(of: text) { BlueskyRules.shared.spans(in: $0).filter { $0.kind == .url } }
        case .mastodon: spans = withUTF8Bytes(of: text) { MastodonRules.shared.countedSpans(in: $0) }
        case .twitter: return nil
        }
        var posted = "", position = 0
        for span in spans {
            posted += String(decoding: bytes[position..<span.utf8Range.lowerBound], as: UTF8.self)
            let entity = String(decoding: bytes[span.utf8Range], as: UTF8.self)
            switch (profile, span.kind) {
            case (.bluesky, _): posted += BlueskyLinkShortening.shortText(ofLink: entity[...])
            case (_, .mention): posted += "@" + entity.split(separator: "@")[0]
            default: posted += String(repeating: "x", count: 23)
            }
            position = span.utf8Range.upperBound
        }
        return posted + String(decoding: bytes[position...], as: UTF8.self)
    }

    @Test("Cross-posting: one counter, one scan per rule set, the same reports as one profile at a time")
    func crossPosting() throws {
        let text = "Launch day! https://example.com/launch @team@example.social 🚀 #release"
        let together = PostLength.reports(for: text, profiles: Self.all)
        #expect(together == (try Self.all.map { try Self.report(text, $0) }))
        let spans = withUTF8Bytes(of: text) { bytes in BlueskyRules.shared.spans(in: bytes) }
        #expect(PostLengthCounter(text: text, profiles: Self.all, blueskySpans: spans).reports(for: Self.all) == together)
    }

    @Test("A link, a URL or a mention fits whole or the valid range ends before it")
    func entitiesAreUnits() throws {
        let link = "https://example.com/abcdef"  // posted as "example.com/abcdef": 18 clusters
        let bluesky = try Self.report(String(repeating: "a", count: 290) + " " + link, .bluesky)
        #expect(bluesky.length == 291 + 18 && bluesky.validRange.utf8 == 0..<291)
        let mastodon = try Self.report(String(repeating: "a", count: 490) + " " + link, Self.mastodon)
        #expect(mastodon.length == 491 + 23 && mastodon.validRange.utf8 == 0..<491)
        let mention = try Self.report(String(repeating: "a", count: 495) + " @someone@example.social", Self.mastodon)
        #expect(mention.length == 496 + "@someone".count && mention.validRange.utf8 == 0..<496)
    }

    @Test("A cut never splits a cluster that joins text to a replaced entity")
    func prependedEntity() throws {
        // U+0600 (a prepended concatenation mark) joins the URL's first `x` in the rewritten text.
        let report = try Self.report("aaaa \u{0600}https://example.com/path", .mastodon(limit: 10, urlLength: 23))
        #expect(report.length == 28 && report.validRange.utf8 == 0..<5)
    }

    @Test("mastodon: URLs count 23 whatever their length, remote mentions as @user, content warning first")
    func mastodonCounting() throws {
        #expect(try Self.report("x=@alice@example.social /@bob@example.social", Self.mastodon).length == 44)
        #expect(try Self.report("x @alice@example.social: @bob@example.social@", Self.mastodon).length == 30)
        #expect(try Self.report("https://example.com/" + String(repeating: "x", count: 200), Self.mastodon).length == 23)
        #expect(try Self.report("example.com/no-scheme", Self.mastodon).length == 21)
        #expect(try Self.report("hi @alice@mastodon.social", Self.mastodon).length == 9)
        #expect(try Self.report("hi", .mastodon(limit: 10, urlLength: 5), contentWarning: "CW ").length == 5)
        let blank = try Self.report(" \n\u{3000}", Self.mastodon, contentWarning: "spoiler")
        #expect(blank.length == 7 && blank.isValid && blank.validRange.utf8 == 0..<5)
        let overWarning = try Self.report("text", .mastodon(limit: 3, urlLength: 23), contentWarning: "long warning")
        #expect(overWarning.validRange.utf8 == 0..<0 && overWarning.overflow?.utf8 == 0..<4)
    }

    /// An instance may declare any URL length (the library takes it as given): each URL's `x`s
    /// are counted, never written out, so a billion costs nothing, and counts saturate at
    /// `Int.max` instead of trapping. The whole text and the composer's count agree.
    @Test("mastodon: a URL length of any size is counted, not written out, and counts saturate", arguments: [
        (1_000_000_000, "hi https://a.com x", 1_000_000_000 + 5),
        (1_000_000_000, "https://a.com https://b.com", 2_000_000_001),
        (Int.max, "https://a.com", Int.max),
        (Int.max, "https://a.com https://b.com @c@d.social", Int.max),
        (Int.max / 2 + 1, "https://a.com https://b.com", Int.max),
    ])
    func mastodonHugeURLLength(urlLength: Int, text: String, expected: Int) throws {
        for limit in [500, Int.max] {
            let profile = LengthProfile.mastodon(limit: limit, urlLength: urlLength)
            let report = try Self.report(text, profile)
            #expect(report.length == expected, "\(text) limit \(limit)")
            // A limit of Int.max takes any count, a saturated one too.
            #expect(report.isValid == (expected <= limit))
            #expect(report.isValid ? report.permillage <= 1000 : report.permillage > 1000)
            #expect(DraftLength(text: text, profiles: [profile]).reports() == [report])
        }
        // Under a limit that the first URL passes, the valid range stops before it.
        let longer = "ok " + text
        let firstURL = try #require(longer.utf8.firstRange(of: "https".utf8)).lowerBound
        let cut = try Self.report(longer, .mastodon(limit: 8, urlLength: urlLength))
        #expect(!cut.isValid && cut.validRange.utf8.upperBound <= longer.utf8.distance(from: longer.startIndex, to: firstURL))
    }

    @Test("mastodon: the instance document gives the limits, from Data or bytes; anything else is refused with the reason")
    func mastodonInstanceDocument() throws {
        let document = #"{"uri":"example.social","configuration":{"statuses":{"max_characters":1000,"characters_reserved_per_url":19,"max_media_attachments":4}}}"#
        let instance = try MastodonInstance(json: Data(document.utf8))
        #expect(instance == MastodonInstance(maxCharacters: 1000, charactersReservedPerURL: 19))
        #expect(try MastodonInstance(json: Array(document.utf8)) == instance)
        let report = try Self.report("see https://example.com/" + String(repeating: "x", count: 50), .mastodon(instance: instance))
        #expect(report.limit == 1000 && report.length == 4 + 19)
        for (bad, reason) in [
            ("{}", "missing configuration"), ("[]", "not an instance document"),
            (#"{"configuration":{"statuses":{"max_characters":0,"characters_reserved_per_url":23}}}"#, "at least 1, not 0"),
            (#"{"configuration":{"statuses":{"max_characters":500,"characters_reserved_per_url":-1}}}"#, "at least 0, not -1"),
            (#"{"configuration":{"statuses":{"max_characters":"500","characters_reserved_per_url":23}}}"#, "max_characters"),
            // A fraction is named as one (the decoder itself says the document is not JSON).
            (#"{"configuration":{"statuses":{"max_characters":500.5,"characters_reserved_per_url":23}}}"#,
             "configuration.statuses.max_characters must be a whole number, not 500.5"),
        ] {
            #expect {
                _ = try MastodonInstance(json: Data(bad.utf8))
            } throws: { error in
                "\(error)".contains(reason)
            }
        }
        // A reason about the whole document follows the colon after the endpoint directly.
        for bad in ["[]", "42", "not json", #"{"configuration":[]}"#] {
            #expect {
                _ = try MastodonInstance(json: Data(bad.utf8))
            } throws: { error in
                !"\(error)".contains(": :") && "\(error)".hasPrefix("not an instance document (GET /api/v2/instance): ")
            }
        }
    }

    /// The instance document is remote data: numbers past 1,000,000 are refused like negative
    /// ones, with the member and the number named, before they reach a count.
    @Test("mastodon: an instance document's numbers above 1,000,000 are refused; 1,000,000 is taken")
    func mastodonInstanceDocumentBounds() throws {
        func document(_ maxCharacters: String, _ urlLength: String) -> Data {
            Data(#"{"configuration":{"statuses":{"max_characters":\#(maxCharacters),"characters_reserved_per_url":\#(urlLength)}}}"#.utf8)
        }
        #expect(
            try MastodonInstance(json: document("1000000", "1000000"))
                == MastodonInstance(maxCharacters: 1_000_000, charactersReservedPerURL: 1_000_000))
        for (maxCharacters, urlLength, reason) in [
            ("1000001", "23", "max_characters must be at most 1000000, not 1000001"),
            ("9223372036854775807", "23", "max_characters must be at most 1000000, not 9223372036854775807"),
            ("500", "1000001", "characters_reserved_per_url must be at most 1000000, not 1000001"),
            ("500", "9223372036854775807", "characters_reserved_per_url must be at most 1000000, not 9223372036854775807"),
        ] {
            #expect {
                _ = try MastodonInstance(json: document(maxCharacters, urlLength))
            } throws: { error in
                "\(error)" == "configuration.statuses." + reason
            }
        }
    }

    /// A profile or an instance made in code holds any numbers: a link length below 0 counts as
    /// 0 wherever the profile counts, the composer's count and the splitter included.
    @Test("mastodon: a URL length below 0 counts as 0", arguments: [-1, -23, Int.min])
    func mastodonNegativeURLLength(urlLength: Int) throws {
        let text = "see https://example.com/x and @alice@example.social"
        let zero = try Self.report(text, .mastodon(limit: 500, urlLength: 0))
        #expect(zero.length == 15)
        for profile in [
            LengthProfile.mastodon(limit: 500, urlLength: urlLength),
            .mastodon(instance: MastodonInstance(maxCharacters: 500, charactersReservedPerURL: urlLength)),
        ] {
            let report = try Self.report(text, profile)
            #expect(report.length == zero.length && report.isValid && report.remaining == 500 - zero.length)
            #expect(DraftLength(text: text, profiles: [profile]).reports() == [report])
            #expect(DraftLength(text: text, profiles: [profile, .mastodon(limit: 500, urlLength: 5)]).reports()[0] == report)
        }
        let posts = try ThreadSplitter(profile: .mastodon(limit: 12, urlLength: urlLength), numbering: true).split(text)
        // "see  and" and a suffix fill the 12 characters: the link counts nothing.
        #expect(posts.map(\.text) == ["see https://example.com/x and 1/2", "@alice@example.social 2/2"])
    }

    /// A limit below 1 is taken as given: only a blank text (counting 0) fits a limit of 0,
    /// nothing fits a negative one, and `remaining` stays in `Int`'s range however far below 0
    /// the limit is.
    @Test("mastodon: a limit below 1 fits no text that counts anything, and nothing traps", arguments: [0, -1, Int.min])
    func mastodonLimitBelowOne(limit: Int) throws {
        let text = "hello https://example.com/x @alice@example.social wörld 😀"
        for urlLength in [23, 0, -1, Int.max] {
            let profile = LengthProfile.mastodon(limit: limit, urlLength: urlLength)
            let report = try Self.report(text, profile, contentWarning: "cw")
            #expect(!report.isValid && report.validRange.utf8 == 0..<0 && report.overflow?.utf8 == 0..<text.utf8.count)
            #expect(report.permillage == 0)
            let (exact, overflow) = limit.subtractingReportingOverflow(report.length)
            #expect(report.remaining == (overflow ? Int.min : exact))
            #expect(DraftLength(text: text, profiles: [profile], contentWarning: "cw").reports() == [report])
            let blank = try Self.report(" \n", profile)
            #expect(blank.length == 0 && blank.isValid == (limit == 0) && blank.remaining == limit)
            for numbering in [false, true] {
                #expect(throws: ThreadSplitError.self) { try ThreadSplitter(profile: profile, numbering: numbering).split(text) }
            }
        }
    }

    @Test("twitter: emoji as twemoji-parser 11 sees them")
    func twitterEmoji() throws {
        let lengths: [(String, Int)] = [
            ("👨‍👩‍👧‍👦", 2), ("🇺🇸", 2), ("1⃣", 2), ("1\u{FE0F}\u{20E3}", 2), ("👍🏽", 2), ("🏳️‍🌈", 2),
            ("©", 1), ("©\u{FE0F}", 2), ("™", 2), ("☺", 2), ("☺\u{FE0E}", 4), ("😀\u{FE0F}", 4), ("🫠", 2),
            ("𝐀", 2), ("e\u{301}", 1), ("\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", 2),
        ]
        for (text, length) in lengths {
            #expect(try Self.report(text, .twitter).length == length, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test("twitter: the emoji sequences twemoji-parser 11 reports, one by one")
    func emojiEntities() {
        let cases: [(String, [String])] = [
            ("☺\u{FE0E}", []), ("☺\u{FE0F}", ["☺\u{FE0F}"]), ("😀\u{FE0F}", ["😀", "\u{FE0F}"]), ("©", []),
            ("☝\u{FE0F}🏻x", ["☝\u{FE0F}🏻"]), ("👁\u{200D}🗨", ["👁\u{200D}🗨"]), ("🇺🇸🇬", ["🇺🇸", "🇬"]),
            ("#⃣ 5\u{FE0F}\u{20E3}", ["#⃣", "5\u{FE0F}\u{20E3}"]), ("👨‍🦰", ["👨‍🦰"]), ("🦰", []), ("\u{E50A}", ["\u{E50A}"]),
        ]
        for (text, expected) in cases {
            let found = withUTF8Bytes(of: text) { bytes in
                EmojiTrie.sequences(in: bytes, range: 0..<bytes.count).map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
            }
            #expect(found == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test("twitter: invalid characters, empty text, and the valid range's shift by NFC")
    func twitterQuirks() throws {
        let bom = try Self.report("abc\u{FEFF}def", .twitter)
        #expect(!bom.isValid && bom.length == 8 && bom.validRange.utf16 == 0..<3 && bom.overflow == nil)
        let empty = try Self.report("", .twitter)
        #expect(!empty.isValid && empty.validRange == TextRange(utf8: 0..<0, utf16: 0..<0))
        // NFC removes one unit after the cut; twitter-text still shifts the end by it, into the
        // middle of 𝐀's surrogate pair: UTF-16 keeps that, UTF-8 stops before 𝐀.
        let shifted = try Self.report(String(repeating: "a", count: 279) + "𝐀e\u{301}", .twitter)
        #expect(shifted.length == 282 && shifted.validRange.utf16 == 0..<280 && shifted.validRange.utf8 == 0..<279)
    }

    @Test("Text repaired with U+FFFD counts like any other character", arguments: all)
    func replacementCharacters(_ profile: LengthProfile) throws {
        let text = String(decoding: [0x61, 0xFF, 0x62, 0xE2, 0x82], as: UTF8.self)
        #expect(text == "a\u{FFFD}b\u{FFFD}")
        let report = try Self.report(text, profile)
        #expect(report.length == (profile == .twitter ? 6 : 4) && report.isValid)
        #expect(report.validRange.utf8 == 0..<text.utf8.count && report.validRange.utf16 == 0..<4)
    }

    @Test("bluesky: empty text is not a post; 300 clusters are")
    func blueskyBounds() throws {
        #expect(try !Self.report("", .bluesky).isValid)
        let full = try Self.report(String(repeating: "🦋", count: 300), .bluesky)
        #expect(full.length == 300 && full.isValid && full.permillage == 1000 && full.overflow == nil)
        // 300 families are 300 clusters too, but 7,500 bytes: the server refuses them.
        let families = try Self.report(String(repeating: "👨‍👩‍👧‍👦", count: 300), .bluesky)
        #expect(families.length == 300 && !families.isValid && families.validRange.utf8 == 0..<3_000)
        let over = try Self.report(String(repeating: "é", count: 301), .bluesky)
        #expect(over.validRange.utf8 == 0..<600 && over.overflow?.utf16 == 300..<301)
    }
    @Test("bluesky: the text as posted may have 3,000 UTF-8 bytes, whatever its clusters")
    func blueskyByteLimit() throws {
        let coder = "👩🏽‍💻"  // one cluster, 15 bytes, 7 UTF-16 units
        let full = try Self.report(String(repeating: coder, count: 200), .bluesky)
        #expect(full.length == 200 && full.isValid && full.overflow == nil && full.validRange.utf8 == 0..<3000)
        let over = try Self.report(String(repeating: coder, count: 201), .bluesky)
        #expect(over.length == 201 && over.remaining == 99 && !over.isValid)
        #expect(over.validRange.utf8 == 0..<3000 && over.validRange.utf16 == 0..<1400)
        #expect(over.overflow?.utf8 == 3000..<3015 && over.overflow?.utf16 == 1400..<1407)
        // The cut falls at a cluster boundary: 2,999 bytes, then a cluster of 4.
        let boundary = try Self.report(String(repeating: coder, count: 199) + "abcdefghijklmn😀", .bluesky)
        #expect(boundary.length == 214 && !boundary.isValid && boundary.validRange.utf8 == 0..<2_999)
        // Bytes as posted: a long link counts its shortened form, in bytes as in clusters.
        let path = String(repeating: "x", count: 3_000)
        let link = try Self.report("see https://example.com/\(path) \(String(repeating: coder, count: 190))", .bluesky)
        #expect(link.isValid && link.length == 4 + 27 + 1 + 190)
        // ...and a link that would cross the byte limit is a unit: the valid range ends before it.
        let late = try Self.report(String(repeating: coder, count: 199) + " https://example.com/abcdefgh", .bluesky)
        #expect(!late.isValid && late.validRange.utf8 == 0..<2_986)
    }

    @Test("The JSON member stays within its stated bound, and a raw writer writes what a growing one does")
    func memberJSONBound() throws {
        let extreme = TextRange(utf8: Int.min..<Int.max, utf16: Int.min..<Int.max)
        var reports: [LengthReport] = []
        for profile in Self.all {
            var report = LengthReport(profile: profile, length: 0, limit: 0, isValid: false, validRange: extreme, overflow: extreme)
            (report.length, report.limit, report.remaining, report.permillage) = (Int.min, Int.min, Int.min, Int.min)
            reports.append(report)
            var growing = JSONWriter()
            LengthReport.writeMember(reports, to: &growing)
            #expect(growing.bytes.count <= LengthReport.maximumMemberLength(count: reports.count))
            let bound = LengthReport.maximumMemberLength(count: reports.count)
            let raw = [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
                var json = RawJSONWriter(buffer.baseAddress!)
                LengthReport.writeMember(reports, to: &json)
                count = json.position - buffer.baseAddress!
            }
            #expect(raw == growing.bytes)
        }
        // An ordinary report, under the same two writers.
        let ordinary = try Self.report("hello https://example.com/x @al", .bluesky)
        var growing = JSONWriter()
        LengthReport.writeMember([ordinary], to: &growing)
        #expect(growing.string.hasPrefix(#""length":{"bluesky":{"length":"#))
    }
}
