// Shared by the tests and the `lengths` fuzz target (Fuzz/LengthsFuzz.swift), which compiles the
// ComposerPosts sources into its own module and so must not import it.
import PatternDetection
#if !FUZZING
@testable import ComposerPosts
#endif

/// The thread-splitting rules written a second time, plainly, for the tests: the places a draft
/// may be cut (by `Character`, not by byte), posts counted only by ``PostLength`` on the posted
/// text, and an exhaustive search for the best split.
struct ThreadOracle {
    let draft: String
    let profile: LengthProfile
    let numbering: Bool
    let rules: any RuleSet
    let bytes: [UInt8]
    private var counts: [String: LengthReport] = [:]

    init(draft: String, profile: LengthProfile, numbering: Bool, rules: (any RuleSet)? = nil) {
        self.draft = draft
        self.profile = profile
        self.numbering = numbering
        self.rules = rules ?? ThreadSplitter.defaultRules(for: profile)
        bytes = Array(draft.utf8)
    }

    /// A place to cut: the white space dropped (empty inside a word) and its rank, 0 (inside a
    /// word) to 4 (paragraph).
    struct Cut: Hashable {
        var dropped: Range<Int>
        var rank: Int
    }

    static func isCutSpace(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy {
            $0.properties.isWhitespace && ![0x85, 0xA0, 0x2007, 0x202F].contains($0.value)
        }
    }

    /// The draft's characters with their UTF-8 offsets.
    var characters: [(offset: Int, character: Character)] {
        var offset = 0
        return draft.map { character in
            defer { offset += character.utf8.count }
            return (offset, character)
        }
    }

    /// Whether the characters before index `end` end a sentence (at most four closers after the
    /// stop).
    func endsSentence(_ characters: [(offset: Int, character: Character)], before end: Int, fullWidthOnly: Bool) -> Bool {
        let fullWidth: Set<Character> = ["。", "．", "！", "？", "｡"]
        let others: Set<Character> = [".", "!", "?", "…", "‼", "⁇", "⁈", "⁉", "؟", "۔", "।", "॥"]
        var index = end - 1
        var closers = 0
        while index >= 0 {
            let character = characters[index].character
            if fullWidth.contains(character) { return true }
            if others.contains(character) { return !fullWidthOnly }
            let scalars = character.unicodeScalars
            guard scalars.count == 1, let scalar = scalars.first,
                scalar == "\"" || scalar == "'" || [.closePunctuation, .finalPunctuation].contains(scalar.properties.generalCategory),
                closers < 4
            else { return false }
            closers += 1
            index -= 1
        }
        return false
    }

    /// The entities no cut may go through (unless too long for a post), found in the draft
    /// without its trailing white space, which no post holds (a `mastodon` link's query could take
    /// trailing no-break spaces in).
    var entities: [Range<Int>] {
        var copy = String(draft.reversed().drop(while: Self.isCutSpace).reversed())
        return copy.withUTF8 { bytes in
            var ranges = (rules.spans(in: bytes)).map(\.utf8Range)
            if case .mastodon = profile { ranges += MastodonRules.shared.countedSpans(in: bytes).map(\.utf8Range) }
            return ranges
        }
    }

    /// The draft's text in a UTF-8 range.
    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The report for a posted text (memoised).
    mutating func report(_ text: String) -> LengthReport {
        if let known = counts[text] { return known }
        let report = PostLength.report(for: text, profile: profile)
        counts[text] = report
        return report
    }

    /// The longest suffix with `digits`-digit numbering, or "".
    func reserve(digits: Int) -> String {
        guard numbering else { return "" }
        let nines = String(repeating: "9", count: digits)
        return " \(nines)/\(nines)"
    }

    /// Every place the draft may be cut, the draft's ends first and last.
    mutating func cuts(reserve: String) -> [Cut] {
        let characters = self.characters
        let end = draft.utf8.count
        var runs: [(range: Range<Int>, lineBreaks: Int, firstIndex: Int)] = []
        var index = 0
        while index < characters.count {
            guard Self.isCutSpace(characters[index].character) else {
                index += 1
                continue
            }
            let first = index
            var lineBreaks = 0
            while index < characters.count, Self.isCutSpace(characters[index].character) {
                let character = characters[index].character
                lineBreaks += character == "\u{2029}" ? 2 : ["\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{2028}"].contains(character) ? 1 : 0
                index += 1
            }
            let upper = index < characters.count ? characters[index].offset : end
            runs.append((characters[first].offset..<upper, lineBreaks, first))
        }
        var cuts = [Cut(dropped: 0..<0, rank: 4)]
        for run in runs {
            if run.range.lowerBound == 0 {
                cuts[0].dropped = run.range
            } else if run.range.upperBound < end {
                let rank =
                    run.lineBreaks >= 2 ? 4 : endsSentence(characters, before: run.firstIndex, fullWidthOnly: false) ? 3
                    : run.lineBreaks == 1 ? 2 : 1
                cuts.append(Cut(dropped: run.range, rank: rank))
            }
        }
        let trailing = runs.last.flatMap { $0.range.upperBound == end && $0.range.lowerBound > 0 ? $0.range : nil }
        cuts.append(Cut(dropped: trailing ?? end..<end, rank: 4))
        // Words too long for a post by themselves are cut between characters, except inside an
        // entity that fits by itself.
        let entities = self.entities
        var all: [Cut] = []
        for (index, cut) in cuts.enumerated() {
            all.append(cut)
            guard index + 1 < cuts.count else { break }
            let word = cut.dropped.upperBound..<cuts[index + 1].dropped.lowerBound
            guard !report(text(word) + reserve).isValid else { continue }
            let whole = entities.filter { $0.overlaps(word) && report(text($0) + reserve).isValid }
            for (position, item) in characters.enumerated() where item.offset > word.lowerBound && item.offset < word.upperBound {
                guard !whole.contains(where: { $0.lowerBound < item.offset && item.offset < $0.upperBound }) else { continue }
                all.append(Cut(dropped: item.offset..<item.offset, rank: endsSentence(characters, before: position, fullWidthOnly: true) ? 3 : 0))
            }
        }
        return all
    }

