import PatternDetection

/// twitter-text 3.1.0's `parseTweet` walk over an NFC text, reproduced on UTF-8.
///
/// The reference steps through UTF-16 code units: at a unit where a URL starts it adds the URL
/// weight and skips the URL's `url.length` units; where an emoji sequence starts (and emoji
/// parsing is on) it adds `defaultWeight` and skips the sequence; otherwise it adds the weight of
/// the unit, stepping over both halves of a surrogate pair and weighing the pair by its low
/// surrogate (so every astral character weighs `defaultWeight`). After each step the last unit
/// stepped over decides validity (U+FFFE, U+FEFF, U+FFFF make the text invalid from there on),
/// and while the text is valid and the running weight within the limit, that unit's index is the
/// end of the valid range. A URL skip can end inside a surrogate pair (see
/// ``TwitterWeightedURL/skippedUTF16Count``); the walk then resumes at the low surrogate, which
/// weighs on its own, as in the reference.
struct TwitterTally {
    /// Weight in units of `1 / scale`.
    var scaledWeight = 0
    /// Whether no step ended on an invalid unit.
    var hasNoInvalidUnit = true
    /// The reference's `validDisplayIndex`: the last UTF-16 unit (inclusive, from the start of
    /// the walked range) of the last step that kept the text valid and within the limit.
    var validDisplayIndex = 0
    /// UTF-16 units walked.
    var utf16Count = 0

    /// Walks `range` of `text` (NFC, well-formed UTF-8). `urls` are the reference's URL entities
    /// of that range, sorted, in offsets of `text`. `startingWeight` is what the walk weighed
    /// before the range (valid and within the limit), for a walk resumed in the middle of a text.
    /// - Complexity: O(range length).
    init(
        text: UnsafeBufferPointer<UInt8>, range: Range<Int>, urls: ArraySlice<TwitterWeightedURL>, weighting: TwitterWeighting,
        startingWeight: Int = 0
    ) {
        scaledWeight = startingWeight
        let emoji = weighting.emojiParsingEnabled ? EmojiTrie.sequences(in: text, range: range) : []
        let maximum = weighting.maxWeightedLength * weighting.scale
        let asciiWeight = weighting.uniformASCIIWeight
        let wideWeight = weighting.uniformWideWeight
        var cursor = Cursor(text: text, position: range.lowerBound)
        var nextURL = urls.startIndex
        var nextEmoji = 0
        while cursor.position < range.upperBound {
            while nextURL < urls.endIndex, urls[nextURL].utf8Range.lowerBound < cursor.position { nextURL += 1 }
            while nextEmoji < emoji.count, emoji[nextEmoji].lowerBound < cursor.position { nextEmoji += 1 }
            let lastUnit: UInt32
            if !cursor.atLowSurrogate, nextURL < urls.endIndex, urls[nextURL].utf8Range.lowerBound == cursor.position {
                scaledWeight += weighting.transformedURLLength * weighting.scale
                lastUnit = cursor.advance(utf16Units: urls[nextURL].skippedUTF16Count)
                nextURL += 1
            } else if !cursor.atLowSurrogate, nextEmoji < emoji.count, emoji[nextEmoji].lowerBound == cursor.position {
                scaledWeight += weighting.defaultWeight
                lastUnit = cursor.advance(toByte: emoji[nextEmoji].upperBound)
                nextEmoji += 1
            } else if !cursor.atLowSurrogate,
                let run = Self.uniformRun(
                    in: text, at: cursor.position, asciiWeight: asciiWeight, wideWeight: wideWeight,
                    before: min(
                        range.upperBound, nextURL < urls.endIndex ? urls[nextURL].utf8Range.lowerBound : .max,
                        nextEmoji < emoji.count ? emoji[nextEmoji].lowerBound : .max))
            {
                // A run of units of one weight up to the next URL or emoji, weighed at once: none
                // is invalid, and the valid range ends at the last unit the limit still holds.
                let room = maximum - scaledWeight
                let fitting = room < 0 ? 0 : run.weight > 0 ? min(run.units, room / run.weight) : run.units
                if hasNoInvalidUnit, fitting >= 1 { validDisplayIndex = cursor.utf16 + fitting - 1 }
                scaledWeight += run.units * run.weight
                cursor.advance(bytes: run.end - cursor.position, units: run.units)
                continue
            } else {
                lastUnit = cursor.advanceOneCharacter()
                scaledWeight += weighting.weight(ofUnit: lastUnit)
            }
            if hasNoInvalidUnit, lastUnit == 0xFFFE || lastUnit == 0xFEFF || lastUnit == 0xFFFF { hasNoInvalidUnit = false }
            if hasNoInvalidUnit, scaledWeight <= maximum { validDisplayIndex = cursor.utf16 - 1 }
        }
        utf16Count = cursor.utf16
    }

