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
        at(checked: try CaretPosition(utf8Offset: utf8Offset, in: text), in: text, rules: rules, spans: spans)
    }

    /// The token being typed at UTF-16 offset `utf16Offset` of `text` (an `NSRange` location).
    ///
    /// - Throws: as ``at(utf8Offset:in:rules:spans:)``; ``CaretError/insideScalar(offset:unit:)``
    ///   for an offset between the two halves of a surrogate pair.
    public static func at(
        utf16Offset: Int, in text: String, rules: any RuleSet, spans: [Span]? = nil
    ) throws(CaretError) -> CaretToken? {
        at(checked: try CaretPosition(utf16Offset: utf16Offset, in: text), in: text, rules: rules, spans: spans)
    }

    /// The token being typed at a caret of `text` already known in both units (a
    /// ``CaretPosition`` made from `text`, or an ``AcceptedCompletion``'s caret).
    /// - Parameters:
    ///   - caret: the caret, on a scalar boundary of `text`.
    ///   - text: the composer's text.
    ///   - rules: the rule set that highlights it.
    ///   - spans: as for ``at(utf8Offset:in:rules:spans:)``.
    /// - Throws: a ``CaretError``, only for a caret that does not belong to `text`: the offset
    ///   errors for its UTF-8 offset, ``CaretError/unitsDisagree(utf8:utf16:)`` when its UTF-16
    ///   offset is not the same position (a caret built with the memberwise initializer from
    ///   untrusted input, a caret of another text).
    /// - Complexity: the token's, plus the check of the UTF-16 offset, which costs what
    ///   ``CaretPosition/init(utf8Offset:in:)`` costs (see ``CaretPosition``'s `check`).
    public static func at(
        _ caret: CaretPosition, in text: String, rules: any RuleSet, spans: [Span]? = nil
    ) throws(CaretError) -> CaretToken? {
        try caret.check(in: text)
        return at(checked: caret, in: text, rules: rules, spans: spans)
    }

    /// As ``at(_:in:rules:spans:)`` for a caret made from `text` (or checked against it).
    private static func at(checked caret: CaretPosition, in text: String, rules: any RuleSet, spans: [Span]?) -> CaretToken? {
        withUTF8Bytes(of: text) { bytes in
            guard let spans else { return at(validCaret: caret, in: bytes, rules: rules) }
            return at(validCaret: caret, in: bytes, rules: rules, spansOverlapping: spans.spans(overlapping:))
        }
    }
}
