/// Bytes an encoder writes for each span kind (a JSON record's opening, a terminal escape), made
/// once and kept end to end in one buffer, so the per-span loop only looks them up.
///
/// Invariant: the five built-in kinds come first, in the order of their codes, so a built-in
/// kind's bytes are at index `code - 1` without a search; other kinds follow in the order added,
/// each once. ``RawJSONWriter/blockSlack`` zero bytes follow the last kind's, so any kind's bytes
/// can be copied in whole blocks from their start (``RawJSONWriter/appendBlocks(_:count:)``).
package struct PatternKindBytes: Sendable {
    /// Every kind's bytes, end to end, then the slack: ``range(at:)`` says where one kind's are.
    package private(set) var bytes = [UInt8](repeating: 0, count: RawJSONWriter.blockSlack)
    private var ranges: [Range<Int>] = []
    private var kinds: [PatternKind] = []

    /// The built-in kinds' bytes, `make(kind)` for each.
    package init(_ make: (PatternKind) -> [UInt8]) {
        for kind in PatternKind.builtIn.sorted(by: { $0.code < $1.code }) {
            precondition(add(kind, make) == Int(kind.code) - 1, "built-in kinds have the codes 1…\(PatternKind.builtIn.count)")
        }
    }

    /// The index of `kind`'s bytes, or `nil` when they were not made.
    /// - Complexity: O(1) for a built-in kind, O(other kinds) otherwise.
    @inline(__always)
    package func index(of kind: PatternKind) -> Int? {
        if kind.code != 0 {
            let index = Int(kind.code) - 1
            return index < ranges.count ? index : nil
        }
        return kinds.indices.dropFirst(PatternKind.builtIn.count).first { kinds[$0] == kind }
    }

    /// Where the bytes of the kind at `index` lie in ``bytes``.
    @inline(__always)
    package func range(at index: Int) -> Range<Int> { ranges[index] }

    /// Makes `kind`'s bytes with `make` unless they were made; their index.
    @discardableResult
    package mutating func add(_ kind: PatternKind, _ make: (PatternKind) -> [UInt8]) -> Int {
        if let index = index(of: kind) { return index }
        let made = make(kind)
        let end = bytes.count - RawJSONWriter.blockSlack
        ranges.append(end..<end + made.count)
        bytes.insert(contentsOf: made, at: end)
        kinds.append(kind)
        return kinds.count - 1
    }
}
