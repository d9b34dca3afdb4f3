// Shared by the tests (regression fixtures) and the `lengths` fuzz target (Fuzz/LengthsFuzz.swift),
// which compiles the ComposerPosts sources into its own module and so must not import it.
import PatternDetection
#if !FUZZING
@testable import ComposerPosts
#endif

/// What the `lengths` fuzz target checks on every input: every length profile against a slow
/// reference count written here, slices of a text against the same text posted alone, a draft
/// edited at random against a fresh count, and the thread splitter against ``ThreadOracle``.
enum LengthChecks {
    /// A fuzz input read as a draft and the choices made around it.
    struct Case {
        var text: String
        /// A small `mastodon` limit, so short inputs split into threads too.
        var smallLimit: Int
        var urlLength: Int
        var numbering: Bool
        var contentWarning: String
        var seed: UInt64

        var profiles: [LengthProfile] {
            [.bluesky, .twitter, .mastodon(), .mastodon(limit: smallLimit, urlLength: urlLength)]
        }
    }

    static let contentWarnings = ["", "cw", "\u{301}", "🇺", "spoilers ahead: "]

    /// Byte 0: numbering (bit 0), the content warning (bits 1–3), whether the text repeats (bit 7,
    /// then byte 1 says how often, up to about 4 KB: long drafts from short inputs); byte 1: the small `mastodon`
    /// limit and URL length. The rest is the text (ill-formed UTF-8 decoded with U+FFFD).
    static func decode(_ data: UnsafeBufferPointer<UInt8>) -> Case {
        let flags = data.count > 0 ? data[0] : 0
        let shape = data.count > 1 ? data[1] : 0
        var text = String(decoding: UnsafeBufferPointer(rebasing: data[min(2, data.count)...]), as: UTF8.self)
        if flags & 0x80 != 0 {
            // At most about 4 KB in all: longer drafts cost the fuzzer more than they find.
            text = String(repeating: text, count: min(2 + Int(shape >> 4), max(2, 4096 / max(1, text.utf8.count))))
        }
        var seed: UInt64 = 0xC0FFEE
        for byte in data { seed = (seed ^ UInt64(byte)) &* 0x100000001B3 }
        return Case(
            text: text, smallLimit: 8 + Int(shape & 0x3F), urlLength: Int(shape >> 6) * 5, numbering: flags & 1 != 0,
            contentWarning: contentWarnings[Int(flags >> 1 & 7) % contentWarnings.count], seed: seed)
    }

    /// The first violated property, or `nil`.
    static func violation(fuzzInput data: UnsafeBufferPointer<UInt8>) -> String? {
        let input = decode(data)
        if let problem = countViolation(input.text, input) { return "count: \(problem)" }
        if let problem = sliceViolation(input) { return "slices: \(problem)" }
        if let problem = draftViolation(input) { return "draft: \(problem)" }
        if let problem = splitViolation(input) { return "split: \(problem)" }
        return nil
    }

    // MARK: - Counts

    /// Every profile's report for `text` against the reference count, and the report's own
    /// consistency (remaining, validity, valid range and overflow tiling the text).
    static func countViolation(_ text: String, _ input: Case) -> String? {
        for profile in input.profiles {
            let warning = input.contentWarning
            let report = PostLength.report(for: text, profile: profile, contentWarning: warning)
            let expected: (length: Int, isValid: Bool)
            switch profile {
            case .bluesky:
                let posted = referenceBlueskyPostedText(text)
                let length = posted.count
                expected = (length, length > 0 && length <= 300 && posted.utf8.count <= 3_000)
            case .twitter:
                let parse = referenceTwitterParse(text, weighting: .version3)
                expected = (parse.weightedLength, parse.valid)
                let end = min(max(parse.validRangeEnd + 1, 0), text.utf16.count)
                if report.validRange.utf16 != 0..<end { return "twitter valid range \(report.validRange.utf16), reference ..<\(end)" }
                for weighting in [TwitterWeighting.version2, .version1] {
                    let library = withUTF8Bytes(of: text) { bytes in
                        TwitterLength.parse(bytes, range: 0..<bytes.count, urls: nil, weighting: weighting).parse
                    }
                    let reference = referenceTwitterParse(text, weighting: weighting)
                    if library != reference { return "twitter \(weighting.maxWeightedLength)/\(weighting.emojiParsingEnabled): \(library) ≠ \(reference)" }
                }
            case .mastodon(let limit, let urlLength):
                let length = referenceMastodonLength(text, contentWarning: warning, urlLength: urlLength)
                expected = (length, length <= limit)
            }
            if report.length != expected.length || report.isValid != expected.isValid {
                return "\(profile): \(report.length) (valid \(report.isValid)), reference \(expected.length) (valid \(expected.isValid))"
            }
            if let problem = reportViolation(report, text: text) { return "\(profile): \(problem)" }
        }
        return nil
    }

