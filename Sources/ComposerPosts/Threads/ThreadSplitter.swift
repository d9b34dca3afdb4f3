import PatternDetection

/// Cuts a draft too long for one post into a thread of posts that are each valid under a length
/// profile.
///
/// **Where it cuts.** Only at white space (Unicode White_Space except NEL and the no-break spaces
/// U+00A0, U+2007, U+202F; a space that a combining mark follows is part of a character, not white
/// space), and never through an entity of `rules` (for `mastodon`, nor through the links and
/// `@user@domain` mentions its validator counts). The white space at a cut is dropped; the posts are the slices
/// between, in order, with everything else kept exactly. Cuts rank, best first: a blank line (or
/// U+2029), a sentence end (`.` `!` `?` `…` `‼` `⁇` `⁈` `⁉` `؟` `۔` `।` `॥` `。` `．` `！` `？`
/// `｡`, then at most four closing quotes or brackets, before the white space), a line break, any
/// other white space.
///
/// **Words too long for a post.** A word (the text between two cuts at white space) that does not
/// fit in a post by itself — with numbering, followed by the longest suffix ` n/n` — is cut inside,
/// at grapheme-cluster boundaries, nothing dropped. Such cuts rank lowest, except right after a
/// full-width sentence end (`。` `．` `！` `？` `｡`), which ranks as a sentence end. Inside such a
/// word, entities that fit a post by themselves are still never cut; an entity too long for a
/// post is cut like any other text. A post bounded by such a cut is counted as posted (an entity
/// cut in two may no longer be one), so it is valid whatever the pieces become.
///
/// **How many posts, and which cuts.** The fewest posts possible at these cuts; among splits
/// with that many posts, the one whose cuts, read from the first, are the best ranked (each cut
/// the best-ranked one that still lets the rest of the draft fit in the remaining posts, the
/// furthest among equally ranked ones): the lexicographically greatest sequence of (rank,
/// position). So a paragraph break is taken whenever taking it costs no extra post. This holds
/// wherever lengths add up across the cuts — always at white space, and inside a word cut between
/// characters unless the cut makes or breaks an entity (a link glued to the text before it is one
/// only at the start of a post). There the thread is still valid and no two neighbouring posts
/// would fit in one, but it may hold more posts than the fewest possible.
///
/// **Numbering.** With `numbering`, every post of a thread of n > 1 posts ends in ` k/n`, counted
/// in its length as its characters (each one cluster and weight 1; after a post ending in a
/// prepended concatenation mark, which joins the space, that is one more than the platform
/// counts). n is the fewest posts possible with those suffixes, found by trying one-digit suffixes
/// first, then wider ones while the count needs more digits; the words cut inside are those too
/// long with the widest suffix tried (` 99/99` once a count needed two digits, even if cutting
/// them brings the count back under ten). A draft that fits in one post is that one post, without
/// a suffix.
///
/// **Ends.** The draft's leading and trailing white space (as cut at) is dropped; a draft of
/// nothing but White_Space characters is no post at all. Offsets in the posts are the draft's.
///
/// **Not splittable.** A grapheme cluster that no post can hold (see
/// ``ThreadSplitError/unsplittable(_:)``) makes `split` throw.
///
/// - Complexity: one scan of the draft with `rules` (the `bluesky` profile with another rule set
///   also scans with the `bluesky` rule set), then O(posts × log(cuts per post)) slice counts
///   (about four per search where text is even, each part too long telling where the next
///   should end or start, and none counted twice) with ``PostLengthCounter``, each
///   O(slice + log entities); with numbering, two
///   passes more per suffix width tried. Words too long for a post cost a fresh count (a scan of
///   the post) per test.
public struct ThreadSplitter: Sendable {
    public var profile: LengthProfile
    /// Whether posts end in ` k/n` (when there is more than one).
    public var numbering: Bool
    /// The rule set whose entities are kept whole; the profile counts lengths with its own rules
    /// whatever this is.
    public var rules: any RuleSet

    /// - Parameters:
    ///   - profile: every post must be valid under it.
    ///   - numbering: end posts in ` k/n` when there are several.
    ///   - rules: whose entities are never cut; defaults to the profile's own
    ///     (``defaultRules(for:)``).
    public init(profile: LengthProfile, numbering: Bool = false, rules: (any RuleSet)? = nil) {
        self.profile = profile
        self.numbering = numbering
        self.rules = rules ?? Self.defaultRules(for: profile)
    }

    /// The rule set whose entities a profile counts: `bluesky`, `twitter` and `mastodon` for the
    /// profile of the same name.
    public static func defaultRules(for profile: LengthProfile) -> any RuleSet {
        switch profile {
        case .bluesky: BlueskyRules.shared
        case .twitter: TwitterRules.shared
        case .mastodon: MastodonRules.shared
        }
    }

