import ComposerPosts
import Foundation
import PatternDetection

/// Completion: the mention, hashtag or cashtag being typed at the caret, and accepting a
/// suggestion for it — from the same rule set that highlights, so a suggestion is offered exactly
/// where the finished text will be linked.
extension ComposerHighlighter {
    /// The token being typed at the caret (the end of an empty selection), or `nil`: no token
    /// there, or a range is selected.
    ///
    /// ```swift
    /// // text "hi @al|" → CaretToken(kind: .mention, query: "al", utf8Range: 3..<6, …)
    /// if let token = try composer.tokenAtCaret() { showSuggestions(for: token.query) }
    /// ```
    /// - Complexity: O(token) look-ups (O(log n) each on the string's rope) plus, with the full
    ///   rebuild, a scan of the caret's word; never the document.
    public func tokenAtCaret() -> CaretToken? {
        let selection = selectedUTF8Range
        guard selection.isEmpty else { return nil }
        let caret = CaretPosition(utf8: selection.lowerBound, utf16: selectedUTF16Range.lowerBound)
        if let localized = strategy as? LocalizedTransform {
            // The strategy's own mirror and spans: no scan.
            let document = localized.document
            return CaretToken.at(validCaret: caret, in: document, rules: rules, spansOverlapping: document.spans(overlapping:))
        }
        return CaretToken.at(validCaret: caret, in: text, rules: rules)
    }

    /// Replaces the token at the caret with `completion` (e.g. `"@alice.bsky.social "`) as one
    /// edit through the strategy, puts the caret after it, and returns the token at the new caret
    /// (usually `nil`). Without a token at the caret nothing changes and the result is `nil`.
    @discardableResult
    public mutating func accept(_ completion: String) -> CaretToken? {
        guard let token = tokenAtCaret() else { return nil }
        replace(token.utf8Range, with: completion)
        return tokenAtCaret()
    }
}
