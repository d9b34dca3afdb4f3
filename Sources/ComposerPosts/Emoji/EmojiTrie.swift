import PatternDetection

/// The emoji sequences twitter-text 3.1.0 counts as one emoji: the language of twemoji-parser
/// 11.0.2's expression (Emoji 11.0, see `Scripts/generate_emoji_sequences.py`), as a trie over
/// Unicode scalars.
///
/// The reference runs its expression globally over the text: each match starts at the first
/// position at or after the previous match's end where any sequence matches, and is the sequence
/// its alternatives reach first. For this language that is always the longest sequence starting
/// there (checked against the expression itself), so ``sequences(in:)`` walks the trie for the
/// longest match. A sequence marked "unless U+FE0E follows" (a text-style symbol without a
/// variation selector) does not match when the next scalar is U+FE0E.
package enum EmojiTrie {
    /// Scalars below this never start a sequence, except the keycap bases `#`, `*` and `0`–`9`.
    private static let firstNonKeycapStart: UInt32 = 0xA9

    /// The end (a byte offset) of the longest sequence that starts at `offset`, or `nil`.
    /// - Precondition: `offset` is a scalar boundary of well-formed UTF-8 before the end.
    /// - Complexity: O(length of the match × log of the trie's fan-out).
    @inline(__always)
    package static func match(in text: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
        guard mayStart(lead: text[offset], next: offset + 1 < text.count ? text[offset + 1] : 0) else { return nil }
        return longestMatch(in: text, at: offset)
    }

    /// Whether a scalar whose UTF-8 starts with `lead` and `next` may start a sequence: no
    /// sequence starts below U+00A9 but at a keycap base, from U+3040 to U+327F (kana), from
    /// U+32C0 to U+DFFF (CJK ideographs, Yi, Hangul syllables) or among the four-byte scalars
    /// outside U+1F000...U+1FFFF (checked against the trie's first edges by the tests; twemoji
    /// has sequences that start in the private-use block and at U+FE0F), so those are rejected
    /// from their first two bytes.
    @inline(__always)
    static func mayStart(lead: UInt8, next: UInt8) -> Bool {
        if lead < 0x80 { return lead == 0x23 || lead == 0x2A || (0x30...0x39).contains(lead) }
        if lead == 0xC2 { return UInt32(next) >= firstNonKeycapStart }  // U+0080...U+00BF
        if lead == 0xE3 { return next == 0x80 || next == 0x8A }  // U+3000...U+303F, U+3280...U+32BF
        if lead >= 0xE4 && lead <= 0xED { return false }  // U+4000...U+DFFF
        if lead >= 0xF0 { return lead == 0xF0 && next == 0x9F }  // U+1F000...U+1FFFF only
        return true
    }

    /// Every sequence the reference's global scan reports in `range`, in order (byte ranges).
    /// - Complexity: O(range length).
    package static func sequences(in text: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var position = range.lowerBound
        while position < range.upperBound {
            if text[position] < 0x80 {
                // No sequence starts at an ASCII byte followed by another: only the last byte of
                // an ASCII run (a keycap base before U+FE0F or U+20E3) may start one.
                position = max(position, UTF8Scalar.asciiRunEnd(in: text, from: position, before: range.upperBound) - 1)
            }
            if let end = match(in: text, at: position), end <= range.upperBound {
                found.append(position..<end)
                position = end
            } else {
                position += UTF8Scalar.length(lead: text[position])
            }
        }
        return found
    }

    private static func longestMatch(in text: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
        var node = 0
        var position = offset
        var best: Int?
        while position < text.count {
            let (scalar, length) = text.scalarValue(at: position)
            guard let next = child(of: node, reading: scalar) else { break }
            node = next
            position += length
            switch nodeTerminal[node] {
            case 1: best = position
            case 2:
                if position >= text.count || text.scalarValue(at: position).value != 0xFE0E { best = position }
            default: break
            }
        }
        return best
    }

    @inline(__always)
    private static func child(of node: Int, reading scalar: UInt32) -> Int? {
        var low = Int(nodeFirstEdge[node])
        var high = low + Int(nodeEdgeCount[node])
        while low < high {
            let middle = (low + high) >> 1
            let value = edgeScalars[middle]
            if value == scalar { return Int(edgeTargets[middle]) }
            if value < scalar { low = middle + 1 } else { high = middle }
        }
        return nil
    }
}
