/// A sequence stored in one array with a movable hole (the gap), so insertions and removals at the
/// gap cost O(1) amortised and moving the gap costs O(distance moved).
///
/// Storage layout: `storage[0..<gapStart]` holds the elements before the gap,
/// `storage[gapEnd..<storage.count]` those after it, and the slots in between hold `filler`.
/// Logical index `i` is `storage[i]` before the gap and `storage[i + gapCount]` after it.
///
/// The owner may keep elements in a different representation on each side of the gap (the span
/// table stores spans after the gap relative to the text end); ``moveGap(to:adjustingMoved:)`` hands
/// it the elements that crossed so it can convert them.
@usableFromInline package struct GapBuffer<Element> {
    @usableFromInline package private(set) var storage: ContiguousArray<Element>
    @usableFromInline package private(set) var gapStart: Int
    @usableFromInline package private(set) var gapEnd: Int
    private let filler: Element

    @usableFromInline package init(filler: Element, capacity: Int = 16) {
        self.filler = filler
        storage = ContiguousArray(repeating: filler, count: Swift.max(capacity, 1))
        gapStart = 0
        gapEnd = storage.count
    }

    /// A buffer holding `elements`, the gap after them.
    @usableFromInline package init(_ elements: some Collection<Element>, filler: Element, extraCapacity: Int = 16) {
        self.filler = filler
        storage = ContiguousArray(elements)
        gapStart = storage.count
        storage.append(contentsOf: repeatElement(filler, count: Swift.max(extraCapacity, 1)))
        gapEnd = storage.count
    }

    @usableFromInline package var count: Int { storage.count - gapCount }
    @usableFromInline package var gapCount: Int { gapEnd - gapStart }
    /// Number of elements before the gap (also the gap's logical position).
    @usableFromInline package var countBeforeGap: Int { gapStart }
    @usableFromInline package var countAfterGap: Int { storage.count - gapEnd }

    /// The element at logical index `index`.
    @usableFromInline package subscript(index: Int) -> Element {
        storage[index < gapStart ? index : index + gapCount]
    }

    @usableFromInline package var lastBeforeGap: Element? { gapStart > 0 ? storage[gapStart - 1] : nil }
    @usableFromInline package var firstAfterGap: Element? { gapEnd < storage.count ? storage[gapEnd] : nil }

    /// Moves the gap to logical position `position` (`0...count`).
    ///
    /// - Parameter adjustingMoved: called once for the elements that crossed the gap, with their
    ///   storage range and whether they now lie after the gap; `nil` when no conversion is needed.
    /// - Complexity: O(|position − gapStart|), one overlapping-safe block move.
    @usableFromInline package mutating func moveGap(
        to position: Int,
        adjustingMoved: ((inout ContiguousArray<Element>, Range<Int>, _ nowAfterGap: Bool) -> Void)? = nil
    ) {
        precondition(position >= 0 && position <= count, "gap position \(position) outside 0...\(count)")
        if position == gapStart { return }
        let gap = gapCount
        if position < gapStart {
            let moved = gapStart - position
            storage.withUnsafeMutableBufferPointer { buffer in
                (buffer.baseAddress! + gapEnd - moved).update(from: buffer.baseAddress! + position, count: moved)
            }
            let oldStart = gapStart
            gapStart = position
            gapEnd = position + gap
            clear(position..<Swift.min(oldStart, gapEnd))
            adjustingMoved?(&storage, gapEnd..<gapEnd + moved, true)
        } else {
            let moved = position - gapStart
            storage.withUnsafeMutableBufferPointer { buffer in
                (buffer.baseAddress! + gapStart).update(from: buffer.baseAddress! + gapEnd, count: moved)
            }
            let oldStart = gapStart, oldEnd = gapEnd
            gapStart = position
            gapEnd = position + gap
            clear(Swift.max(oldEnd, gapStart)..<gapEnd)
            adjustingMoved?(&storage, oldStart..<position, false)
        }
    }

    /// Puts `filler` into the stale slots a move left behind in the gap, so they release what they
    /// hold. Skipped for trivial element types.
    private mutating func clear(_ slots: Range<Int>) {
        guard !_isPOD(Element.self), !slots.isEmpty else { return }
        for index in slots { storage[index] = filler }
    }

    /// Inserts `elements` at the gap, before it: they end up just before the gap.
    /// - Complexity: O(k) amortised for k elements (the storage doubles when the gap is too small).
    @usableFromInline package mutating func insertAtGap(contentsOf elements: some Collection<Element>) {
        let needed = elements.count
        if needed > gapCount { grow(toFit: needed) }
        for element in elements {
            storage[gapStart] = element
            gapStart += 1
        }
    }

    @usableFromInline package mutating func insertAtGap(_ element: Element) {
        if gapCount == 0 { grow(toFit: 1) }
        storage[gapStart] = element
        gapStart += 1
    }

    /// Removes and returns the element just before the gap.
    @usableFromInline package mutating func popLastBeforeGap() -> Element {
        precondition(gapStart > 0, "nothing before the gap")
        gapStart -= 1
        let element = storage[gapStart]
        storage[gapStart] = filler
        return element
    }

    /// Removes and returns the element just after the gap.
    @usableFromInline package mutating func popFirstAfterGap() -> Element {
        precondition(gapEnd < storage.count, "nothing after the gap")
        let element = storage[gapEnd]
        storage[gapEnd] = filler
        gapEnd += 1
        return element
    }

    /// Removes the `count` elements just after the gap.
    /// - Complexity: O(1) for trivial element types, O(count) otherwise.
    @usableFromInline package mutating func removeAfterGap(_ removed: Int) {
        precondition(removed >= 0 && removed <= countAfterGap, "removing \(removed) of \(countAfterGap)")
        gapEnd += removed
        if !_isPOD(Element.self) {
            for index in gapEnd - removed..<gapEnd { storage[index] = filler }
        }
    }

    /// Reallocates so the gap holds at least `needed` elements: capacity at least doubles.
    private mutating func grow(toFit needed: Int) {
        let newCapacity = Swift.max(storage.count * 2, count + needed + 16)
        let newGap = newCapacity - count
        var grown = ContiguousArray<Element>()
        grown.reserveCapacity(newCapacity)
        grown.append(contentsOf: storage[0..<gapStart])
        grown.append(contentsOf: repeatElement(filler, count: newGap))
        grown.append(contentsOf: storage[gapEnd...])
        gapEnd = gapStart + newGap
        storage = grown
    }

    /// Address of the storage: unchanged as long as the buffer neither grows nor gets copied
    /// (tests use it to catch accidental copy-on-write copies).
    @usableFromInline package var storageAddress: UnsafeRawPointer? {
        storage.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    /// All elements in logical order.
    /// - Complexity: O(count).
    @usableFromInline package var elements: [Element] {
        Array(storage[0..<gapStart]) + storage[gapEnd...]
    }
}
extension GapBuffer: Sendable where Element: Sendable {}
