import PatternDetection

/// The locality contract checked the way the incremental tokenizer relies on it: a text's words
/// (maximal separator-free runs), each scanned alone as the slice `[leading separator, word,
/// trailing separator]` with the word as the window.
enum WordSlices {
    /// The union of the per-word slice scans of `text`, in `text`'s offsets (equal to a full scan
    /// when `rules` keeps the contract), and the spans of the full scan that hold a separator.
    static func check(_ text: String, rules: any RuleSet) -> (full: [Span], union: [Span], holdingSeparators: [Span]) {
        let bytes = Array(text.utf8)
        let full = bytes.withUnsafeBufferPointer { rules.spans(in: $0) }
        var boundaries: [(offset: Int, isSeparator: Bool, length: Int)] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            let length = UTF8.width(scalar)
            boundaries.append((offset, rules.isSeparator(scalar), length))
            offset += length
        }
        let holding = full.filter { span in boundaries.contains { $0.isSeparator && span.utf8Range.contains($0.offset) } }
        var union: [Span] = []
        var index = 0
        while index < boundaries.count {
            guard !boundaries[index].isSeparator else {
                index += 1
                continue
            }
            var last = index
            while last + 1 < boundaries.count, !boundaries[last + 1].isSeparator { last += 1 }
            let wordStart = boundaries[index].offset
            let wordEnd = boundaries[last].offset + boundaries[last].length
            let sliceStart = index > 0 ? boundaries[index - 1].offset : wordStart
            let sliceEnd = last + 1 < boundaries.count ? wordEnd + boundaries[last + 1].length : wordEnd
            let slice = Array(bytes[sliceStart..<sliceEnd])
            union += slice.withUnsafeBufferPointer {
                rules.spans(in: $0, startingIn: (wordStart - sliceStart)..<(wordEnd - sliceStart))
            }.map { $0.shifted(by: sliceStart) }
            index = last + 1
        }
        return (full, union, holding)
    }
}
