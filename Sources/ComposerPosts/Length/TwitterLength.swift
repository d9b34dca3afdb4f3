import PatternDetection

/// What twitter-text's `parseTweet` returns, for the `twitter` profile and for tests that check the
/// reference's other configurations.
package struct TwitterParse: Sendable, Hashable {
    package var weightedLength: Int
    package var valid: Bool
    package var permillage: Int
    /// The reference's `validRangeEnd`: inclusive, in UTF-16 units of the original text, shifted by
    /// the UTF-16 length the original has over its NFC form (so it can be negative or fall inside a
    /// surrogate pair).
    package var validRangeEnd: Int
}

/// The `twitter` profile: twitter-text 3.1.0's `parseTweet` over a text or a slice of it.
enum TwitterLength {
    /// Counts `range` of `bytes` (the UTF-8 of the whole text) as `parseTweet` counts that slice.
    /// - Parameter urls: the URL entities of the whole text, sorted, or `nil` to find them here.
    ///   Entities not wholly inside `range` are ignored; when the slice is not NFC they are found
    ///   again in its NFC form.
    /// - Parameter startingWeight: the weight walked before the slice (see ``TwitterTally``); the
    ///   parse's length and validity then include it.
    /// - Complexity: O(range length), plus normalisation when the slice holds a scalar NFC may
    ///   change.
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, urls: [TwitterWeightedURL]?, weighting: TwitterWeighting,
        startingWeight: Int = 0
    ) -> (parse: TwitterParse, tally: TwitterTally, originalUTF16Count: Int) {
        let slice = UnsafeBufferPointer(rebasing: bytes[range])
        let tally: TwitterTally
        let originalUTF16Count: Int
        if let normalized = NFCQuickCheck.normalized(slice) {
            tally = normalized.withUnsafeBufferPointer { nfc in
                TwitterTally(
                    text: nfc, range: 0..<nfc.count, urls: TwitterRules.shared.weightedURLs(in: nfc)[...], weighting: weighting,
                    startingWeight: startingWeight)
            }
            originalUTF16Count = UTF16Offsets.count(in: slice, 0..<slice.count)
        } else {
            let sliceURLs: [TwitterWeightedURL]
            if let urls {
                sliceURLs = urls.compactMap { url in
                    guard url.utf8Range.lowerBound >= range.lowerBound, url.utf8Range.upperBound <= range.upperBound else {
                        return nil
                    }
                    var shifted = url
                    shifted.utf8Range = (url.utf8Range.lowerBound - range.lowerBound)..<(url.utf8Range.upperBound - range.lowerBound)
                    return shifted
                }
            } else {
                sliceURLs = TwitterRules.shared.weightedURLs(in: slice)
            }
            tally = TwitterTally(
                text: slice, range: 0..<slice.count, urls: sliceURLs[...], weighting: weighting, startingWeight: startingWeight)
            originalUTF16Count = tally.utf16Count
        }
        let weightedLength = tally.scaledWeight / weighting.scale
        let parse = TwitterParse(
            weightedLength: weightedLength,
            valid: tally.hasNoInvalidUnit && weightedLength > 0 && weightedLength <= weighting.maxWeightedLength,
            permillage: LengthReport.permillage(length: weightedLength, limit: weighting.maxWeightedLength),
            validRangeEnd: tally.validDisplayIndex + (originalUTF16Count - tally.utf16Count))
        return (parse, tally, originalUTF16Count)
    }

    /// The `twitter` profile's report for `range` of `bytes`.
    ///
    /// The valid range is the reference's: from the slice's start to `validRangeEnd` inclusive
    /// (clamped to the slice). Its UTF-16 end is twitter-text's value exactly, which, when NFC
    /// shortened the text after the cut, can fall between the two halves of a surrogate pair; its
    /// UTF-8 end is then the start of that pair. The overflow is the rest of the slice when the
    /// weighted length is over 280.
    static func report(
        _ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, urls: [TwitterWeightedURL]?, startUTF16: Int
    ) -> LengthReport {
        let weighting = TwitterWeighting.version3
        let (parse, _, originalUTF16Count) = Self.parse(bytes, range: range, urls: urls, weighting: weighting)
        let validUTF16 = min(max(parse.validRangeEnd + 1, 0), originalUTF16Count)
        let validUTF8 = UTF16Offsets.byteOffset(
            afterUTF16: validUTF16, from: range.lowerBound, end: range.upperBound, in: bytes)
        let valid = TextRange(utf8: range.lowerBound..<validUTF8, utf16: startUTF16..<startUTF16 + validUTF16)
        let overflow =
            parse.weightedLength > weighting.maxWeightedLength
            ? TextRange(utf8: validUTF8..<range.upperBound, utf16: valid.utf16.upperBound..<startUTF16 + originalUTF16Count)
            : nil
        return LengthReport(
            profile: .twitter, length: parse.weightedLength, limit: weighting.maxWeightedLength, isValid: parse.valid,
            validRange: valid, overflow: overflow)
    }
}
