extension IncrementalTokenizer {
    /// Scans one window: copies `[leading separator, window, trailing separator]` into the reusable
    /// slice buffer, lets the rule set find the spans starting in the window, and shifts them back to
    /// text offsets.
    ///
    /// - Precondition: the slice is well-formed UTF-8 (checked here: PCRE2 runs with
    ///   `PCRE2_NO_UTF_CHECK`); the rule set keeps the locality contract, so every span found lies
    ///   inside the window (checked here too, since the span table depends on it).
    /// - Complexity: O(slice) for the copy and the check, plus the rule set's scan of the slice.
    func rescan(_ window: DirtyWindow, in source: some UTF8TextSource) -> [Span] {
        let range = window.utf8Range
        guard !range.isEmpty else { return [] }
        let sliceRange = window.sliceUTF8Range
        let bytes = slice.fill(from: source, range: sliceRange)
        precondition(UTF8Validation.isValid(bytes), "text bytes \(sliceRange) are not well-formed UTF-8")
        let base = sliceRange.lowerBound
        var spans = rules.spans(
            in: bytes, startingIn: range.lowerBound - base..<range.upperBound - base)
        for index in spans.indices {
            spans[index] = spans[index].shifted(by: base)
            precondition(
                range.contains(spans[index].utf8Range.lowerBound) && spans[index].utf8Range.upperBound <= range.upperBound,
                "rule set '\(rules.name)' broke its locality contract: \(spans[index]) crosses the window \(range)")
        }
        return spans
    }
}

/// A byte buffer reused across rescans; it grows to the largest slice seen and never shrinks.
struct SliceBuffer: ~Copyable {
    private var storage: UnsafeMutableBufferPointer<UInt8>

    init() {
        storage = .allocate(capacity: 256)
    }

    deinit {
        storage.deallocate()
    }

    var capacity: Int { storage.count }

    /// Copies `range` of `source` to the buffer's start and returns that prefix.
    /// The result is valid until the next call.
    mutating func fill(from source: some UTF8TextSource, range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        if range.count > storage.count {
            storage.deallocate()
            storage = .allocate(capacity: max(range.count, storage.count * 2))
        }
        let prefix = UnsafeMutableBufferPointer(rebasing: storage[0..<range.count])
        source.copyUTF8(range, into: prefix)
        return UnsafeBufferPointer(prefix)
    }
}
