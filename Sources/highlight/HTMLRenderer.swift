import PatternDetection

/// An escaped HTML fragment: spans become `<span class="KIND">`, links `<a class="url" href>` when
/// their URI is http or https. Every byte of text is escaped, so neither the text nor a URL can
/// open a tag or an attribute.
enum HTMLRenderer {
    static func render(_ bytes: UnsafeBufferPointer<UInt8>, spans: [Span], rules: any RuleSet) -> String {
        var out = ""
        var position = 0
        for span in spans where span.utf8Range.lowerBound >= position {
            appendEscaped(bytes[position..<span.utf8Range.lowerBound], to: &out)
            let kind = escapedAttribute(span.kind.rawValue)
            let value = rules.value(of: span, in: bytes)
            let lowered = value.lowercased()
            if span.kind == .url, lowered.hasPrefix("https://") || lowered.hasPrefix("http://") {
                out += "<a class=\"\(kind)\" href=\"\(escapedAttribute(value))\">"
                appendEscaped(bytes[span.utf8Range], to: &out)
                out += "</a>"
            } else {
                out += "<span class=\"\(kind)\">"
                appendEscaped(bytes[span.utf8Range], to: &out)
                out += "</span>"
            }
            position = span.utf8Range.upperBound
        }
        appendEscaped(bytes[position..<bytes.count], to: &out)
        return out
    }

    static func appendEscaped(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, to out: inout String) {
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
    }

    static func escapedAttribute(_ value: String) -> String {
        var out = ""
        var copy = value
        copy.withUTF8 { appendEscaped($0[...], to: &out) }
        return out
    }
}
