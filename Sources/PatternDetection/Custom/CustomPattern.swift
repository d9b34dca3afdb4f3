internal import RegexEngine

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
    public var expression: String { compiled.expression }
    /// The scalar a token of this kind starts with when it is typed, or `nil` when the kind is not
    /// completed.
    public let trigger: Unicode.Scalar?
    let compiled: any RegexPattern
    /// The engine's lower bound on a match's length in bytes (0 when it has none): shorter words
    /// are skipped without a search.
    let minimumLength: Int
    /// The words worth a search, by the bytes a match starts with and the bytes it needs: the
    /// others are skipped without one.
    let wordFilter: WordByteFilter
    /// Searches the engine gave up on; shared by copies of this pattern.
    package let limits = LimitRecord()

    /// Compiles `expression` for kind `name`.
    /// - Parameters:
    ///   - name: the kind reported for its matches; not empty (a span's kind is written as its
    ///     name: `"kind":""` and `class=""` would name nothing).
    ///   - expression: a PCRE2 expression (UTF and UCP mode), or with the package's `PCRE2` trait
    ///     disabled, an ICU expression (see the article "Regex engines").
    ///   - trigger: the scalar a token of this kind starts with, for completion; `nil` (the
    ///     default) when the kind is not completed.
    /// - Throws: ``PatternError`` (stage `.compile`) with the engine's message and the byte offset
    ///   in `expression` where compilation stopped (PCRE2 says where; NSRegularExpression does
    ///   not, and the offset is then 0); ``PatternError/caretDiagram`` points at it. An empty
    ///   `name` is refused before compiling: stage `.compile`, code ``PatternError/emptyNameCode``,
    ///   offset 0.
    public init(name: String, expression: String, trigger: Unicode.Scalar? = nil) throws(PatternError) {
        try self.init(name: name, expression: expression, trigger: trigger, engine: CompiledPattern.self)
    }

    /// Compiles `expression` with `engine` (the differential test runs both engines in one
    /// process). `\w`, `\s`, `\b` and their complements mean what PCRE2 means by them in every
    /// engine.
    init(name: String, expression: String, trigger: Unicode.Scalar?, engine: any RegexPattern.Type) throws(PatternError) {
        guard !name.isEmpty else {
            throw PatternError(
                stage: .compile, code: PatternError.emptyNameCode, message: "the kind name is empty", offset: 0,
                pattern: expression)
        }
        self.kind = PatternKind(name)
        self.trigger = trigger
        do {
            compiled = try engine.init(expression, options: [.neverBackslashC, .pcre2Classes])
        } catch {
            throw PatternError(error, pattern: expression)
        }
        self.minimumLength = compiled.minimumMatchUTF8Length
        self.wordFilter = WordByteFilter(
            requiredSets: (compiled.matchStartBytes.map { [$0] } ?? []) + compiled.matchRequiredBytes)
    }

    public var description: String { "\(kind)=\(expression)" }
}
