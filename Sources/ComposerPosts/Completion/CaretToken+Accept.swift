import PatternDetection

/// The text after a completion was accepted, and where the caret goes.
public struct AcceptedCompletion: Sendable, Hashable {
    /// The text with the token's range replaced by the completion.
    public var text: String
    /// Right after the completion.
    public var caret: CaretPosition
    /// The replacement as one edit of the old text (what an incremental tokenizer is told).
    public var edit: TextEdit

    public init(text: String, caret: CaretPosition, edit: TextEdit) {
        self.text = text
        self.caret = caret
        self.edit = edit
    }
}

extension CaretToken {
    /// Replaces `token`'s whole range (trigger to end of body) in `text` with `completion` and puts
    /// the caret after it. The completion is inserted as given: it carries its own trigger and,
    /// when the composer wants one, a trailing space (`"@alice.bsky.social "`).
    ///
    /// A composer that keeps its own text applies the same replacement through its editing path
    /// (`replace(token.utf8Range, with: completion)`), so highlighting is updated incrementally.
    ///
    /// - Precondition: `token` was found in `text` (its ranges lie within it, on scalar boundaries).
    ///   A token rebuilt from outside (a request's JSON) is checked first with ``verify(in:)``.
    /// - Complexity: O(n) for the new string.
    public static func accept(_ completion: String, for token: CaretToken, in text: String) -> AcceptedCompletion {
        let range = token.utf8Range
        let result = withUTF8Bytes(of: text) { old in
            precondition(range.lowerBound >= 0 && range.upperBound <= old.count, "\(token) lies outside the text")
            precondition(
                old.isScalarBoundary(range.lowerBound) && old.isScalarBoundary(range.upperBound),
                "\(token) does not lie on scalar boundaries of the text")
            return withUTF8Bytes(of: completion) { inserted in
                let count = old.count - range.count + inserted.count
                return String(unsafeUninitializedCapacity: count) { new in
                    var end = new.initialize(fromContentsOf: old[..<range.lowerBound])
                    end = new[end...].initialize(fromContentsOf: inserted)
                    end = new[end...].initialize(fromContentsOf: old[range.upperBound...])
                    return end
                }
            }
        }
        let inserted = completion.utf8.count
        return AcceptedCompletion(
            text: result,
            caret: CaretPosition(
                utf8: range.lowerBound + inserted, utf16: token.utf16Range.lowerBound + completion.utf16.count),
            edit: TextEdit(replacing: range, insertedUTF8Count: inserted))
    }

    /// Checks that this token's ranges are ranges of `text`, which ``accept(_:for:in:)`` requires
    /// (and stops the program otherwise): the UTF-8 range within the text with both bounds on
    /// scalar boundaries, and each bound of the UTF-16 range the same position as the UTF-8 one.
    /// For a token rebuilt from untrusted input with the memberwise initializer; a token found in
    /// `text` passes. The kind and query are not read.
    ///
    /// ```swift
    /// let text = "hi @al"
    /// let token = CaretToken(kind: .mention, query: "al", utf8Range: 3..<6, utf16Range: 3..<6)  // from a request
    /// try token.verify(in: text)
    /// let accepted = CaretToken.accept("@alice.bsky.social ", for: token, in: text)
    /// ```
    /// - Throws: ``CaretError/outOfRange(offset:unit:length:)`` or
    ///   ``CaretError/insideScalar(offset:unit:)`` for a UTF-8 bound,
    ///   ``CaretError/unitsDisagree(utf8:utf16:)`` for a UTF-16 bound of another position.
    /// - Complexity: as ``CaretPosition/init(utf8Offset:in:)`` for each bound.
    public func verify(in text: String) throws(CaretError) {
        try CaretPosition(utf8: utf8Range.lowerBound, utf16: utf16Range.lowerBound).check(in: text)
        try CaretPosition(utf8: utf8Range.upperBound, utf16: utf16Range.upperBound).check(in: text)
    }
}
