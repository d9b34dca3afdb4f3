/// How one kind of a rule set is typed, as far as completion needs to know: which scalars start it
/// (its triggers), where a trigger may stand, and which scalars its body holds.
///
/// A composer asks on every keystroke which token is being typed at the caret; it answers from this
/// description by walking from the caret outward, never by scanning the document. The grammar is
/// deliberately looser than detection: it describes what a token *being typed* looks like (`@al`
/// is a mention in progress although `@al` alone is never detected). Where detection does find a
/// span of the kind at the caret, the span wins (see `CaretToken` in `ComposerPosts`).
///
/// ## The three rules
/// - **Start**: a trigger scalar (``triggers``) whose preceding context satisfies ``mayStart(before:)``.
///   The context is read backwards, one scalar at a time: `before(1)` is the scalar right before the
///   trigger, `before(2)` the one before that, `nil` past the text start. Most rules read one scalar;
///   twitter's `RT:@` reads four.
/// - **First body scalar**: the scalar right after the trigger must satisfy ``mayBeginBody(with:)``,
///   unless the body is empty (the trigger is followed by a separator or the text end).
/// - **Body**: every further scalar satisfies ``mayContinueBody(with:)``. No rule set's body holds one
///   of its separators; the scan stops at a separator whatever the body rule says.
///
/// Invariant: a grammar's predicates are pure functions of their arguments, so a grammar is safe to
/// share across threads and to evaluate in any order.
public struct TokenGrammar: Sendable {
    /// The kind a token of this grammar is reported as.
    public let kind: PatternKind
    /// The scalars a token starts with (`@` and `＠` for twitter mentions).
    public let triggers: [Unicode.Scalar]
    private let startRule: @Sendable (_ before: (Int) -> Unicode.Scalar?) -> Bool
    private let bodyStartRule: @Sendable (Unicode.Scalar) -> Bool
    private let bodyRule: @Sendable (Unicode.Scalar) -> Bool
    /// The ASCII triggers, and the ASCII scalars the body may begin with and hold: the predicates'
    /// answers computed once here, so a walk over a long ASCII body tests bits instead of calling
    /// closures per byte.
    package let asciiTriggers: ASCIIByteSet
    package let asciiBodyStart: ASCIIByteSet
    package let asciiBody: ASCIIByteSet

    /// A grammar whose start rule reads any number of scalars before the trigger.
    /// - Parameters:
    ///   - kind: the kind a token of this grammar completes.
    ///   - triggers: the scalars a token starts with.
    ///   - mayStart: given `before` (`before(1)` = the scalar right before the trigger, `nil` past
    ///     the text start), whether a token may start at the trigger. Read as few scalars as the
    ///     rule needs: each read costs a look-up in the text.
    ///   - bodyStart: the scalars the body may begin with; `nil` means the same as `body`.
    ///   - body: the scalars the body may hold.
    public init(
        kind: PatternKind, triggers: [Unicode.Scalar],
        mayStart: @escaping @Sendable (_ before: (Int) -> Unicode.Scalar?) -> Bool,
        bodyStart: (@Sendable (Unicode.Scalar) -> Bool)? = nil,
        body: @escaping @Sendable (Unicode.Scalar) -> Bool
    ) {
        self.kind = kind
        self.triggers = triggers
        self.startRule = mayStart
        self.bodyStartRule = bodyStart ?? body
        self.bodyRule = body
        self.asciiTriggers = ASCIIByteSet(where: triggers.contains)
        self.asciiBodyStart = ASCIIByteSet(where: bodyStart ?? body)
        self.asciiBody = ASCIIByteSet(where: body)
    }

    /// A grammar whose start rule reads one scalar: `mayFollow(previous)`, with `nil` at the text
    /// start. The other parameters are as for ``init(kind:triggers:mayStart:bodyStart:body:)``.
    public init(
        kind: PatternKind, triggers: [Unicode.Scalar],
        mayFollow: @escaping @Sendable (_ previous: Unicode.Scalar?) -> Bool,
        bodyStart: (@Sendable (Unicode.Scalar) -> Bool)? = nil,
        body: @escaping @Sendable (Unicode.Scalar) -> Bool
    ) {
        self.init(
            kind: kind, triggers: triggers, mayStart: { before in mayFollow(before(1)) }, bodyStart: bodyStart,
            body: body)
    }

    /// Whether `scalar` is one of the triggers.
    @inline(__always)
    public func isTrigger(_ scalar: Unicode.Scalar) -> Bool {
        triggers.contains(scalar)
    }

    /// Whether a token may start at a trigger preceded by `before` (see the type's documentation).
    public func mayStart(before: (Int) -> Unicode.Scalar?) -> Bool {
        startRule(before)
    }

    /// Whether the body may begin with `scalar` (the scalar right after the trigger).
    public func mayBeginBody(with scalar: Unicode.Scalar) -> Bool {
        bodyStartRule(scalar)
    }

    /// Whether the body may hold `scalar` after its first scalar.
    public func mayContinueBody(with scalar: Unicode.Scalar) -> Bool {
        bodyRule(scalar)
    }
}