    /// A report's fields agree with each other and with the text.
    static func reportViolation(_ report: LengthReport, text: String) -> String? {
        if report.remaining != report.limit - report.length { return "remaining \(report.remaining)" }
        let utf8Count = text.utf8.count, utf16Count = text.utf16.count
        let valid = report.validRange
        guard valid.utf8.lowerBound == 0, valid.utf8.upperBound <= utf8Count, valid.utf16.lowerBound == 0,
            valid.utf16.upperBound <= utf16Count
        else { return "valid range \(valid) outside the text" }
        // `bluesky` also limits the text as posted to 3,000 bytes.
        let overLimit = report.length > report.limit
            || (report.profile == .bluesky && referenceBlueskyPostedText(text).utf8.count > 3_000)
        if overLimit {
            guard let overflow = report.overflow, overflow.utf8 == valid.utf8.upperBound..<utf8Count,
                overflow.utf16 == valid.utf16.upperBound..<utf16Count
            else { return "overflow \(String(describing: report.overflow)) after \(valid)" }
        } else if report.overflow != nil {
            return "an overflow within the limit"
        }
        if report.profile != .twitter {
            // twitter's UTF-16 end is the reference's own, which may split a pair; the others cut
            // at cluster boundaries.
            let utf16 = TextOffsets.utf16Offsets([valid.utf8.upperBound], in: text)
            if utf16 != [valid.utf16.upperBound] { return "valid range \(valid): UTF-8 and UTF-16 ends disagree" }
            if !overLimit, report.profile == .bluesky || report.isValid, valid.utf8.upperBound != utf8Count {
                return "valid range \(valid) of a text within the limit"
            }
        }
        return nil
    }

    /// The text as the Bluesky app posts it: each link the `bluesky` rule set keeps written as the
    /// app shows it. Its clusters are the length; its UTF-8, what the server's byte limit sees.
    static func referenceBlueskyPostedText(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let links = bytes.withUnsafeBufferPointer { BlueskyRules.shared.spans(in: $0).filter { $0.kind == .url } }
        var rewritten = ""
        var cursor = 0
        for link in links {
            rewritten += String(decoding: bytes[cursor..<link.utf8Range.lowerBound], as: UTF8.self)
            rewritten += BlueskyLinkShortening.shortText(ofLink: Substring(String(decoding: bytes[link.utf8Range], as: UTF8.self)))
            cursor = link.utf8Range.upperBound
        }
        rewritten += String(decoding: bytes[cursor...], as: UTF8.self)
        return rewritten
    }

    /// Mastodon's validator: the content warning and the text with each link with a protocol as
    /// `urlLength` `x`s and each `@user@domain` as `@user` (the `mastodon` rule set's counted
    /// entities, whose detection the Ruby-derived fixtures check), counted as clusters; a text of
    /// nothing but white space counts as empty.
    static func referenceMastodonLength(_ text: String, contentWarning: String, urlLength: Int) -> Int {
        if text.unicodeScalars.allSatisfy(\.properties.isWhitespace) { return contentWarning.count }
        let bytes = Array(text.utf8)
        var entities: [(range: Range<Int>, replacement: String)] = []
        bytes.withUnsafeBufferPointer { buffer in
            for span in MastodonRules.shared.countedSpans(in: buffer) {
                if span.kind == .url {
                    entities.append((span.utf8Range, String(repeating: "x", count: urlLength)))
                } else {
                    // The username: the bytes up to the second at sign (as Mastodon's expression
                    // captures it, scalar by scalar; a split by Character would miss an `@` that a
                    // combining mark joins, as in `@r@\u{301}`).
                    let name = bytes[span.utf8Range].dropFirst()
                    let username = name[..<(name.firstIndex(of: UInt8(ascii: "@")) ?? name.endIndex)]
                    entities.append((span.utf8Range, "@" + String(decoding: username, as: UTF8.self)))
                }
            }
        }
        entities.sort { $0.range.lowerBound < $1.range.lowerBound }
        var rewritten = contentWarning
        var cursor = 0
        for entity in entities where entity.range.lowerBound >= cursor {
            rewritten += String(decoding: bytes[cursor..<entity.range.lowerBound], as: UTF8.self) + entity.replacement
            cursor = entity.range.upperBound
        }
        rewritten += String(decoding: bytes[cursor...], as: UTF8.self)
        return rewritten.count
    }

