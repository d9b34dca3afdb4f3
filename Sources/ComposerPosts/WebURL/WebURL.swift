/// An `http:` or `https:` URL parsed as the WHATWG URL Standard parses it (as `new URL(text)` does
/// in a browser or node), without a base URL: the components a link preview shows.
///
/// Hosts follow the current standard: an ASCII domain is only lower-cased; any other goes through
/// UTS #46 ToASCII with the standard's flags (see ``IDNA``), on Unicode 17.0 data.
///
/// Invariants: every component is ASCII (the host is lower-case, IDNA labels are punycode, path,
/// query and fragment are percent-encoded UTF-8 with upper-case hexadecimal); `pathname` starts
/// with `/`; `search` is empty or `?` + a non-empty query; `hash` is empty or `#` + a non-empty
/// fragment; `host` has no port when the port is the scheme's default.
package struct WebURL: Sendable, Hashable {
    /// `http:` or `https:`.
    package let scheme: Scheme
    /// The serialized host, plus `:` and the port when it is not the scheme's default
    /// (`example.com`, `xn--bcher-kva.example:8080`, `127.0.0.1`, `[::1]`).
    package let host: String
    /// The path, dot segments resolved: `/`, `/a/b%20c`.
    package let pathname: String
    /// `?` + the query, or empty when there is none or it is empty.
    package let search: String
    /// `#` + the fragment, or empty when there is none or it is empty.
    package let hash: String

    /// The special schemes this parser handles.
    package enum Scheme: String, Sendable, Hashable {
        case http, https

        var defaultPort: Int { self == .http ? 80 : 443 }
    }

    /// Parses `text` as `new URL(text)` does; nil when that throws or the scheme (matched without
    /// regard to case) is neither `http` nor `https`.
    /// - Complexity: O(n) for n bytes of text, plus IDNA's cost for a non-ASCII host.
    package init?(parsing text: some StringProtocol) {
        var utf8 = Array(text.utf8)
        guard let parts = utf8.withUnsafeMutableBufferPointer({ buffer in
            Self.parse(Self.cleaned(buffer))
        }) else { return nil }
        self = parts
    }

    /// Strips leading and trailing C0 controls and spaces, and removes every tab, line feed and
    /// carriage return (in place, compacting).
    private static func cleaned(_ buffer: UnsafeMutableBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>.SubSequence {
        var start = 0
        var end = buffer.count
        while start < end, buffer[start] <= 0x20 { start += 1 }
        while end > start, buffer[end - 1] <= 0x20 { end -= 1 }
        var write = start
        for read in start..<end {
            let byte = buffer[read]
            if byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
            buffer[write] = byte
            write += 1
        }
        return UnsafeBufferPointer(buffer)[start..<write]
    }

    init(scheme: Scheme, host: [UInt8], pathname: [UInt8], search: [UInt8], hash: [UInt8]) {
        self.scheme = scheme
        self.host = String(decoding: host, as: UTF8.self)
        self.pathname = String(decoding: pathname, as: UTF8.self)
        self.search = String(decoding: search, as: UTF8.self)
        self.hash = String(decoding: hash, as: UTF8.self)
    }
}
