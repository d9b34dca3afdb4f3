/// User patterns layered over a base rule set (or standing alone), keeping the locality contract
/// of ``RuleSet`` by construction.
///
/// ## What a custom expression sees
/// The separators are the base's separators that are also whitespace (PCRE2's `\s`); with no base,
/// whitespace. A *word* is a maximal run without separators. Each custom expression is run on each
/// word separately, with a subject that is the word plus at most one scalar on each side: the
/// separator before it (absent at the text start) and the separator after it (absent at the text
/// end). So `\b`, one-scalar look-arounds and `(?m)^`/`(?m)$` next to a line break behave as on
/// the whole text. Beyond that:
/// - searches start inside the word: the separator before it is context for look-behinds, never
///   part of a match (a user's `\s\w+` never matches);
/// - a match that reaches into the separator after the word is dropped, and the scan of that word
///   ends there (a user's `\S+\s` never matches, and `.*` matches only a word before a line
///   break or the text's end; `\w+(?=\s)` matches);
/// - `^` and `$` are told that the cut ends are not line ends (`PCRE2_NOTBOL` / `PCRE2_NOTEOL`),
///   so without `(?m)` they still mean the text's start and end; `\A`, `\z` and `\Z`, and
///   look-arounds longer than one scalar, see the cut subject.
/// Scanning the whole text is therefore exactly the concatenation of per-word scans, and a word's
/// matches depend only on the word and its bordering separators — the locality contract.
///
/// ## Overlaps
/// Built-in (base) spans always win over custom ones. Among custom patterns, the earlier pattern
/// wins; within one pattern, matches are leftmost-first and non-overlapping, as PCRE2 finds them.
/// Every base span lies inside one word (it contains no base separator), so overlap removal is
/// word-local too.
///
/// ## Limits
/// Scanning never fails. A search that PCRE2 cannot finish within its resource limits (its match
/// limit bounds backtracking; the JIT stack bounds recursion) ends that pattern's scan of that one
/// word: the word gets the pattern's matches found before the failing search and none after it.
/// Other words and other patterns are unaffected, and the outcome still depends only on the word,
/// so incremental rescans stay equal to a full scan. Only compiling an expression
/// (``CustomPattern/init(name:expression:trigger:)``) throws. Each pattern counts its searches
/// that gave up (``CustomPattern/searchesGivenUp``); ``SearchesGivenUp/recording(_:)`` reports
/// those of one call's scans.
///
/// - Complexity: per word and pattern, one PCRE2 search per match plus one; for linear
///   expressions, O(text × patterns) plus the base's own cost. A user expression that backtracks
///   catastrophically costs up to PCRE2's match limit per word.
public struct CustomRuleSet: RuleSet {
    /// A custom pattern may not reuse a kind the base reports: values and overlaps would be
    /// ambiguous.
    public struct KindConflict: Error, Hashable, Sendable, CustomStringConvertible {
        public let kind: PatternKind
        public let ruleSetName: String
        public var description: String {
            "'\(kind)' is a kind of the '\(ruleSetName)' rule set; choose another name for the custom pattern"
        }
    }

    public let name: String
    public let kinds: [PatternKind]
    /// The rule set underneath, `nil` when the custom patterns stand alone.
    public let base: (any RuleSet)?
    /// In priority order.
    public let patterns: [CustomPattern]
    let separators: SeparatorTable
    /// The base's grammars, then one per pattern with a trigger (see ``tokenGrammars``).
    let grammars: [TokenGrammar]
    /// The base as a value-bytes provider, looked up once here rather than per span.
    let baseValueBytes: (any SpanValueBytesProviding)?
    /// The base's kinds (none without a base), read once here: asking the base per span would
    /// copy it (an existential) and build its list each time.
    let baseKinds: [PatternKind]

    /// - Parameters:
    ///   - patterns: in priority order (earlier wins an overlap).
    ///   - base: the built-in rule set whose spans win every overlap, or `nil`.
    ///   - name: defaults to the base's name plus `+custom`, or `custom`.
    /// - Throws: ``KindConflict`` when a pattern's kind is one of the base's kinds.
    public init(patterns: [CustomPattern], over base: (any RuleSet)?, name: String? = nil) throws(KindConflict) {
        if let base, let clash = patterns.first(where: { base.kinds.contains($0.kind) }) {
            throw KindConflict(kind: clash.kind, ruleSetName: base.name)
        }
        self.base = base
        self.patterns = patterns
        self.name = name ?? base.map { $0.name + "+custom" } ?? "custom"
        var kinds = base?.kinds ?? []
        for pattern in patterns where !kinds.contains(pattern.kind) { kinds.append(pattern.kind) }
        self.kinds = kinds
        self.separators = SeparatorTable { scalar in
            UnicodeWhitespace.isPCRE2Space(scalar) && (base?.isSeparator(scalar) ?? true)
        }
        self.grammars = Self.tokenGrammars(of: patterns, over: base)
        self.baseValueBytes = base?.valueBytesProvider
        self.baseKinds = base?.kinds ?? []
    }

    /// Whether `kind` is one of the base's kinds (whose spans the base describes).
    @inline(__always)
    func isBaseKind(_ kind: PatternKind) -> Bool {
        baseKinds.contains(kind)
    }

    public func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        UnicodeWhitespace.isPCRE2Space(scalar) && (base?.isSeparator(scalar) ?? true)
    }

    /// The base's value for the base's kinds; the span's text for custom kinds.
    public func value(of span: Span, in text: UnsafeBufferPointer<UInt8>) -> String {
        if isBaseKind(span.kind), let base { return base.value(of: span, in: text) }
        return SpanValueBytes(range: span.utf8Range).string(in: text)
    }
}

extension CustomRuleSet: SpanImageProviding {
    /// The base's image for the base's kinds.
    public func imageURL(of span: Span, in text: UnsafeBufferPointer<UInt8>) -> String? {
        guard isBaseKind(span.kind), let base else { return nil }
        return base.imageProvider?.imageURL(of: span, in: text)
    }
}
