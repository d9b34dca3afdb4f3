import PatternDetection

/// Text with its spans wrapped in SGR escape sequences for a terminal, byte-level: bytes outside
/// and inside spans are copied unchanged, so removing the escapes gives back the input byte for
/// byte (also for input that is not valid UTF-8). Styles come from a ``PatternStyleTable`` (a
/// ``FormattingDefinition`` evaluated once per kind), so terminal and composer share one source.
package struct ANSIEncoder: Sendable {
    package let depth: ANSIColorDepth
    package let styles: PatternStyleTable
    /// The SGR reset sequence.
    package static let reset: [UInt8] = Array(ANSIColorDepth.reset.utf8)
    /// Opening escapes of the kinds known up front, so the hot loop does no formatting.
    private let escapes: PatternKindBytes

    package init(depth: ANSIColorDepth, styles: PatternStyleTable = .default, kinds: [PatternKind] = PatternKind.builtIn) {
        self.depth = depth
        self.styles = styles
        let escape = { (kind: PatternKind) in Self.opening(for: kind, depth: depth, styles: styles) }
        var escapes = PatternKindBytes(escape)
        for kind in kinds { escapes.add(kind, escape) }
        self.escapes = escapes
    }

    /// The opening escape for a kind; empty when colour is off or the style is plain.
    package func opening(for kind: PatternKind) -> ArraySlice<UInt8> {
        if let index = escapes.index(of: kind) { return escapes.bytes[escapes.range(at: index)] }
        return Self.opening(for: kind, depth: depth, styles: styles)[...]
    }

    /// Calls `body` with `kind`'s opening escape: from `escapeBytes` (the escapes made up front,
    /// as ``withEscapeBytes(_:)`` gives them) when it was made there, else formatted now.
    @inline(__always)
    func withOpening(
        for kind: PatternKind, in escapeBytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        if let known = escapes.index(of: kind) {
            body(UnsafeBufferPointer(rebasing: escapeBytes[escapes.range(at: known)]))
        } else {
            opening(for: kind).withUnsafeBufferPointer(body)
        }
    }

    /// Calls `body` with the bytes of the escapes made up front, for ``withOpening(for:in:_:)``.
    @inline(__always)
    func withEscapeBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        escapes.bytes.withUnsafeBufferPointer(body)
    }

    private static func opening(for kind: PatternKind, depth: ANSIColorDepth, styles: PatternStyleTable) -> [UInt8] {
        Array(depth.opening(for: styles[kind]).utf8)
    }

    /// Writes `bytes` with `spans` (sorted, non-overlapping, relative to `bytes`) styled.
    /// - Complexity: O(bytes + spans).
    package func encode(_ bytes: UnsafeBufferPointer<UInt8>, spans: [Span], into sink: inout some ByteSink) {
        Self.reset.withUnsafeBufferPointer { reset in withEscapeBytes { escapeBytes in
            var position = 0
            for index in spans.indices {
                // Only the span's range and kind are read: no span (and no kind name) is copied.
                let range = spans[index].utf8Range
                guard range.lowerBound >= position else { continue }
                sink.write(bytes[position..<range.lowerBound])
                withOpening(for: spans[index].kind, in: escapeBytes) { escape in
                    sink.write(escape)
                    sink.write(bytes[range])
                    if !escape.isEmpty { sink.write(reset) }
                }
                position = range.upperBound
            }
            sink.write(bytes[position..<bytes.count])
        } }
    }
}
