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
    private let openings: [Opening]

    private struct Opening: Sendable {
        let kind: PatternKind
        let escape: [UInt8]
    }

    package init(depth: ANSIColorDepth, styles: PatternStyleTable = .default, kinds: [PatternKind] = PatternKind.builtIn) {
        self.depth = depth
        self.styles = styles
        self.openings = kinds.map { Opening(kind: $0, escape: Array(depth.opening(for: styles[$0]).utf8)) }
    }

    /// The opening escape for a kind; empty when colour is off or the style is plain.
    package func opening(for kind: PatternKind) -> [UInt8] {
        for entry in openings where entry.kind == kind { return entry.escape }
        return Array(depth.opening(for: styles[kind]).utf8)
    }

    /// Writes `bytes` with `spans` (sorted, non-overlapping, relative to `bytes`) styled.
    /// - Complexity: O(bytes + spans).
    package func encode(_ bytes: UnsafeBufferPointer<UInt8>, spans: [Span], into sink: inout some ByteSink) {
        var position = 0
        for span in spans where span.utf8Range.lowerBound >= position {
            sink.write(bytes[position..<span.utf8Range.lowerBound])
            let styled = writeOpening(for: span.kind, to: &sink)
            sink.write(bytes[span.utf8Range])
            if styled { Self.reset.withUnsafeBufferPointer { sink.write($0) } }
            position = span.utf8Range.upperBound
        }
        sink.write(bytes[position..<bytes.count])
    }

    /// Writes the opening escape for `kind` without copying it; whether there was one.
    @inline(__always)
    private func writeOpening(for kind: PatternKind, to sink: inout some ByteSink) -> Bool {
        for entry in openings where entry.kind == kind {
            entry.escape.withUnsafeBufferPointer { sink.write($0) }
            return !entry.escape.isEmpty
        }
        let escape = opening(for: kind)
        sink.write(escape)
        return !escape.isEmpty
    }
}