    /// Whether the part between two cuts, posted with `suffix`, is valid. (Counted with the
    /// suffix's digits as nines: one count serves every suffix of the same shape.)
    mutating func fits(_ cuts: [Cut], _ start: Int, _ end: Int, suffix: String) -> Bool {
        let shape = String(suffix.map { $0.isNumber ? "9" : $0 })
        return report(text(cuts[start].dropped.upperBound..<cuts[end].dropped.lowerBound) + shape).isValid
    }

    /// The best split by exhaustive search: the fewest posts, then the lexicographically greatest
    /// sequence of (rank, position) of its cuts. With numbering, words are cut inside when they do
    /// not fit by themselves with the longest suffix tried: one digit first, more digits while the
    /// fewest posts need more. Returns the UTF-8 ranges of the posts.
    mutating func bestSplit() -> [Range<Int>] {
        guard draft.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else { return [] }
        let whole = cuts(reserve: "")
        if report(text(whole[0].dropped.upperBound..<whole[whole.count - 1].dropped.lowerBound)).isValid {
            return [whole[0].dropped.upperBound..<whole[whole.count - 1].dropped.lowerBound]
        }
        var reserveDigits = numbering ? 1 : 0
        while true {
            let cuts = self.cuts(reserve: reserve(digits: reserveDigits))
            // Lengths grow from one white space cut to the next (white space separates every word
            // in the drafts given here), so a part that ends at white space and is longer than the
            // limit without its suffix ends the search from its start. Inside a word they need not
            // grow: `@user@` counts 6 under mastodon where `@user@m` counts 5 (a remote mention
            // counts without its domain), and a long dotted word counts 23 once it ends as a link.
            let bounds = (0..<cuts.count).map { start in
                (start + 1..<cuts.count).first { end in
                    let atWhiteSpace = !cuts[end].dropped.isEmpty || end == cuts.count - 1
                    return atWhiteSpace && report(text(cuts[start].dropped.upperBound..<cuts[end].dropped.lowerBound)).length > profile.limit
                } ?? cuts.count
            }
            var count = 2
            var found: [Int]?
            while found == nil, count < cuts.count {
                found = bestSplit(cuts, count: count, bounds: bounds)
                if found == nil { count += 1 }
            }
            guard let chosen = found else {
                // Words cut for a one-digit suffix may still be too long for a two-digit one.
                precondition(numbering && reserveDigits < 4, "no split at all: \(profile) \(draft.debugDescription)")
                reserveDigits += 1
                continue
            }
            if numbering, String(count).count > reserveDigits {
                reserveDigits = String(count).count
                continue
            }
            return (1..<chosen.count).map { cuts[chosen[$0 - 1]].dropped.upperBound..<cuts[chosen[$0]].dropped.lowerBound }
        }
    }

    /// The best split into exactly `count` posts, as cut indices, or nil. A part from cut i
    /// ending at or after `bounds[i]` is too long.
    private mutating func bestSplit(_ cuts: [Cut], count: Int, bounds: [Int]) -> [Int]? {
        let last = cuts.count - 1
        // possible[t][i]: posts t+1...count can cover from cut i to the end.
        var possible = [[Bool]](repeating: [Bool](repeating: false, count: cuts.count), count: count + 1)
        possible[count][last] = true
        for posts in stride(from: count - 1, through: 0, by: -1) {
            let suffix = numbering ? " \(posts + 1)/\(count)" : ""
            for start in 0..<last {
                possible[posts][start] = (start + 1..<min(bounds[start], last + 1)).contains { end in
                    possible[posts + 1][end] && fits(cuts, start, end, suffix: suffix)
                }
            }
        }
        guard possible[0][0] else { return nil }
        var chosen = [0]
        for post in 1..<count {
            let start = chosen[post - 1]
            let suffix = numbering ? " \(post)/\(count)" : ""
            let options = (start + 1..<min(bounds[start], last)).filter { possible[post][$0] && fits(cuts, start, $0, suffix: suffix) }
            chosen.append(options.max { (cuts[$0].rank, $0) < (cuts[$1].rank, $1) }!)
        }
        chosen.append(last)
        return chosen
    }
}
