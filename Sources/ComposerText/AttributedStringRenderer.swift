import Foundation
import PatternDetection

/// How many colours a terminal shows.
public enum ANSIColorDepth: Sendable, Hashable {
    case none
    case palette256
    case trueColor

    /// The SGR escape that starts `style`, or empty when there is nothing to draw.
    public func opening(for style: PatternStyle) -> String {
        guard self != .none else { return "" }
        var codes: [String] = []
        if style.underline { codes.append("4") }
        if let color = style.color {
            switch self {
            case .trueColor: codes.append("38;2;\(color.red);\(color.green);\(color.blue)")
            case .palette256: codes.append("38;5;\(color.xterm256Index)")
            case .none: break
            }
        }
        return codes.isEmpty ? "" : "\u{1B}[\(codes.joined(separator: ";"))m"
    }

    public static let reset = "\u{1B}[0m"
}

/// Renders a styled `AttributedString` (one whose constraints have run) for a terminal or a page.
/// For streams of plain text the CLI styles spans directly instead; these serve library users who
/// hold an `AttributedString`.
public enum AttributedStringRenderer {
    /// The text with SGR escapes for each run's colour and underline; removing them gives back the
    /// characters exactly.
    /// - Complexity: O(runs with distinct styles).
    public static func ansi(_ text: AttributedString, depth: ANSIColorDepth) -> String {
        var out = ""
        for (color, underline, range) in text.runs[\.foregroundColor, \.underlineStyle] {
            let characters = String(text.characters[range])
            let opening = depth.opening(for: PatternStyle(color: color, underline: underline != nil))
            if opening.isEmpty {
                out += characters
            } else {
                out += opening + characters + ANSIColorDepth.reset
            }
        }
        return out
    }

    /// An escaped HTML fragment: tagged runs become `<span class="KIND">`, links `<a class="url"
    /// href>` when their URI is http or https, bold becomes `<strong>`. Text and URIs are escaped, so
    /// nothing in them can open a tag or an attribute.
    ///
    /// - Parameters:
    ///   - text: a string whose constraints have run.
    ///   - uri: the link target for a URL run's text; the default keeps an http(s) URL as it is and
    ///     prefixes `https://` to a scheme-less one (Bluesky's facet URI), anything else no link.
    public static func html(
        _ text: AttributedString,
        uri: (String) -> String? = AttributedStringRenderer.defaultURI
    ) -> String {
        var out = ""
        for (kind, emphasis, range) in text.runs[\.textPattern, \.emphasis] {
            let characters = String(text.characters[range])
            var piece = HTMLEscaping.escape(characters)
            if let kind {
                let className = HTMLEscaping.escape(kind.rawValue)
                if kind == .url, let target = uri(characters) {
                    piece = "<a class=\"\(className)\" href=\"\(HTMLEscaping.escape(target))\">\(piece)</a>"
                } else {
                    piece = "<span class=\"\(className)\">\(piece)</span>"
                }
            }
            if let emphasis, emphasis.contains(.stronglyEmphasized) { piece = "<strong>\(piece)</strong>" }
            out += piece
        }
        return out
    }

    /// The link's URI as Bluesky's facets give it — the text, with `https://` before a link typed
    /// without a scheme — when `HTMLLinkPolicy` allows it (http and https only).
    public static func defaultURI(_ text: String) -> String? {
        let lowered = text.lowercased()
        let hasScheme = lowered.hasPrefix("https://") || lowered.hasPrefix("http://") || lowered.contains("://")
            || lowered.hasPrefix("javascript:") || lowered.hasPrefix("data:")
        return HTMLLinkPolicy.href(forURI: hasScheme ? text : "https://" + text)
    }
}