    /// The run of units of one weight at `position`, ending before `end`: ASCII when it has a
    /// uniform weight, or scalars from U+3000 to U+EFFF (three bytes each, lead byte 0xE3 to 0xEE)
    /// when they have one; `nil` at any other scalar. Each such scalar is one UTF-16 unit.
    @inline(__always)
    private static func uniformRun(
        in text: UnsafeBufferPointer<UInt8>, at position: Int, asciiWeight: Int?, wideWeight: Int?, before end: Int
    ) -> (end: Int, units: Int, weight: Int)? {
        let lead = text[position]
        if lead < 0x80 {
            guard let asciiWeight else { return nil }
            let runEnd = UTF8Scalar.asciiRunEnd(in: text, from: position, before: end)
            return (runEnd, runEnd - position, asciiWeight)
        }
        guard let wideWeight, (0xE3...0xEE).contains(lead) else { return nil }
        var runEnd = position + 3
        while runEnd + 3 <= end, (0xE3...0xEE).contains(text[runEnd]) { runEnd += 3 }
        return (runEnd, (runEnd - position) / 3, wideWeight)
    }

    /// A position in the walk: a byte offset, the UTF-16 units walked so far, and whether the walk
    /// stands between the two halves of the surrogate pair at `position`.
    private struct Cursor {
        let text: UnsafeBufferPointer<UInt8>
        var position: Int
        var utf16 = 0
        var atLowSurrogate = false

        init(text: UnsafeBufferPointer<UInt8>, position: Int) {
            self.text = text
            self.position = position
        }

        /// Steps over one character the way the reference's `else` branch does; returns the
        /// unit it weighs (the low surrogate of a pair).
        mutating func advanceOneCharacter() -> UInt32 {
            let (scalar, length) = text.scalarValue(at: position)
            position += length
            if atLowSurrogate {
                atLowSurrogate = false
                utf16 += 1
                return Self.lowSurrogate(of: scalar)
            }
            if scalar >= 0x10000 {
                utf16 += 2
                return Self.lowSurrogate(of: scalar)
            }
            utf16 += 1
            return scalar
        }

        /// Steps over `count` bytes of scalars of `units` UTF-16 units in all, none astral.
        mutating func advance(bytes count: Int, units: Int) {
            position += count
            utf16 += units
        }

        /// Steps over `count` units (never past the text); returns the last unit stepped over.
        mutating func advance(utf16Units count: Int) -> UInt32 {
            let target = utf16 + count
            var last: UInt32 = 0
            while utf16 < target, position < text.count {
                let (scalar, length) = text.scalarValue(at: position)
                if scalar < 0x10000 {
                    utf16 += 1
                    position += length
                    last = scalar
                } else if atLowSurrogate || utf16 + 2 <= target {
                    utf16 += atLowSurrogate ? 1 : 2
                    position += length
                    atLowSurrogate = false
                    last = Self.lowSurrogate(of: scalar)
                } else {
                    utf16 += 1
                    atLowSurrogate = true
                    last = 0xD800 | ((scalar - 0x10000) >> 10)
                }
            }
            return last
        }

        /// Steps to byte offset `end` (a scalar boundary); returns the last unit stepped over.
        mutating func advance(toByte end: Int) -> UInt32 {
            var last: UInt32 = 0
            while position < end {
                let (scalar, length) = text.scalarValue(at: position)
                utf16 += length == 4 ? 2 : 1
                position += length
                last = length == 4 ? Self.lowSurrogate(of: scalar) : scalar
            }
            return last
        }

        static func lowSurrogate(of scalar: UInt32) -> UInt32 {
            0xDC00 | ((scalar - 0x10000) & 0x3FF)
        }
    }
}