    /// twitter-text 3.1.0's `parseTweet`, as its JavaScript reads: over the UTF-16 units of the
    /// NFC text (always normalized here), a URL entity weighs the URL weight and is stepped over,
    /// an emoji sequence weighs the default weight, anything else the weight of its unit (a
    /// surrogate pair by its low surrogate); the last unit stepped over decides validity.
    static func referenceTwitterParse(_ text: String, weighting: TwitterWeighting) -> TwitterParse {
        let nfc = NFCQuickCheck.normalized(text)
        let units = Array(nfc.utf16)
        let nfcBytes = Array(nfc.utf8)
        // UTF-16 offset of each UTF-8 offset on a scalar boundary.
        var utf16At = [Int](repeating: -1, count: nfcBytes.count + 1)
        var utf16 = 0
        var offset = 0
        for scalar in nfc.unicodeScalars {
            utf16At[offset] = utf16
            offset += UTF8.width(scalar)
            utf16 += UTF16.width(scalar)
        }
        utf16At[offset] = utf16
        var urls: [Int: Int] = [:]
        var emoji: [Int: Int] = [:]
        nfcBytes.withUnsafeBufferPointer { buffer in
            for url in TwitterRules.shared.weightedURLs(in: buffer) where urls[utf16At[url.utf8Range.lowerBound]] == nil {
                urls[utf16At[url.utf8Range.lowerBound]] = url.skippedUTF16Count
            }
            if weighting.emojiParsingEnabled {
                for sequence in EmojiTrie.sequences(in: buffer, range: 0..<buffer.count) where emoji[utf16At[sequence.lowerBound]] == nil {
                    emoji[utf16At[sequence.lowerBound]] = utf16At[sequence.upperBound] - utf16At[sequence.lowerBound]
                }
            }
        }
        var weight = 0
        var valid = true
        var validDisplayIndex = 0
        var index = 0
        while index < units.count {
            if let length = urls[index] {
                weight += weighting.transformedURLLength * weighting.scale
                index += length - 1
            } else if let length = emoji[index] {
                weight += weighting.defaultWeight
                index += length - 1
            } else {
                if UTF16.isLeadSurrogate(units[index]), index + 1 < units.count, UTF16.isTrailSurrogate(units[index + 1]) {
                    index += 1
                }
                weight += weighting.weight(ofUnit: UInt32(units[index]))
            }
            if valid, index < units.count, [0xFFFE, 0xFEFF, 0xFFFF].contains(units[index]) { valid = false }
            if valid, weight <= weighting.maxWeightedLength * weighting.scale { validDisplayIndex = index }
            index += 1
        }
        let weightedLength = weight / weighting.scale
        return TwitterParse(
            weightedLength: weightedLength,
            valid: valid && weightedLength > 0 && weightedLength <= weighting.maxWeightedLength,
            permillage: LengthReport.permillage(length: weightedLength, limit: weighting.maxWeightedLength),
            validRangeEnd: validDisplayIndex + (text.utf16.count - units.count))
    }

    // MARK: - Slices

    /// A counter's report for a slice that starts after white space (or at the start) and ends
    /// before white space (or at the end) equals the report for the slice posted alone, offsets
    /// shifted — what the thread splitter relies on.
    static func sliceViolation(_ input: Case) -> String? {
        let text = input.text
        var boundaries: [(offset: Int, afterSpace: Bool, beforeSpace: Bool)] = []
        var offset = 0
        var previousIsSpace = true
        for character in text {
            let isSpace = ThreadOracle.isCutSpace(character)
            boundaries.append((offset, previousIsSpace, isSpace))
            offset += character.utf8.count
            previousIsSpace = isSpace
        }
        boundaries.append((offset, previousIsSpace, true))
        let starts = boundaries.filter(\.afterSpace).map(\.offset)
        let ends = boundaries.filter(\.beforeSpace).map(\.offset)
        guard !starts.isEmpty, !ends.isEmpty else { return nil }
        let counter = PostLengthCounter(text: text, profiles: input.profiles)
        var random = SplitMix64(seed: input.seed)
        for _ in 0..<3 {
            let start = starts[Int(random.next() % UInt64(starts.count))]
            let end = ends[Int(random.next() % UInt64(ends.count))]
            guard start <= end else { continue }
            let slice = String(decoding: Array(text.utf8)[start..<end], as: UTF8.self)
            let startUTF16 = TextOffsets.utf16Offsets([start], in: text)[0]
            for profile in input.profiles {
                let sliced = counter.report(for: profile, utf8Range: start..<end, contentWarning: input.contentWarning)
                var alone = PostLength.report(for: slice, profile: profile, contentWarning: input.contentWarning)
                alone.validRange = shifted(alone.validRange, utf8: start, utf16: startUTF16)
                alone.overflow = alone.overflow.map { shifted($0, utf8: start, utf16: startUTF16) }
                if sliced != alone { return "\(profile) slice \(start)..<\(end) \(slice.debugDescription): \(sliced) ≠ \(alone)" }
            }
        }
        return nil
    }

