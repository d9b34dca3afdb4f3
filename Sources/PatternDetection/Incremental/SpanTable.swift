/// The spans of one text, sorted by start and non-overlapping, in a gap buffer that keeps edits near
/// the last edit cheap however many spans the text holds.
///
/// Spans before the gap are stored with absolute offsets; spans after it relative to the end of the
/// text (`offset − utf8Count`, so ≤ 0). A change of text length therefore shifts every span after the
/// gap at no cost: only `utf8Count` changes. The tokenizer keeps the gap at the last edit, so typing
/// in one place never touches the spans elsewhere.
///
/// Kinds are interned into a small table so stored entries are plain integers: moving the gap is
/// a `memmove` plus one pass to convert the moved offsets, with no reference counting.
///
/// Invariant: every span before the gap starts before every span after it, and (outside the
/// tokenizer's brief window of work in `apply`) the spans lie within `0..<utf8Count`.
///
/// - Complexity: moving the gap costs O(m) for the m spans it passes; popping or inserting at the
///   gap O(1) amortised; ``spans`` O(s).
struct SpanTable {
    /// A span as stored: offsets (absolute, or relative to the text end after the gap) and the
    /// index of its kind in `kinds`.
    struct Entry {
        var start: Int
        var end: Int
        var kind: Int
    }

    private var buffer = GapBuffer<Entry>(filler: Entry(start: 0, end: 0, kind: 0))
    private var kinds: [PatternKind] = []
    /// Length of the text the spans belong to.
    private(set) var utf8Count = 0

    init() {}

    /// A table holding `spans` (sorted, non-overlapping) of a text of `utf8Count` bytes.
    init(spans: [Span], utf8Count: Int) {
        self.utf8Count = utf8Count
        var entries: [Entry] = []
        entries.reserveCapacity(spans.count)
        for span in spans { entries.append(entry(for: span)) }
        buffer = GapBuffer(entries, filler: Entry(start: 0, end: 0, kind: 0))
    }

    var count: Int { buffer.count }

    /// The span at logical index `index`, with absolute offsets.
    subscript(index: Int) -> Span {
        index < buffer.countBeforeGap ? span(buffer[index], shift: 0) : span(buffer[index], shift: utf8Count)
    }

    /// All spans, sorted, with absolute offsets.
    var spans: [Span] {
        var result: [Span] = []
        result.reserveCapacity(buffer.count)
        for index in 0..<buffer.count { result.append(self[index]) }
        return result
    }

    /// See ``GapBuffer/storageAddress``.
    var storageAddress: UnsafeRawPointer? { buffer.storageAddress }

    var lastBeforeGap: Span? { buffer.lastBeforeGap.map { span($0, shift: 0) } }
    var firstAfterGap: Span? { buffer.firstAfterGap.map { span($0, shift: utf8Count) } }

    // Pop into a local first: `span(buffer.pop…())` would copy `self` for the outer call before the
    // pop mutates it, and the copy makes the storage non-unique (a full copy per pop).
    mutating func popLastBeforeGap() -> Span {
        let entry = buffer.popLastBeforeGap()
        return span(entry, shift: 0)
    }

    mutating func popFirstAfterGap() -> Span {
        let entry = buffer.popFirstAfterGap()
        return span(entry, shift: utf8Count)
    }

    /// Moves the gap so that exactly the spans starting before `utf8Offset` lie before it.
    /// - Returns: the number of spans that crossed the gap.
    /// - Complexity: O(m) for the m spans crossed.
    @discardableResult
    mutating func moveGap(toOffset utf8Offset: Int) -> Int {
        var position = buffer.countBeforeGap
        while position > 0, buffer[position - 1].start >= utf8Offset {
            position -= 1
        }
        if position == buffer.countBeforeGap {
            let end = buffer.count, relativeOffset = utf8Offset - utf8Count
            while position < end, buffer[position].start < relativeOffset {
                position += 1
            }
        }
        let moved = abs(position - buffer.countBeforeGap)
        let length = utf8Count
        buffer.moveGap(to: position) { storage, slots, nowAfterGap in
            let shift = nowAfterGap ? -length : length
            for slot in slots {
                storage[slot].start += shift
                storage[slot].end += shift
            }
        }
        return moved
    }

    /// Records that the text is now `newUTF8Count` bytes long; spans after the gap move with its end.
    /// - Precondition: the change happened at or before the gap's position in the text (every span
    ///   after the gap starts after the edit).
    mutating func setTextLength(_ newUTF8Count: Int) {
        utf8Count = newUTF8Count
    }

    /// Inserts sorted spans that start after every span before the gap and before every span after it.
    /// - Complexity: O(k) amortised.
    mutating func insertAtGap(_ spans: [Span]) {
        for span in spans {
            let stored = entry(for: span)
            buffer.insertAtGap(stored)  // not `buffer.insertAtGap(entry(for: span))`: see above
        }
    }

    private func span(_ entry: Entry, shift: Int) -> Span {
        Span(kind: kinds[entry.kind], utf8Range: entry.start + shift..<entry.end + shift)
    }

    /// The entry for a span with absolute offsets, interning its kind (a linear search: rule sets
    /// report a handful of kinds).
    private mutating func entry(for span: Span) -> Entry {
        let kind: Int
        if let known = kinds.firstIndex(of: span.kind) {
            kind = known
        } else {
            kind = kinds.count
            kinds.append(span.kind)
        }
        return Entry(start: span.utf8Range.lowerBound, end: span.utf8Range.upperBound, kind: kind)
    }
}
