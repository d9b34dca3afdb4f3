/// One replacement in a UTF-8 text, in the shape tree-sitter uses: the bytes `start..<oldEnd` of the
/// old text were replaced by the bytes `start..<newEnd` of the new text.
///
/// An insertion has `oldEnd == start`, a deletion `newEnd == start`. All three offsets are UTF-8
/// byte offsets and must lie on Unicode-scalar boundaries (`start` and `oldEnd` of the old text,
/// `start` and `newEnd` of the new one); consumers check this with a precondition.
///
/// ## Shifting positions
/// A position `p` of the old text maps to the new text as follows:
/// - before the edit (`p < start`, or `p == start` when bytes were removed): unchanged;
/// - after the edit (`p > oldEnd`, or `p == oldEnd` when bytes were removed): `p + delta`;
/// - strictly inside the replaced bytes, or exactly at the point of a pure insertion: ambiguous —
///   `affinity` decides (`.before` → `start`, `.after` → `newEnd`).
///
/// A range maps its lower bound with `.before` and its upper bound with `.after` (``map(_:)-(Range<Int>)``),
/// so a range that touches the edit grows to cover the inserted bytes, and a range that lay entirely
/// inside the replaced bytes becomes the inserted bytes' range (empty for a deletion).
public struct TextEdit: Hashable, Sendable, CustomStringConvertible {
    /// First byte that changed, in both texts.
    public var start: Int
    /// End of the replaced bytes in the old text.
    public var oldEnd: Int
    /// End of the inserted bytes in the new text.
    public var newEnd: Int

    /// - Precondition: `0 <= start <= oldEnd` and `start <= newEnd`.
    public init(start: Int, oldEnd: Int, newEnd: Int) {
        precondition(0 <= start && start <= oldEnd && start <= newEnd, "invalid edit \(start), \(oldEnd), \(newEnd)")
        self.start = start
        self.oldEnd = oldEnd
        self.newEnd = newEnd
    }

    /// The edit that replaces `utf8Range` of the old text with `insertedUTF8Count` bytes.
    public init(replacing utf8Range: Range<Int>, insertedUTF8Count: Int) {
        self.init(
            start: utf8Range.lowerBound, oldEnd: utf8Range.upperBound,
            newEnd: utf8Range.lowerBound + insertedUTF8Count)
    }

    /// The replaced bytes, in the old text.
    public var oldUTF8Range: Range<Int> { start..<oldEnd }
    /// The inserted bytes, in the new text.
    public var newUTF8Range: Range<Int> { start..<newEnd }
    /// New length minus old length.
    public var delta: Int { newEnd - oldEnd }
    /// Whether the edit changes nothing (no bytes removed, none inserted).
    public var isEmpty: Bool { oldEnd == start && newEnd == start }

    /// Which side a position that the edit makes ambiguous goes to.
    public enum Affinity: Sendable, Hashable {
        /// To the start of the inserted bytes.
        case before
        /// To the end of the inserted bytes (tree-sitter's choice; a caret after typing).
        case after
    }

    /// Maps a position of the old text to the new text (see the type's documentation).
    /// - Complexity: O(1).
    public func map(_ utf8Offset: Int, affinity: Affinity = .after) -> Int {
        let removesBytes = oldEnd > start
        if utf8Offset < start || (utf8Offset == start && removesBytes) { return utf8Offset }
        if utf8Offset > oldEnd || (utf8Offset == oldEnd && removesBytes) { return utf8Offset + delta }
        return affinity == .before ? start : newEnd
    }

    /// Maps a range of the old text to the new text: the lower bound with `.before`, the upper bound
    /// with `.after` affinity, so the result covers every new byte the old range could stand for.
    /// - Complexity: O(1).
    public func map(_ utf8Range: Range<Int>) -> Range<Int> {
        map(utf8Range.lowerBound, affinity: .before)..<map(utf8Range.upperBound, affinity: .after)
    }

    /// Whether a range of the old text lost or gained bytes through this edit: it overlaps the
    /// replaced bytes, or strictly contains the point of a pure insertion. A range for which this is
    /// `false` keeps its exact bytes and moves by `0` or `delta`.
    public func changesContent(of utf8Range: Range<Int>) -> Bool {
        utf8Range.lowerBound < oldEnd && utf8Range.upperBound > start
    }

    public var description: String { "TextEdit(\(start), old end \(oldEnd), new end \(newEnd))" }
}
