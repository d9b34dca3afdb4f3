import PatternDetection
import Testing

/// The locality contract of `RuleSet`, checked on random posts exactly the way the incremental
/// tokenizer calls a rule set: each word alone, given only [leading separator, word, trailing
/// separator] as its subject and the word as its window.
@Suite("Bluesky locality contract")
struct BlueskyLocalityTests {
    let rules = BlueskyRules.shared

    /// A word (maximal run of non-separators) and the slice around it: one separator scalar on each
    /// side where the text has one.
    struct Word {
        var utf8Range: Range<Int>
        var slice: Range<Int>
    }

    func words(of text: String) -> [Word] {
        var bounds: [(start: Int, end: Int, isSeparator: Bool)] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            let length = UTF8.width(scalar)
            bounds.append((offset, offset + length, rules.isSeparator(scalar)))
            offset += length
        }
        var words: [Word] = []
        var index = 0
        while index < bounds.count {
            if bounds[index].isSeparator { index += 1; continue }
            let first = index
            while index < bounds.count, !bounds[index].isSeparator { index += 1 }
            let range = bounds[first].start..<bounds[index - 1].end
            let sliceStart = first > 0 ? bounds[first - 1].start : range.lowerBound
            let sliceEnd = index < bounds.count ? bounds[index].end : range.upperBound
            words.append(Word(utf8Range: range, slice: sliceStart..<sliceEnd))
        }
        return words
    }

    @Test("full scan == union of per-word scans of [separator, word, separator]", arguments: 1...6)
    func wordByWord(seed: Int) throws {
        var posts = BlueskyRandomPosts(seed: UInt64(seed))
        var spansSeen = 0
        for _ in 0..<400 {
            let post = posts.post()
            let words = words(of: post)
            try withUTF8Bytes(of: post) { bytes throws in
                let full = rules.spans(in: bytes)
                spansSeen += full.count
                var union: [Span] = []
                for word in words {
                    let subject = UnsafeBufferPointer(rebasing: bytes[word.slice])
                    let window = (word.utf8Range.lowerBound - word.slice.lowerBound)..<(word.utf8Range.upperBound - word.slice.lowerBound)
                    for span in rules.spans(in: subject, startingIn: window) {
                        union.append(span.shifted(by: word.slice.lowerBound))
                    }
                }
                #expect(union == full, "post \(post.debugDescription)")
            }
        }
        #expect(spansSeen > 300, "the generator should produce plenty of spans")
    }

    @Test("windowed scans of the whole text find exactly the spans starting in the window", arguments: 1...3)
    func windows(seed: Int) throws {
        var posts = BlueskyRandomPosts(seed: UInt64(100 + seed))
        for _ in 0..<300 {
            let post = posts.post()
            let words = words(of: post)
            guard !words.isEmpty else { continue }
            let first = posts.below(words.count)
            let last = first + posts.below(words.count - first)
            // From a word start to the end of a later word (a separator or the text end).
            let window = words[first].utf8Range.lowerBound..<words[last].utf8Range.upperBound
            try withUTF8Bytes(of: post) { bytes throws in
                let full = rules.spans(in: bytes)
                let windowed = rules.spans(in: bytes, startingIn: window)
                #expect(windowed == full.filter { window.contains($0.utf8Range.lowerBound) }, "post \(post.debugDescription) window \(window)")
            }
        }
    }

    @Test("spans are sorted, disjoint, separator-free and on scalar boundaries", arguments: 1...3)
    func invariants(seed: Int) throws {
        var posts = BlueskyRandomPosts(seed: UInt64(200 + seed))
        for _ in 0..<400 {
            let post = posts.post()
            var boundaries: Set<Int> = [0]
            var separators: [Int] = []
            var offset = 0
            for scalar in post.unicodeScalars {
                if rules.isSeparator(scalar) { separators.append(offset) }
                offset += UTF8.width(scalar)
                boundaries.insert(offset)
            }
            let spans = try withUTF8Bytes(of: post) { bytes throws in rules.spans(in: bytes) }
            for (span, next) in zip(spans, spans.dropFirst()) {
                #expect(span.utf8Range.upperBound <= next.utf8Range.lowerBound, "\(post.debugDescription)")
            }
            for span in spans {
                #expect(!span.utf8Range.isEmpty)
                #expect(boundaries.contains(span.utf8Range.lowerBound) && boundaries.contains(span.utf8Range.upperBound))
                #expect(!separators.contains { span.utf8Range.contains($0) }, "\(post.debugDescription) \(span)")
            }
        }
    }
}