    /// The thread for `draft`, in order.
    /// - Parameters:
    ///   - draft: the text to split.
    public func split(_ draft: String) throws(ThreadSplitError) -> [ThreadPost] {
        guard draft.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else { return [] }
        let scanned = ThreadDraft(text: draft, profile: profile, rules: rules)
        let ends = scanned.whiteSpaceCuts
        if scanned.measure(from: ends[0], to: ends[ends.count - 1], suffix: "").isValid {
            return try posts(of: scanned, cuts: [ends[0], ends[ends.count - 1]], chosen: [0, 1], suffix: { _ in "" })
        }
        // With numbering: `digits`, the width of the count the suffixes are tried with, and
        // `reserveDigits`, the widest tried so far, which decides the words cut inside.
        var digits = numbering ? 1 : 0
        var reserveDigits = digits
        var narrowed = false
        while true {
            let reserve = numbering ? Self.suffix(post: Self.nines(reserveDigits), of: Self.nines(reserveDigits)) : ""
            var atWhiteSpace = layout(scanned, scanned.whiteSpaceCuts, suffix: { _ in reserve })
            var greedy = atWhiteSpace.greedy()
            let cuts = scanned.cuts(cuttingWordsAfter: greedy.stuck, reserve: reserve)
            if numbering || !greedy.stuck.isEmpty {
                // Posts past the widest count (which then needs more digits) get as long a suffix.
                let widest = Self.nines(digits)
                var counting = layout(scanned, cuts, suffix: { numbering ? Self.suffix(post: min($0, widest), of: widest) : "" })
                greedy = counting.greedy()
            }
            if let stuck = greedy.stuck.first {
                throw .unsplittable(scanned.textRange(scanned.slice(from: cuts[stuck], to: cuts[stuck + 1])))
            }
            let count = greedy.cuts.count - 1
            // A wider count, or (once: counts that do not add up could swing back and forth) a
            // narrower one when cutting more words brought the count back under a power of ten.
            if numbering, String(count).count > digits || (String(count).count < digits && !narrowed) {
                narrowed = narrowed || String(count).count < digits
                digits = String(count).count
                reserveDigits = max(reserveDigits, digits)
                continue
            }
            let numbered = { (total: Int) in { (post: Int) in numbering && total > 1 ? Self.suffix(post: post, of: total) : "" } }
            var search = layout(scanned, cuts, suffix: numbered(count))
            let preferred = search.preferred(count: count) { cuts[$0].rank }
            let chosen = try merged(preferred ?? greedy.cuts, draft: scanned, cuts: cuts, suffix: numbered)
            return try posts(of: scanned, cuts: cuts, chosen: chosen, suffix: numbered(chosen.count - 1))
        }
    }

    /// ` post/total`.
    private static func suffix(post: Int, of total: Int) -> String { " \(post)/\(total)" }

    /// The largest number of `digits` digits (0 for none).
    private static func nines(_ digits: Int) -> Int { digits == 0 ? 0 : Int(String(repeating: "9", count: digits))! }

    /// `chosen` with neighbouring posts that fit as one merged, until none do. A no-op when the
    /// counts add up (the split is then already the fewest posts); where a word cut inside makes
    /// them not add up, this keeps at least every pair of neighbours from fitting in one post.
    /// Merging only shortens the other posts' suffixes, so they stay valid.
    /// - Parameter suffix: the suffix function for a thread of the given number of posts.
    private func merged(
        _ chosen: [Int], draft: ThreadDraft, cuts: [ThreadCut], suffix: (Int) -> (Int) -> String
    ) throws(ThreadSplitError) -> [Int] {
        var chosen = chosen
        var post = 1
        while post < chosen.count - 1 {
            let merged = draft.measure(
                from: cuts[chosen[post - 1]], to: cuts[chosen[post + 1]], suffix: suffix(chosen.count - 2)(post))
            if merged.isValid {
                chosen.remove(at: post)
                post = 1
            } else {
                post += 1
            }
        }
        return chosen
    }

    /// The search over `cuts`, post k followed by `suffix(k)`, hinted by the count's longest
    /// fitting prefix where a part does not fit.
    private func layout(_ draft: ThreadDraft, _ cuts: [ThreadCut], suffix: @escaping (Int) -> String) -> ThreadLayout {
        ThreadLayout(last: cuts.count - 1) { (start, end, post) in
            let measure = draft.measure(from: cuts[start], to: cuts[end], suffix: suffix(post))
            guard !measure.isValid, let fittingEnd = measure.fittingEnd else { return .init(fits: measure.isValid) }
            return .init(notFittingFrom: start, to: end, fittingEnd: fittingEnd, in: cuts)
        }
    }

    /// The posts between the chosen cuts.
    private func posts(
        of draft: ThreadDraft, cuts: [ThreadCut], chosen: [Int], suffix: (Int) -> String
    ) throws(ThreadSplitError) -> [ThreadPost] {
        let slices = (1..<chosen.count).map { draft.slice(from: cuts[chosen[$0 - 1]], to: cuts[chosen[$0]]) }
        let utf16 = TextOffsets.utf16Offsets(slices.flatMap { [$0.lowerBound, $0.upperBound] }, in: draft.text)
        var posts: [ThreadPost] = []
        for (index, slice) in slices.enumerated() {
            let post = index + 1
            let measured = draft.measure(from: cuts[chosen[index]], to: cuts[chosen[post]], suffix: suffix(post))
            posts.append(
                ThreadPost(
                    text: String(draft.substring(slice)) + suffix(post), length: measured.length, utf8Range: slice,
                    utf16Range: utf16[2 * index]..<utf16[2 * index + 1]))
        }
        return posts
    }
}
