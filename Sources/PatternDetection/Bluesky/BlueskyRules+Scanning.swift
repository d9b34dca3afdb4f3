/// Shared machinery for the four detectors: the candidate loop and byte-level helpers.
extension BlueskyRules {
    /// Calls `body` for each match of `pattern` that starts in `window`, left to right, the way a
    /// JavaScript global regex walks its subject: `body` returns where the next search starts (at
    /// least the match's end), so a candidate can consume text beyond its match, as a rejected
    /// reference match still moves `lastIndex` past its text.
    ///
    /// - Complexity: one PCRE2 search per candidate plus one.
    static func forEachCandidate(
        of pattern: CompiledPattern, in text: UnsafeBufferPointer<UInt8>, startingIn window: Range<Int>,
        scratch: MatchScratch, _ body: (Range<Int>) -> Int
    ) throws(PatternError) {
        var position = window.lowerBound
        while position < window.upperBound {
            guard
                let match = try scratch.firstMatch(
                    of: pattern, in: text, from: position, startLimit: window.upperBound),
                match.lowerBound < window.upperBound
            else { return }
            let resume = body(match)
            position = Swift.max(resume, match.upperBound, text.scalarEnd(from: match.lowerBound))
        }
    }

    @inline(__always)
    static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// Whether `bytes` starts with exactly `http` (the reference's case-sensitive `startsWith`).
    static func startsWithLowercaseHTTP(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        bytes.count >= 4 && bytes.starts(with: "http".utf8)
    }

    /// Whether `label` (ASCII) is a TLD of the list, compared case-sensitively.
    static func isTLD(_ label: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard !label.isEmpty, label.count <= BlueskyTLDs.maximumLength else { return false }
        return BlueskyTLDs.all.contains(String(decoding: label, as: UTF8.self))
    }

    /// The reference's `isValidDomain`: the text ends in `.` + a listed TLD, i.e. it has a dot and
    /// the label after its last dot is a TLD.
    static func endsInListedTLD(_ name: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard let lastDot = name.lastIndex(of: UInt8(ascii: ".")) else { return false }
        return isTLD(name[(lastDot + 1)...])
    }
}
