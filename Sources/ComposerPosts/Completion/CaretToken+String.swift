import PatternDetection

/// Entry points for a whole `String`: the caret as a UTF-8 or a UTF-16 offset, checked.
extension CaretToken {
    /// The token being typed at UTF-8 offset `utf8Offset` of `text`.
    ///
    /// - Parameters:
    ///   - utf8Offset: the caret, in UTF-8 bytes.
    ///   - text: the composer's text.
    ///   - rules: the rule set that highlights it.
    ///   - spans: every span a full scan of `text` with `rules` finds, sorted (as any scan
    ///     returns them); `nil` to detect the spans of the caret's word here.
    /// - Returns: the token, or `nil` when none is being typed there.
    /// - Throws: ``CaretError/outOfRange(offset:unit:length:)`` for an offset below 0 or past the
    ///   end, ``CaretError/insideScalar(offset:unit:)`` for one inside a multi-byte sequence.
    public static func at(
        utf8Offset: Int, in text: String, rules: any RuleSet, spans: [Span]? = nil
    ) throws(CaretError) -> CaretToken? {
        try at(try CaretPosition(utf8Offset: utf8Offset, in: text), in: text, rules: rules, spans: spans)
    }

    /// The token being typed at UTF-16 offset `utf16Offset` of `text` (an `NSRange` location).
    ///
    /// - Throws: as ``at(utf8Offset:in:rules:spans:)``; ``CaretError/insideScalar(offset:unit:)``
    ///   for an offset between the two halves of a surrogate pair.
    public static func at(
        utf16Offset: Int, in text: String, rules: any RuleSet, spans: [Span]? = nil
    ) throws(CaretError) -> CaretToken? {
        try at(try CaretPosition(utf16Offset: utf16Offset, in: text), in: text, rules: rules, spans: spans)
    }

    /// The token being typed at a caret of `text` already known in both units (a
    /// ``CaretPosition`` made from `text`, or an ``AcceptedCompletion``'s caret).
    /// - Parameters:
    ///   - caret: the caret, on a scalar boundary of `text`.
    ///   - text: the composer's text.
    ///   - rules: the rule set that highlights it.
    ///   - spans: as for ``at(utf8Offset:in:rules:spans:)``.
    /// - Throws: the offset errors, only for a caret that does not belong to `text`.
    public static func at(
        _ caret: CaretPosition, in text: String, rules: any RuleSet, spans: [Span]? = nil
    ) throws(CaretError) -> CaretToken? {
        try withUTF8Bytes(of: text) { (bytes) throws(CaretError) -> CaretToken? in
            guard let spans else { return try at(caret, in: bytes, rules: rules) }
            return try at(caret, in: bytes, rules: rules, spansOverlapping: spans.spans(overlapping:))
        }
    }
}
