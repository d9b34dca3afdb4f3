// Shared by the tests (regression fixtures) and the `links` fuzz target (Fuzz/LinksFuzz.swift),
// which compiles the ComposerPosts sources into its own module and so must not import it.
import PatternDetection
#if !FUZZING
@testable import ComposerPosts
#endif

/// What the `links` fuzz target checks on every input: the WHATWG URL parser, IDNA host mapping
/// and Bluesky link shortening.
///
/// An input is read four ways: as it is, after `https://`, after `http://x.` (a host with a
/// label before the input's), and as a domain handed to IDNA directly.
enum LinkChecks {
    /// The four texts an input stands for.
    static func texts(fromFuzzInput data: UnsafeBufferPointer<UInt8>) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        return [text, "https://" + text, "http://x." + text]
    }

    /// The URL as `href` serializes it: scheme, `//`, host (with a non-default port), path, query,
    /// fragment.
    static func href(_ url: WebURL) -> String {
        url.scheme.rawValue + "://" + url.host + url.pathname + url.search + url.hash
    }

    /// The first violated property for the fuzz input, or `nil`.
    static func violation(fuzzInput data: UnsafeBufferPointer<UInt8>) -> String? {
        for text in texts(fromFuzzInput: data) {
            if let problem = urlViolation(text) { return "\(text.debugDescription): \(problem)" }
            if let problem = shorteningViolation(ofLink: text) { return "\(text.debugDescription): \(problem)" }
        }
        let domain = String(decoding: data, as: UTF8.self)
        if let problem = idnaViolation(domain) { return "IDNA \(domain.debugDescription): \(problem)" }
        if let problem = postViolation(domain) { return "post \(domain.debugDescription): \(problem)" }
        return nil
    }

    /// A parsed URL's components are ASCII and well-formed, and parsing its serialization gives
    /// the same URL.
    static func urlViolation(_ text: String) -> String? {
        guard let url = WebURL(parsing: text) else { return nil }
        for (name, component) in [("host", url.host), ("pathname", url.pathname), ("search", url.search), ("hash", url.hash)] {
            if let byte = component.utf8.first(where: { $0 >= 0x80 || $0 < 0x21 || $0 == 0x7F }) {
                return "\(name) \(component.debugDescription) holds byte \(byte)"
            }
        }
        if let problem = hostViolation(url.host) { return "host \(url.host.debugDescription): \(problem)" }
        if !url.pathname.hasPrefix("/") { return "pathname \(url.pathname.debugDescription) does not start with /" }
        if url.search == "?" || (!url.search.isEmpty && !url.search.hasPrefix("?")) { return "search \(url.search.debugDescription)" }
        if url.hash == "#" || (!url.hash.isEmpty && !url.hash.hasPrefix("#")) { return "hash \(url.hash.debugDescription)" }
        let serialized = href(url)
        guard let again = WebURL(parsing: serialized) else { return "its serialization \(serialized.debugDescription) does not parse" }
        if again != url { return "parsing \(serialized.debugDescription) gives \(href(again).debugDescription)" }
        return nil
    }

    /// A serialized host: an IPv6 address in brackets, or lower-case ASCII without forbidden
    /// domain code points, optionally followed by `:` and a port that is not a scheme's default
    /// form (digits, no leading zero).
    static func hostViolation(_ host: String) -> String? {
        var name = Substring(host)
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return "an IPv6 host without ]" }
            name = ""
            if let problem = portViolation(host[host.index(after: close)...]) { return problem }
            let inside = host[host.index(after: host.startIndex)..<close]
            guard !inside.isEmpty, inside.utf8.allSatisfy({ hexDigit($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") })
            else { return "IPv6 address \(inside.debugDescription)" }
            return nil
        }
        if let colon = host.firstIndex(of: ":") {
            if let problem = portViolation(host[colon...]) { return problem }
            name = host[..<colon]
        }
        guard !name.isEmpty else { return "an empty host" }
        for byte in name.utf8 {
            if byte >= 0x41 && byte <= 0x5A { return "an upper-case letter" }
            if forbiddenDomainBytes.contains(byte) || byte <= 0x20 || byte >= 0x7F { return "forbidden byte \(byte)" }
        }
        return nil
    }

    static let forbiddenDomainBytes = Set("#%/:<>?@[\\]^|".utf8)

    static func hexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte)
    }

    /// Nothing, or `:` and a port in canonical decimal (no leading zero) of at most 65535.
    static func portViolation(_ text: Substring) -> String? {
        guard !text.isEmpty else { return nil }
        let digits = text.dropFirst()
        guard text.first == ":", let port = Int(digits), digits.allSatisfy(\.isASCII), String(port) == digits, port <= 65535
        else { return "port \(text.debugDescription)" }
        return nil
    }

    /// IDNA's result is ASCII, lower-case, its `xn--` labels decode (to something not all ASCII)
    /// and encode back to themselves, and mapping the result again gives it unchanged.
    static func idnaViolation(_ domain: String) -> String? {
        guard let ascii = IDNA.toASCII(domain) else { return nil }
        if let byte = ascii.first(where: { $0 >= 0x80 || ($0 >= 0x41 && $0 <= 0x5A) }) { return "byte \(byte) in the result" }
        let result = String(decoding: ascii, as: UTF8.self)
        for label in ascii.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        where label.starts(with: "xn--".utf8) {
            var decoded: [UInt32] = []
            guard Punycode.decode(label.dropFirst(4), into: &decoded) else {
                return "label \(String(decoding: label, as: UTF8.self)) is not punycode"
            }
            if decoded.allSatisfy({ $0 < 0x80 }) { return "label \(String(decoding: label, as: UTF8.self)) decodes to ASCII" }
            var encoded: [UInt8] = []
            guard Punycode.encode(decoded, into: &encoded), encoded.elementsEqual(label.dropFirst(4)) else {
                return "label \(String(decoding: label, as: UTF8.self)) does not encode back to itself"
            }
        }
        guard let again = IDNA.toASCII(result) else { return "its result \(result.debugDescription) is rejected" }
        if again != ascii { return "mapping \(result.debugDescription) again gives \(String(decoding: again, as: UTF8.self).debugDescription)" }
        return nil
    }

    /// The shortened text of a link that parses is the host and a prefix of the rest, never more
    /// characters (clusters, UTF-16 units) than the full URL; a link that does not parse stays as
    /// it is.
    static func shorteningViolation(ofLink text: String) -> String? {
        let short = BlueskyLinkShortening.shortText(ofLink: text[...])
        guard let url = WebURL(parsing: text) else {
            return short == text ? nil : "a link that does not parse became \(short.debugDescription)"
        }
        let full = href(url)
        if !short.hasPrefix(url.host) { return "shortened to \(short.debugDescription), not after the host" }
        if short.count > full.count || short.utf16.count > full.utf16.count {
            return "shortened to \(short.debugDescription), longer than \(full.debugDescription)"
        }
        return nil
    }

    /// In a post, every link the `bluesky` rule set keeps counts no more than its full URL: the
    /// `bluesky` length is at most that of the post with each link written out in full (or as
    /// typed, when it does not parse).
    static func postViolation(_ text: String) -> String? {
        let post = "see " + text + " ok"
        let links = withUTF8Bytes(of: post) { bytes in BlueskyRules.shared.spans(in: bytes).filter { $0.kind == .url } }
        guard !links.isEmpty else { return nil }
        let utf8 = Array(post.utf8)
        var expanded: [UInt8] = []
        var cursor = 0
        for link in links {
            expanded += utf8[cursor..<link.utf8Range.lowerBound]
            let typed = String(decoding: utf8[link.utf8Range], as: UTF8.self)
            if let problem = shorteningViolation(ofLink: typed) { return "link \(typed.debugDescription): \(problem)" }
            expanded += Array((WebURL(parsing: typed).map(href) ?? typed).utf8)
            cursor = link.utf8Range.upperBound
        }
        expanded += utf8[cursor...]
        let counted = PostLength.report(for: post, profile: .bluesky).length
        let fullText = String(decoding: expanded, as: UTF8.self)
        // The full text's own links are counted as typed: count its clusters plainly.
        if counted > fullText.count { return "counted \(counted), more than the \(fullText.count) clusters with full links" }
        return nil
    }
}
