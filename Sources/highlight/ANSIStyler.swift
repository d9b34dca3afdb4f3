import ComposerText
import PatternDetection

/// Writes text with its spans wrapped in SGR escape sequences. Bytes outside and inside spans are
/// copied unchanged, so removing the escapes gives back the input byte for byte.
struct ANSIStyler {
    let depth: ColorDepth
    let styles: PatternStyleTable
    static let reset: [UInt8] = Array("\u{1B}[0m".utf8)

    /// The opening escape for a kind, or nothing when colour is off or the style is plain.
    func opening(for kind: PatternKind) -> [UInt8] {
        guard depth != .none else { return [] }
        let style = styles[kind]
        var codes: [String] = []
        if style.underline { codes.append("4") }
        if let color = style.color {
            switch depth {
            case .trueColor: codes.append("38;2;\(color.red);\(color.green);\(color.blue)")
            case .palette256: codes.append("38;5;\(color.xterm256Index)")
            case .none: break
            }
        }
        guard !codes.isEmpty else { return [] }
        return Array("\u{1B}[\(codes.joined(separator: ";"))m".utf8)
    }

    /// Calls `emit` with the output for `bytes` in pieces (no copy of the whole text).
    func render(
        _ bytes: UnsafeBufferPointer<UInt8>, spans: [Span], emit: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        var position = 0
        var openings: [PatternKind: [UInt8]] = [:]
        for span in spans where span.utf8Range.lowerBound >= position {
            emit(UnsafeBufferPointer(rebasing: bytes[position..<span.utf8Range.lowerBound]))
            let open = openings[span.kind] ?? opening(for: span.kind)
            openings[span.kind] = open
            open.withUnsafeBufferPointer(emit)
            emit(UnsafeBufferPointer(rebasing: bytes[span.utf8Range]))
            if !open.isEmpty { Self.reset.withUnsafeBufferPointer(emit) }
            position = span.utf8Range.upperBound
        }
        emit(UnsafeBufferPointer(rebasing: bytes[position..<bytes.count]))
    }
}
