/// Why a draft could not be split into a thread.
public enum ThreadSplitError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No post can hold this part of the draft at any allowed cut: a single grapheme cluster that
    /// is longer than the limit by itself (`twitter` weighs each code point, so a cluster of
    /// hundreds of combining marks can be), a cluster holding a character the platform refuses
    /// (`twitter`: U+FFFE, U+FEFF, U+FFFF), or a limit so small that the numbering suffix leaves
    /// no room. The range is the draft's.
    case unsplittable(TextRange)

    public var description: String {
        switch self {
        case .unsplittable(let range):
            return "the text at UTF-8 offsets \(range.utf8.lowerBound)..<\(range.utf8.upperBound) does not fit in any post"
        }
    }
}
