extension WebURL {
    private static let slash = UInt8(ascii: "/")
    private static let backslash = UInt8(ascii: "\\")
    private static let question = UInt8(ascii: "?")
    private static let numberSign = UInt8(ascii: "#")

    /// The basic URL parser's states for a special scheme and no base, run over cleaned input:
    /// scheme, special authority slashes (any run of `/` and `\`), authority (user info up to the
    /// last `@` is dropped), host, port, path (`\` as `/`, dot segments), query, fragment.
    static func parse(_ input: UnsafeBufferPointer<UInt8>.SubSequence) -> WebURL? {
        guard let (scheme, afterColon) = parseScheme(input) else { return nil }
        var pointer = afterColon
        let end = input.endIndex
        while pointer < end, input[pointer] == slash || input[pointer] == backslash { pointer += 1 }

        // Authority: up to the first `/`, `\`, `?` or `#`; host and port follow the last `@`.
        var authorityEnd = pointer
        var hostStart = pointer
        var sawAt = false
        while authorityEnd < end {
            let byte = input[authorityEnd]
            if byte == slash || byte == backslash || byte == question || byte == numberSign { break }
            if byte == UInt8(ascii: "@") {
                sawAt = true
                hostStart = authorityEnd + 1
            }
            authorityEnd += 1
        }
        if sawAt, hostStart == authorityEnd { return nil }

        // Host, then the port after the first `:` outside brackets.
        var hostEnd = hostStart
        var insideBrackets = false
        while hostEnd < authorityEnd {
            let byte = input[hostEnd]
            if byte == UInt8(ascii: ":"), !insideBrackets { break }
            if byte == UInt8(ascii: "[") { insideBrackets = true }
            if byte == UInt8(ascii: "]") { insideBrackets = false }
            hostEnd += 1
        }
        guard hostEnd > hostStart else { return nil }
        var host: [UInt8] = []
        guard parseHost(input[hostStart..<hostEnd], into: &host) else { return nil }
        if hostEnd < authorityEnd {
            guard let port = parsePort(input[(hostEnd + 1)..<authorityEnd]) else { return nil }
            if let port, port != scheme.defaultPort {
                host.append(UInt8(ascii: ":"))
                host.append(contentsOf: String(port).utf8)
            }
        }

        pointer = authorityEnd
        var pathname: [UInt8] = []
        parsePath(input, from: &pointer, into: &pathname)
        var search: [UInt8] = []
        if pointer < end, input[pointer] == question {
            var queryEnd = pointer + 1
            while queryEnd < end, input[queryEnd] != numberSign { queryEnd += 1 }
            if queryEnd > pointer + 1 {
                search.append(question)
                PercentEncodeSet.specialQuery.append(input[(pointer + 1)..<queryEnd], to: &search)
            }
            pointer = queryEnd
        }
        var hash: [UInt8] = []
        if pointer < end, input[pointer] == numberSign, pointer + 1 < end {
            hash.append(numberSign)
            PercentEncodeSet.fragment.append(input[(pointer + 1)..<end], to: &hash)
        }
        return WebURL(scheme: scheme, host: host, pathname: pathname, search: search, hash: hash)
    }

    /// The scheme (ASCII letter, then letters, digits, `+`, `-`, `.`, up to `:`) when it is http
    /// or https in any case, and the index after the `:`.
    private static func parseScheme(_ input: UnsafeBufferPointer<UInt8>.SubSequence) -> (Scheme, Int)? {
        var index = input.startIndex
        guard index < input.endIndex, (input[index] | 0x20) &- 0x61 < 26 else { return nil }
        while index < input.endIndex, input[index] != UInt8(ascii: ":") {
            let byte = input[index]
            let isSchemeByte = (byte | 0x20) &- 0x61 < 26 || byte &- 0x30 < 10
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            guard isSchemeByte else { return nil }
            index += 1
        }
        guard index < input.endIndex else { return nil }
        let name = input[input.startIndex..<index]
        let scheme: Scheme
        if name.count == 4, name.elementsEqual("http".utf8, by: { $0 | 0x20 == $1 }) {
            scheme = .http
        } else if name.count == 5, name.elementsEqual("https".utf8, by: { $0 | 0x20 == $1 }) {
            scheme = .https
        } else {
            return nil
        }
        return (scheme, index + 1)
    }

    /// The port state: ASCII digits only, at most 65535. `.some(nil)` for an empty port; nil for
    /// a failure.
    private static func parsePort(_ digits: UnsafeBufferPointer<UInt8>.SubSequence) -> Int?? {
        var value = 0
        for byte in digits {
            guard byte &- 0x30 < 10 else { return nil }
            value = value * 10 + Int(byte - 0x30)
            guard value <= 65535 else { return nil }
        }
        return .some(digits.isEmpty ? nil : value)
    }

    /// The path start and path states for a special URL: segments split at `/` and `\`, each
    /// percent-encoded with the path set; `.` and `..` (also as `%2e`, any case) resolved.
    /// Stops at `?`, `#` or the end, leaving `pointer` there.
    private static func parsePath(
        _ input: UnsafeBufferPointer<UInt8>.SubSequence, from pointer: inout Int, into pathname: inout [UInt8]
    ) {
        let end = input.endIndex
        if pointer < end, input[pointer] == slash || input[pointer] == backslash { pointer += 1 }
        var segmentStarts: [Int] = []
        while true {
            var segmentEnd = pointer
            while segmentEnd < end {
                let byte = input[segmentEnd]
                if byte == slash || byte == backslash || byte == question || byte == numberSign { break }
                segmentEnd += 1
            }
            let segment = input[pointer..<segmentEnd]
            let endsWithSlash = segmentEnd < end && (input[segmentEnd] == slash || input[segmentEnd] == backslash)
            switch dotSegmentKind(segment) {
            case 2:
                if let last = segmentStarts.popLast() { pathname.removeSubrange(last...) }
                if !endsWithSlash {
                    segmentStarts.append(pathname.count)
                    pathname.append(slash)
                }
            case 1:
                if !endsWithSlash {
                    segmentStarts.append(pathname.count)
                    pathname.append(slash)
                }
            default:
                segmentStarts.append(pathname.count)
                pathname.append(slash)
                PercentEncodeSet.path.append(segment, to: &pathname)
            }
            pointer = segmentEnd
            guard endsWithSlash else { return }
            pointer += 1
        }
    }

    /// 1 for a single-dot segment (`.`, `%2e`), 2 for a double-dot one (`..`, `.%2e`, `%2e.`,
    /// `%2e%2e`), hexadecimal in any case; 0 otherwise.
    private static func dotSegmentKind(_ segment: UnsafeBufferPointer<UInt8>.SubSequence) -> Int {
        var dots = 0
        var index = segment.startIndex
        while index < segment.endIndex {
            if segment[index] == UInt8(ascii: ".") {
                index += 1
            } else if segment[index] == UInt8(ascii: "%"), index + 2 < segment.endIndex,
                      segment[index + 1] == UInt8(ascii: "2"),
                      segment[index + 2] | 0x20 == UInt8(ascii: "e") {
                index += 3
            } else {
                return 0
            }
            dots += 1
            if dots > 2 { return 0 }
        }
        return dots
    }
}
