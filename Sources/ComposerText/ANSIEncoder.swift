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
    /// Opening escapes of the kinds known up front, end to end, so the hot loop does no
    /// formatting: `openingRanges[i]` is the escape of `openingKinds[i]`. The five built-in kinds
    /// come first, in the order of their codes, so a built-in span finds its escape by code.
    private let openingBytes: [UInt8]
    private let openingRanges: [Range<Int>]
    private let openingKinds: [PatternKind]

    package init(depth: ANSIColorDepth, styles: PatternStyleTable = .default, kinds: [PatternKind] = PatternKind.builtIn) {
        self.depth = depth
        self.styles = styles
        var kindsKnown = PatternKind.builtIn.sorted { $0.code < $1.code }
        for kind in kinds where !kindsKnown.contains(kind) { kindsKnown.append(kind) }
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        for kind in kindsKnown {
            let escape = Array(depth.opening(for: styles[kind]).utf8)
            ranges.append(bytes.count..<bytes.count + escape.count)
            bytes += escape
        }
        (openingBytes, openingRanges, openingKinds) = (bytes, ranges, kindsKnown)
    }

    /// The index of `kind`'s escape in `openingRanges`, or `nil` when it was not known up front.
    @inline(__always)
    private func openingIndex(for kind: PatternKind) -> Int? {
        if kind.code != 0 { return Int(kind.code) - 1 }
        return openingKinds.indices.dropFirst(PatternKind.builtIn.count).first { openingKinds[$0] == kind }
    }

    /// The opening escape for a kind; empty when colour is off or the style is plain.
    package func opening(for kind: PatternKind) -> [UInt8] {
        if let index = openingIndex(for: kind) { return Array(openingBytes[openingRanges[index]]) }
        return Array(depth.opening(for: styles[kind]).utf8)
    }

    /// Writes `bytes` with `spans` (sorted, non-overlapping, relative to `bytes`) styled.
    /// - Complexity: O(bytes + spans).
    package func encode(_ bytes: UnsafeBufferPointer<UInt8>, spans: [Span], into sink: inout some ByteSink) {
        let reset = Self.reset, openingBytes = self.openingBytes
        reset.withUnsafeBufferPointer { reset in openingBytes.withUnsafeBufferPointer { openings in
            var position = 0
            for index in spans.indices {
                // Only the span's range and kind are read: no span (and no kind name) is copied.
                let range = spans[index].utf8Range
                guard range.lowerBound >= position else { continue }
                sink.write(bytes[position..<range.lowerBound])
                let styled: Bool
                if let opening = openingIndex(for: spans[index].kind) {
                    let escape = openings[openingRanges[opening]]
                    sink.write(escape)
                    styled = !escape.isEmpty
                } else {
                    let escape = opening(for: spans[index].kind)
                    sink.write(escape)
                    styled = !escape.isEmpty
                }
                sink.write(bytes[range])
                if styled { sink.write(reset) }
                position = range.upperBound
            }
            sink.write(bytes[position..<bytes.count])
        } }
    }
}
