import ComposerText
import PatternDetection

/// Writes text with its spans wrapped in SGR escape sequences. Bytes outside and inside spans are
/// copied unchanged, so removing the escapes gives back the input byte for byte.
struct ANSIStyler {
    let depth: ColorDepth
    let styles: PatternStyleTable
    static let reset: [UInt8] = Array(ANSIColorDepth.reset.utf8)
    /// Opening escapes of the kinds known up front, so the hot loop does no formatting.
    private let openings: [(kind: PatternKind, escape: [UInt8])]

    init(depth: ColorDepth, styles: PatternStyleTable, kinds: [PatternKind] = PatternKind.builtIn) {
        self.depth = depth
        self.styles = styles
        self.openings = kinds.map { ($0, Self.opening(for: $0, depth: depth, styles: styles)) }
    }

    /// The opening escape for a kind, or nothing when colour is off or the style is plain.
    func opening(for kind: PatternKind) -> [UInt8] {
        for entry in openings where entry.kind == kind { return entry.escape }
        return Self.opening(for: kind, depth: depth, styles: styles)
    }

    static func opening(for kind: PatternKind, depth: ColorDepth, styles: PatternStyleTable) -> [UInt8] {
        Array(depth.opening(for: styles[kind]).utf8)
    }

    /// Writes `bytes` with `spans` (sorted, non-overlapping, relative to `bytes`) styled.
    func render(_ bytes: UnsafeBufferPointer<UInt8>, spans: [Span], to output: StandardOutput) {
        var position = 0
        for span in spans where span.utf8Range.lowerBound >= position {
            output.write(bytes[position..<span.utf8Range.lowerBound])
            let open = opening(for: span.kind)
            open.withUnsafeBufferPointer { output.write($0) }
            output.write(bytes[span.utf8Range])
            if !open.isEmpty { Self.reset.withUnsafeBufferPointer { output.write($0) } }
            position = span.utf8Range.upperBound
        }
        output.write(bytes[position..<bytes.count])
    }
}
