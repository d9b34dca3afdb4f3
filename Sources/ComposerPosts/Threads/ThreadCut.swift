/// A place where a draft may be cut between two posts of a thread.
///
/// The post before it ends at `dropped.lowerBound` and the post after it starts at
/// `dropped.upperBound`; what lies between is white space, dropped from both posts. A cut inside
/// a word (only in a word too long for a post by itself) drops nothing.
///
/// A splitter's list of cuts is sorted and disjoint; its first element holds the draft's leading
/// white space (possibly none) and its last the trailing white space, so the posts between
/// consecutive chosen cuts tile the draft.
struct ThreadCut: Sendable, Hashable {
    /// How good a place a cut is; a thread prefers higher ranks.
    enum Rank: Int, Comparable, Sendable {
        /// A grapheme-cluster boundary inside a word too long for a post.
        case character
        /// White space inside a line.
        case space
        /// White space holding one line break.
        case line
        /// White space after a sentence end (`.` `!` `?` `…` and their kin, closing quotes and
        /// brackets allowed in between); inside a word too long for a post, right after a
        /// full-width sentence end (`。` `！` `？` `｡`), which CJK text writes without a space.
        case sentence
        /// White space holding a blank line (two line breaks) or a paragraph separator (U+2029).
        case paragraph

        static func < (lhs: Rank, rhs: Rank) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The white space dropped at the cut (empty inside a word, and at a draft end without white
    /// space).
    var dropped: Range<Int>
    var rank: Rank
    /// Whether the cut lies inside a word. Slices that end or start here are counted as posted
    /// alone, not as slices of the draft (entities cut there count differently).
    var isInsideWord: Bool

    init(dropped: Range<Int>, rank: Rank, isInsideWord: Bool = false) {
        self.dropped = dropped
        self.rank = rank
        self.isInsideWord = isInsideWord
    }
}
