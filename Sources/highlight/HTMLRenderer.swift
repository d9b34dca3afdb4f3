import PatternDetection

/// An escaped HTML fragment: spans become `<span class="KIND">`, links `<a class="url" href>`
/// when their value (the rule set's URI: scheme-less links get the `https://` form) starts with
/// `http://` or `https://`, any case; other links stay `<span class="url">`, so no `javascript:`
/// or `data:` URI is ever linked. Every byte of text, attribute and class is escaped (`& < > " '`),
/// so neither the text nor a URL can open a tag or an attribute. Ill-formed UTF-8 becomes U+FFFD.
///
/// Streams: each chunk is written as it comes, nothing is kept between chunks.
enum HTMLRenderer {
    static func render(
        _ bytes: UnsafeBufferPointer<UInt8>, spans: [Span], value: (Span) -> String, to output: StandardOutput
    ) {
        var position = 0
        for span in spans where span.utf8Range.lowerBound >= position {
            writeEscaped(bytes[position..<span.utf8Range.lowerBound], to: output)
            let kind = escaped(span.kind.rawValue)
            let uri = span.kind == .url ? value(span) : ""
            let lowered = uri.prefix(8).lowercased()
            if lowered.hasPrefix("https://") || lowered.hasPrefix("http://") {
                output.write("<a class=\"\(kind)\" href=\"\(escaped(uri))\">")
                writeEscaped(bytes[span.utf8Range], to: output)
                output.write("</a>")
            } else {
                output.write("<span class=\"\(kind)\">")
                writeEscaped(bytes[span.utf8Range], to: output)
                output.write("</span>")
            }
            position = span.utf8Range.upperBound
        }
        writeEscaped(bytes[position..<bytes.count], to: output)
    }

    /// Writes `bytes` escaped, copying runs of safe bytes at once.
    static func writeEscaped(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, to output: StandardOutput) {
        let text = UnsafeBufferPointer(rebasing: bytes)
        var runs = UTF8Validation.validRuns(in: text)[...]
        var position = 0
        while position < text.count {
            guard let run = runs.first, !run.isEmpty else {
                writeRepaired(text[position...], to: output)
                return
            }
            if position < run.lowerBound {
                writeRepaired(text[position..<run.lowerBound], to: output)
            }
            var start = run.lowerBound
            for index in run {
                guard let entity = entity(for: text[index]) else { continue }
                output.write(text[start..<index])
                output.write(entity)
                start = index + 1
            }
            output.write(text[start..<run.upperBound])
            position = run.upperBound
            runs.removeFirst()
        }
    }

    /// Ill-formed bytes as the replacement characters a decoder would show.
    private static func writeRepaired(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, to output: StandardOutput) {
        output.write(String(decoding: bytes, as: UTF8.self))
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

    static func escaped(_ value: String) -> String {
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
