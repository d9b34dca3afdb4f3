import ComposerText
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
    /// if let token = composer.tokenAtCaret() { showSuggestions(for: token.query) }
    /// ```
    /// - Complexity: O(token) look-ups; with a strategy that keeps its spans (the localized one)
    ///   no scan, otherwise a scan of the caret's word (O(log n) per look-up on the string's
    ///   rope); never the document.
    public func tokenAtCaret() -> CaretToken? {
        let selection = selectedUTF8Range
        guard selection.isEmpty else { return nil }
        let caret = CaretPosition(utf8: selection.lowerBound, utf16: selectedUTF16Range.lowerBound)
        if let document = strategy.spanDocument {
            return CaretToken.at(validCaret: caret, in: document, rules: rules, spansOverlapping: document.spans(overlapping:))
        }
        return CaretToken.at(validCaret: caret, in: text, rules: rules)
    }

    /// Replaces the token at the caret with `completion` (e.g. `"@alice.bsky.social "`) as one
    /// edit through the strategy and puts the caret after it.
    /// - Returns: what changed; `nil`, changing nothing, when no token is being typed at the caret.
    @discardableResult
    public mutating func accept(_ completion: String) -> ComposerChange? {
        guard let token = tokenAtCaret() else { return nil }
        return replace(utf8Range: token.utf8Range, with: completion)
    }
}
