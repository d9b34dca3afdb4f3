extension BlueskyRules {
    /// The longest tag, in grapheme clusters, not counting the sign. A longer one is dropped, not
    /// truncated.
    static let maximumTagGraphemes = 64

    /// Hashtags: `#` or `＃` at the start of a word (text start or after whitespace, not after
    /// `(`), not followed by U+FE0F. The body (up to whitespace or a tag terminator, found by the
    /// expression) needs one scalar that is neither an ASCII digit nor punctuation (`\p{P}`); then
    /// all trailing punctuation goes (`#tag!!` → `#tag`) and a tag of more than 64 graphemes is
    /// dropped.
    func appendHashtags(
        in text: UnsafeBufferPointer<UInt8>, startingIn window: Range<Int>, scratch: MatchScratch,
        to spans: inout [Span]
    ) throws(PatternError) {
        try Self.forEachCandidate(of: hashtagPattern, in: text, startingIn: window, scratch: scratch) { match in
            let bodyStart = text.scalarEnd(from: match.lowerBound)
            if let end = Self.tagEnd(in: text, body: bodyStart..<match.upperBound) {
                spans.append(Span(kind: .hashtag, utf8Range: match.lowerBound..<end))
            }
            return match.upperBound
        }
    }

    /// Where the tag whose candidate body is `body` ends once trailing punctuation is removed, or
    /// `nil` when the reference rejects it.
    /// - Complexity: O(body length), one pass plus at most one grapheme count.
    static func tagEnd(in text: UnsafeBufferPointer<UInt8>, body: Range<Int>) -> Int? {
        var position = body.lowerBound
        var hasTagCharacter = false
        var endOfLastNonPunctuation = body.lowerBound
        while position < body.upperBound {
            let (scalar, length) = text.decodeScalar(at: position)
            position += length
            if isPunctuation(scalar) { continue }
            endOfLastNonPunctuation = position
            if !(scalar.value >= 0x30 && scalar.value <= 0x39) { hasTagCharacter = true }
        }
        guard hasTagCharacter else { return nil }
        let tag = body.lowerBound..<endOfLastNonPunctuation
        // Bytes bound graphemes from above: only a long tag needs counting.
        if tag.count > maximumTagGraphemes {
            let string = String(decoding: UnsafeBufferPointer(rebasing: text[tag]), as: UTF8.self)
            var graphemes = 0
            for _ in string {
                graphemes += 1
                if graphemes > maximumTagGraphemes { return nil }
            }
        }
        return tag.upperBound
    }

    /// JavaScript's `\p{P}`: the seven punctuation general categories (`Pc Pd Ps Pe Pi Pf Po`).
    /// Swift's table and node 20's agree on every code point (checked, Unicode 17).
    @inline(__always)
    static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return asciiPunctuation & (1 << UInt128(scalar.value)) != 0
        }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
            .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }

    /// ASCII punctuation as a bit set: ``!"#%&'()*,-./:;?@[\]_{}`` (`$+<=>^`|~` are symbols).
    static let asciiPunctuation: UInt128 = ##"!"#%&'()*,-./:;?@[\]_{}"##.utf8.reduce(0) { set, byte in
        set | (1 << UInt128(byte))
    }
}
