/// One post of a thread cut from a draft.
///
/// Invariants: `text` is the draft's slice `utf8Range` (which starts and ends on grapheme-cluster
/// boundaries), followed by the numbering suffix ` k/n` when the thread is numbered; `length` is
/// `text`'s length under the splitter's profile and within its limit; `utf16Range` is the same
/// slice in UTF-16 code units. Ranges are the draft's, start-inclusive, end-exclusive; the suffix
/// is not part of them.
public struct ThreadPost: Sendable, Hashable {
    /// What to post: the slice, plus ` k/n` when numbered.
    public var text: String
    /// The length of `text` in the profile's unit (grapheme clusters, or twitter-text's weighted
    /// characters), the numbering suffix included.
    public var length: Int
    /// Where the slice lies in the draft, in UTF-8 bytes.
    public var utf8Range: Range<Int>
    /// Where the slice lies in the draft, in UTF-16 code units.
    public var utf16Range: Range<Int>

    public init(text: String, length: Int, utf8Range: Range<Int>, utf16Range: Range<Int>) {
        self.text = text
        self.length = length
        self.utf8Range = utf8Range
        self.utf16Range = utf16Range
    }
}
