internal import CPCRE2

/// A user-defined kind: a name and a PCRE2 expression, e.g. `ticket` = `\bJIRA-\d+\b` or
/// `shortcode` = `:[a-z0-9_+-]+:`.
///
/// The expression is compiled once, at init, in UTF + UCP mode like every built-in pattern, with
/// `\C` locked out (it could end a match inside a UTF-8 sequence). A compiled pattern is immutable
/// and can be shared across threads. It only finds spans through a ``CustomRuleSet``, which fixes
/// what the expression can see of the text (one word plus a separator on each side).
///
/// A pattern may declare a ``trigger`` (`:` for shortcodes): its kind is then completed at the
/// caret like mentions and hashtags (see ``CustomRuleSet/tokenGrammars``).
public struct CustomPattern: Sendable, CustomStringConvertible {
    /// The kind reported for its matches (the name given at init).
    public let kind: PatternKind
    /// The expression as given.
    public var expression: String { compiled.source }
    /// The scalar a token of this kind starts with when it is typed, or `nil` when the kind is not
    /// completed.
    public let trigger: Unicode.Scalar?
    let compiled: CompiledPattern
    /// PCRE2's lower bound on a match's length in scalars (so also in bytes): shorter words are
    /// skipped without a search.
    let minimumLength: Int
    /// Searches PCRE2 gave up on; shared by copies of this pattern.
    package let limits = LimitRecord()

    /// Compiles `expression` for kind `name`.
    /// - Parameters:
    ///   - name: the kind reported for its matches.
    ///   - expression: a PCRE2 expression (UTF and UCP mode).
    ///   - trigger: the scalar a token of this kind starts with, for completion; `nil` (the
    ///     default) when the kind is not completed.
    /// - Throws: ``PatternError`` (stage `.compile`) with PCRE2's message and the byte offset in
    ///   `expression` where compilation stopped; ``PatternError/caretDiagram`` points at it.
    public init(name: String, expression: String, trigger: Unicode.Scalar? = nil) throws(PatternError) {
        self.kind = PatternKind(name)
        self.trigger = trigger
        let compiled = try CompiledPattern(expression, options: .neverBackslashC)
        var length: UInt32 = 0
        let status = pcre2_pattern_info_8(compiled.code, UInt32(PCRE2_INFO_MINLENGTH), &length)
        self.compiled = compiled
        self.minimumLength = status == 0 ? Int(length) : 0
    }

    public var description: String { "\(kind)=\(expression)" }
}
