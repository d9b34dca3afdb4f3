/// A URL as twitter-text's `parseTweet` weighs it.
package struct TwitterWeightedURL: Hashable, Sendable {
    /// The entity's range (UTF-8 offsets), as ``TwitterRules/urlSpans(in:)`` reports it.
    package var utf8Range: Range<Int>
    /// Whether it starts with `http://` or `https://` (any case).
    package var hasScheme: Bool
    /// The UTF-16 units `parseTweet` steps over from the URL's start: the length of the entity's
    /// `url` text. It equals the range's UTF-16 length except for a scheme-less URL with a path
    /// whose domain goes on after the ASCII domain that was linked (`example.com.日本.com/x`):
    /// there the reference's `url` is the ASCII domain plus the port, path and query, shorter
    /// than the range, and `parseTweet` resumes inside it.
    package var skippedUTF16Count: Int
}

extension TwitterRules {
    /// The URLs of `extractUrlsWithIndices` (scheme-less ones included), with what `parseTweet`
    /// needs to weigh them.
    /// - Complexity: O(n), as ``urlSpans(in:)``.
    package func weightedURLs(in text: UnsafeBufferPointer<UInt8>) -> [TwitterWeightedURL] {
        var domains = TwitterASCIIDomains()
        var linkedDomains: [Range<Int>] = []
        return urlSpans(in: text).map { span in
            let range = span.utf8Range
            let scheme = TwitterURLScanner.protocolLength(in: text, at: range.lowerBound) > 0
            var skipped = text.twitterUTF16Count(range)
            if !scheme, let domainEnd = range.firstIndex(where: { text[$0] == UInt8(ascii: "/") || text[$0] == UInt8(ascii: ":") }) {
                linkedDomains.removeAll(keepingCapacity: true)
                domains.appendMatches(
                    in: text, domain: range.lowerBound..<domainEnd, tlds: tlds, firstOnly: true, to: &linkedDomains)
                if let linked = linkedDomains.first, linked.lowerBound == range.lowerBound, linked.upperBound < domainEnd {
                    skipped = text.twitterUTF16Count(linked) + text.twitterUTF16Count(domainEnd..<range.upperBound)
                }
            }
            return TwitterWeightedURL(utf8Range: range, hasScheme: scheme, skippedUTF16Count: skipped)
        }
    }
}

extension TwitterRules {
    /// twitter-text's `endMentionMatch`: whether an at sign, a Latin accented letter or `://`
    /// starts at `position` (what makes the reference drop a mention just before it).
    package static func isMentionEnd(in text: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
        endsMention(text, at: position)
    }
}
