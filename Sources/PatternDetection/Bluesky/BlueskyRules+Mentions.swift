extension BlueskyRules {
    /// Where the mention whose `@` is at `sign` (a candidate start) ends, or nil.
    ///
    /// The reference's `@([a-zA-Z0-9.-]+)(\b)`: the longest run of handle characters, cut back to
    /// the last position that is an ASCII word boundary (JavaScript's `\b` without the `u` flag: only
    /// `[A-Za-z0-9_]` are word characters), so the handle ends in a letter or digit with no word
    /// character after it, or in `.`/`-` with one after it. The handle must then end in `.` + a
    /// listed TLD, or in `.test`. A rejected candidate is not retried shorter: `@alice.example_` is
    /// cut back to `@alice.` by the boundary rule and then fails, exactly as in the reference.
    /// - Complexity: O(length of the handle run), read twice at most.
    static func mentionEnd(in text: UnsafeBufferPointer<UInt8>, sign: Int) -> Int? {
        let classes = byteClasses
        var runEnd = sign + 1
        while runEnd < text.count, classes.contains(text[runEnd], handleByte) { runEnd += 1 }
        var end = runEnd
        while end > sign + 1 {
            let followedByWordCharacter = end < text.count && classes.contains(text[end], wordByte)
            if isASCIIAlphanumeric(text[end - 1]) != followedByWordCharacter { break }
            end -= 1
        }
        guard end > sign + 1 else { return nil }
        let handle = text[(sign + 1)..<end]
        guard endsInListedTLD(handle) || handle.reversed().starts(with: ".test".utf8.reversed()) else { return nil }
        return end
    }
}
