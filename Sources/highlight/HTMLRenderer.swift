import PatternDetection

/// An escaped HTML fragment: spans become `<span class="KIND">`, links `<a class="url" href>`
/// when their value (the rule set's URI: scheme-less links get the `https://` form) starts with
/// `http://` or `https://`, any case; other links stay `<span class="url">`, so no `javascript:`
/// or `data:` URI is ever linked. Every byte of text, attribute and class is escaped (`& < > " '`),
/// so neither the text nor a URL can open a tag or an attribute. Ill-formed UTF-8 becomes U+FFFD.
///
/// Streams: each chunk is written as it comes, nothing is kept between chunks. Byte-level: tags
/// per kind are built once, text is copied in runs between the bytes that need an entity.
struct HTMLRenderer {
    /// `<span class="KIND">` for the kinds known up front.
    private let openings: [(kind: PatternKind, tag: [UInt8])]
    /// Line feeds and carriage returns become `&#10;` and `&#13;` (same text, one output line):
    /// for `jsonl` posts, whose output must stay one line each.
    let escapesLineBreaks: Bool

    init(kinds: [PatternKind], escapesLineBreaks: Bool = false) {
        openings = kinds.map { ($0, Self.spanOpening(for: $0)) }
        self.escapesLineBreaks = escapesLineBreaks
    }

    func render(
        _ bytes: UnsafeBufferPointer<UInt8>, spans: [Span], value: (Span) -> String, to output: StandardOutput
    ) {
        let isWellFormed = UTF8Validation.isValid(bytes)
        var position = 0
        for span in spans where span.utf8Range.lowerBound >= position {
            writeEscaped(bytes[position..<span.utf8Range.lowerBound], wellFormed: isWellFormed, to: output)
            let uri = span.kind == .url ? value(span) : ""
            if Self.isWebURI(uri) {
                output.write("<a class=\"url\" href=\"" as StaticString)
                var copy = uri
                copy.withUTF8 { writeEscaped($0[...], wellFormed: true, to: output) }
                output.write("\">" as StaticString)
                writeEscaped(bytes[span.utf8Range], wellFormed: true, to: output)
                output.write("</a>" as StaticString)
            } else {
                output.write(opening(for: span.kind))
                writeEscaped(bytes[span.utf8Range], wellFormed: true, to: output)
                output.write("</span>" as StaticString)
            }
            position = span.utf8Range.upperBound
        }
        writeEscaped(bytes[position..<bytes.count], wellFormed: isWellFormed, to: output)
    }

    /// Whether `uri` starts with `http://` or `https://`, in any case.
    static func isWebURI(_ uri: String) -> Bool {
        let lowered = uri.utf8.prefix(8).map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        return lowered.starts(with: "https://".utf8) || lowered.starts(with: "http://".utf8)
    }

    private func opening(for kind: PatternKind) -> [UInt8] {
        for entry in openings where entry.kind == kind { return entry.tag }
        return Self.spanOpening(for: kind)
    }

    private static func spanOpening(for kind: PatternKind) -> [UInt8] {
        var tag = Array("<span class=\"".utf8)
        for byte in kind.rawValue.utf8 {
            if let entity = entity(for: byte) {
                tag += UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount)
            } else {
                tag.append(byte)
            }
        }
        return tag + Array("\">".utf8)
    }

    /// Writes `bytes` escaped, copying runs of safe bytes at once; ill-formed sequences (only
    /// possible when `wellFormed` is false) become U+FFFD.
    func writeEscaped(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, wellFormed: Bool, to output: StandardOutput) {
        let text = UnsafeBufferPointer(rebasing: bytes)
        guard !wellFormed else { return writeEscapedWellFormed(text[...], to: output) }
        var position = 0
        for run in UTF8Validation.validRuns(in: text) where !run.isEmpty {
            if position < run.lowerBound {
                output.write(String(decoding: text[position..<run.lowerBound], as: UTF8.self))
            }
            writeEscapedWellFormed(text[run], to: output)
            position = run.upperBound
        }
        if position < text.count {
            output.write(String(decoding: text[position...], as: UTF8.self))
        }
    }

    private func writeEscapedWellFormed(_ text: Slice<UnsafeBufferPointer<UInt8>>, to output: StandardOutput) {
        var start = text.startIndex
        for index in text.indices {
            guard let entity = Self.entity(for: text[index]) ?? lineBreakEntity(for: text[index]) else { continue }
            output.write(text[start..<index])
            output.write(entity)
            start = index + 1
        }
        output.write(text[start..<text.endIndex])
    }

    @inline(__always)
    private func lineBreakEntity(for byte: UInt8) -> StaticString? {
        guard escapesLineBreaks else { return nil }
        return byte == 0x0A ? "&#10;" : byte == 0x0D ? "&#13;" : nil
    }

    @inline(__always)
    private static func entity(for byte: UInt8) -> StaticString? {
        switch byte {
        case UInt8(ascii: "&"): return "&amp;"
        case UInt8(ascii: "<"): return "&lt;"
        case UInt8(ascii: ">"): return "&gt;"
        case UInt8(ascii: "\""): return "&quot;"
        case UInt8(ascii: "'"): return "&#39;"
        default: return nil
        }
    }
}