    static func shifted(_ range: TextRange, utf8: Int, utf16: Int) -> TextRange {
        TextRange(
            utf8: range.utf8.lowerBound + utf8..<range.utf8.upperBound + utf8,
            utf16: range.utf16.lowerBound + utf16..<range.utf16.upperBound + utf16)
    }

    // MARK: - Drafts edited

    static let insertions = ["\n", " ", "x", "https://example.com/a", "@alice@example.social", "@bob.bsky.social", "😀", "👩‍💻",
        "\u{301}", "\r", "\r\n", "é", "\u{FEFF}", "#tag", "日本", "\u{1F1FA}", ".", "www.x.co/q", "\u{2029}"]

    /// A draft kept up to date through random edits reports what a fresh count of the new text
    /// reports, field for field, after every edit (content warning changes included).
    static func draftViolation(_ input: Case) -> String? {
        var text = input.text
        var random = SplitMix64(seed: input.seed ^ 0xD8AF7)
        var draft = DraftLength(text: text, profiles: input.profiles, contentWarning: input.contentWarning)
        var warning = input.contentWarning
        for step in 0..<6 {
            var scalars = Array(text.unicodeScalars)
            let a = Int(random.next() % UInt64(scalars.count + 1)), b = Int(random.next() % UInt64(scalars.count + 1))
            let range = min(a, b)..<max(a, b)
            let inserted: [Unicode.Scalar]
            switch random.next() % 4 {
            case 0: inserted = []
            case 1:
                // A piece of the text itself.
                let from = Int(random.next() % UInt64(scalars.count + 1))
                inserted = Array(scalars[from..<min(scalars.count, from + Int(random.next() % 12))])
            default: inserted = Array(insertions[Int(random.next() % UInt64(insertions.count))].unicodeScalars)
            }
            let start = scalars[..<range.lowerBound].reduce(0) { $0 + UTF8.width($1) }
            let oldEnd = start + scalars[range].reduce(0) { $0 + UTF8.width($1) }
            let newEnd = start + inserted.reduce(0) { $0 + UTF8.width($1) }
            scalars.replaceSubrange(range, with: inserted)
            text = String(String.UnicodeScalarView(scalars))
            draft.apply(TextEdit(start: start, oldEnd: oldEnd, newEnd: newEnd), in: text)
            if random.next() % 5 == 0 {
                warning = contentWarnings[Int(random.next() % UInt64(contentWarnings.count))]
                draft.setContentWarning(warning, in: text)
            }
            for profile in input.profiles {
                let expected = PostLength.report(for: text, profile: profile, contentWarning: warning)
                let kept = draft.report(for: profile)
                if kept != expected {
                    return "\(profile) after edit \(step) (\(start)..<\(oldEnd) → ..<\(newEnd)) of \(text.debugDescription): \(kept) ≠ \(expected)"
                }
            }
        }
        return nil
    }

    // MARK: - Threads

    /// The thread splitter's posts are valid, counted right, tile the draft with only white space
    /// dropped at allowed cuts, and no two neighbours would fit in one post (``ThreadOracle``); a
    /// draft it cannot split holds a part no post can take.
    static func splitViolation(_ input: Case) -> String? {
        let smallMastodon = LengthProfile.mastodon(limit: input.smallLimit, urlLength: input.urlLength)
        for profile in [smallMastodon, .bluesky, .twitter] {
            let splitter = ThreadSplitter(profile: profile, numbering: input.numbering)
            var oracle = ThreadOracle(draft: input.text, profile: profile, numbering: input.numbering)
            do {
                let posts = try splitter.split(input.text)
                let problems = oracle.violations(of: posts, ranks: false)
                if !problems.isEmpty { return "\(profile) numbering \(input.numbering): \(problems.prefix(3))" }
            } catch {
                guard case .unsplittable(let range) = error else { return "\(error)" }
                guard range.utf8.upperBound <= input.text.utf8.count, !range.utf8.isEmpty else { return "\(error) outside the draft" }
                // Numbering may leave no room at all; without it, the part must not fit alone.
                let part = oracle.text(range.utf8)
                if !input.numbering, PostLength.report(for: part, profile: profile).isValid {
                    return "\(profile): unsplittable \(range.utf8) \(part.debugDescription), which fits in a post"
                }
            }
        }
        return nil
    }
}
