import PatternDetection

extension CaretToken {
    /// The token being typed at `caret` in a text held by any `UTF8TextSource`
    /// (a byte buffer, a composer's rope), given the detected spans near the caret.
    ///
    /// This is the entry point for a composer: it reads only the scalars of the token around the
    /// caret (plus the few before its trigger the start rule needs) and asks `spansOverlapping`
    /// once, for a range inside the caret's word.
    ///
    /// - Parameters:
    ///   - caret: the caret in both units; they must denote the same position.
    ///   - rules: the rule set the spans were detected with; its `RuleSet.tokenGrammars`
    ///     say which kinds are completed and how they are typed.
    ///   - spansOverlapping: the detected spans (of the whole text, as a full scan finds them)
    ///     that overlap a UTF-8 range, sorted; `IncrementalTokenizer.spans(overlapping:)` is one.
    /// - Returns: the token, or `nil` when none is being typed there (see ``CaretToken``).
    /// - Throws: ``CaretError/outOfRange(offset:unit:length:)`` or
    ///   ``CaretError/insideScalar(offset:unit:)`` for a UTF-8 offset that is no caret of the text;
    ///   ``CaretError/unitsDisagree(utf8:utf16:)`` for a UTF-16 offset that no text could have at
    ///   that UTF-8 offset (negative, above it, or below a third of it). Within those bounds the
    ///   UTF-16 offset is trusted (checking it exactly reads the text before the caret); the
    ///   public `String` entry points check it exactly.
    /// - Complexity: O(t) scalar reads for a token of t scalars (O(w) when the caret follows a run
    ///   of w body scalars with no trigger), plus the start rule's look-behind: a few scalars, or
    ///   the word before the trigger for the rules that need it (`icysky`'s links, `bluesky`'s
    ///   `(` in a tag's word, `twitter`'s tags after a variation selector); plus one call of
    ///   `spansOverlapping`. Bounded by the caret's word, never by the document.
    package static func at(
        _ caret: CaretPosition, in text: some UTF8TextSource, rules: any RuleSet,
        spansOverlapping: (Range<Int>) -> [Span]
    ) throws(CaretError) -> CaretToken? {
        try validate(caret, in: text)
        return at(validCaret: caret, in: text, rules: rules, spansOverlapping: spansOverlapping)
    }

    /// As ``at(_:in:rules:spansOverlapping:)`` for a caret known to be one of `text` (a
    /// composer's own selection).
    /// - Precondition: `caret` lies in `text` on a scalar boundary.
    package static func at(
        validCaret caret: CaretPosition, in text: some UTF8TextSource, rules: any RuleSet,
        spansOverlapping: (Range<Int>) -> [Span]
    ) -> CaretToken? {
        guard caret.utf8 > 0, !rules.isSeparator(text.scalar(endingAt: caret.utf8)) else { return nil }
        let grammars = rules.tokenGrammars
        guard !grammars.isEmpty else { return nil }
        var scan = CaretScan(text: text, rules: rules, grammars: grammars, caret: caret.utf8)
        let walkStart = scan.sharedRunStart()
        var best: CaretCandidate?
        for index in grammars.indices {
            guard let candidate = scan.candidate(for: grammars[index], index: index, from: walkStart) else { continue }
            if best == nil || candidate.trigger.lowerBound < best!.trigger.lowerBound { best = candidate }
        }
        // One look-up covers the scalar before the caret and the candidate's whole range.
        let lookup =
            min(best?.trigger.lowerBound ?? caret.utf8 - 1, caret.utf8 - 1)..<max(best?.end ?? caret.utf8, caret.utf8)
        let spans = spansOverlapping(lookup)
        if let covering = spans.first(where: {
            $0.utf8Range.lowerBound < caret.utf8 && caret.utf8 <= $0.utf8Range.upperBound
        }) {
            guard let grammar = grammars.first(where: { $0.kind == covering.kind }),
                grammar.isTrigger(text.scalar(startingAt: covering.utf8Range.lowerBound)),
                scan.mayStart(grammar, atTriggerStartingAt: covering.utf8Range.lowerBound)
            else { return nil }
            return scan.token(kind: covering.kind, range: covering.utf8Range, caret: caret)
        }
        guard let best else { return nil }
        let range = best.trigger.lowerBound..<best.end
        let kind = grammars[best.grammar].kind
        let blocked = spans.contains { span in
            span.utf8Range.overlaps(range) && !(span.kind == kind && span.utf8Range.lowerBound == range.lowerBound)
        }
        return blocked ? nil : scan.token(kind: kind, range: range, caret: caret)
    }

    static func validate(_ caret: CaretPosition, in text: some UTF8TextSource) throws(CaretError) {
        let count = text.utf8Count
        guard caret.utf8 >= 0 && caret.utf8 <= count else {
            throw .outOfRange(offset: caret.utf8, unit: .utf8, length: count)
        }
        guard text.isScalarBoundary(caret.utf8) else { throw .insideScalar(offset: caret.utf8, unit: .utf8) }
        // A scalar takes one to three UTF-8 bytes per UTF-16 unit.
        guard caret.utf16 >= 0 && caret.utf16 <= caret.utf8 && caret.utf16 >= (caret.utf8 + 2) / 3 else {
            throw .unitsDisagree(utf8: caret.utf8, utf16: caret.utf16)
        }
    }
}

/// A grammar's token around the caret, before detected spans are consulted.
struct CaretCandidate {
    /// The grammar's index in the rule set's `RuleSet.tokenGrammars`.
    var grammar: Int
    /// The trigger scalar's bytes.
    var trigger: Range<Int>
    /// The end of the body.
    var end: Int
}

/// The walk from a caret outward, for one text and rule set.
///
/// ASCII bytes are classified by bit tests (the grammar's ``TokenGrammar`` ASCII sets, the rule
/// set's separators asked once per ASCII value); only multi-byte scalars are decoded and handed to
/// the grammar's predicates. Either way each scalar gets the same answer.
///
/// The walk back starts with one run shared by all grammars (``sharedRunStart()``): the scalars
/// right before the caret that every grammar's walk would step over, crossed once, eight ASCII
/// bytes at a time when the text is contiguous and a multi-byte scalar already met without
/// decoding it (``ScalarRunScanner``); each grammar then walks on from the run's start. The walk
/// forward over a candidate's body crosses it the same way. Multi-byte scalars are remembered only
/// on contiguous text, where runs cross them: on a gap buffer or a rope (a composer's text, asked
/// per keystroke) the walks allocate nothing for it.
struct CaretScan<Source: UTF8TextSource> {
    let text: Source
    let rules: any RuleSet
    let grammars: [TokenGrammar]
    let caret: Int
    /// Whether `text` hands over its bytes as one buffer (``UTF8TextSource/withContiguousUTF8(_:)``).
    let isContiguous: Bool
    /// The rule set's separators among the ASCII bytes met so far.
    var asciiSeparators = ASCIIAnswers()
    /// The ASCII bytes every grammar's body holds and none has as a trigger.
    let sharedBody: ASCIIByteSet
    /// Members: the bytes of `sharedBody` known not to be separators, and the multi-byte scalars
    /// every grammar's walk steps over (learnt as they are met).
    var sharedRun = ScalarRunScanner()

    init(text: Source, rules: any RuleSet, grammars: [TokenGrammar], caret: Int) {
        self.text = text
        self.rules = rules
        self.grammars = grammars
        self.caret = caret
        self.isContiguous = text.withContiguousUTF8 { _ in true } ?? false
        var body = grammars.first?.asciiBody ?? ASCIIByteSet(bytes: [])
        for grammar in grammars {
            body = body.intersection(grammar.asciiBody).subtracting(grammar.asciiTriggers)
        }
        self.sharedBody = body
    }

    /// Where every grammar's walk back begins: the start of the run of scalars before the caret
    /// that each grammar's ``candidate(for:index:from:)`` would step over one by one and alike
    /// (no separator, no grammar's trigger, every grammar's body), so none starts a token.
    mutating func sharedRunStart() -> Int {
        var position = caret
        while position > 0 {
            position = skipKnownRun(endingAt: position)
            guard position > 0 else { break }
            let last = text.byte(at: position - 1)
            if last < 0x80 {
                guard sharedBody.contains(last), !isSeparator(ascii: last) else { break }
                sharedRun.insert(last)
                position -= 1
                continue
            }
            let scalar = text.scalar(endingAt: position)
            guard sharedRun.contains(scalar) || isShared(scalar) else { break }
            if isContiguous { sharedRun.insert(scalar) }
            position -= UTF8.width(scalar)
        }
        return position
    }

    /// Whether every grammar's walk steps over the multi-byte scalar `scalar`.
    private func isShared(_ scalar: Unicode.Scalar) -> Bool {
        !rules.isSeparator(scalar)
            && grammars.allSatisfy { !$0.isTrigger(scalar) && $0.mayContinueBody(with: scalar) }
    }

    /// The start of the run of `sharedRun`'s members that ends at `end`.
    private mutating func skipKnownRun(endingAt end: Int) -> Int {
        var run = sharedRun
        defer { sharedRun = run }
        if let start = text.withContiguousUTF8({ run.runStart(in: $0, endingAt: end) }) { return start }
        var position = end
        while position > 0, run.members.contains(text.byte(at: position - 1)) { position -= 1 }
        return position
    }

    /// Whether the ASCII byte `byte` is one of the rule set's separators.
    @inline(__always)
    mutating func isSeparator(ascii byte: UInt8) -> Bool {
        // Not through `answer(_:_:)`: a closure over the existential would be formed per byte.
        if let known = asciiSeparators.answer(for: byte) { return known }
        let answer = rules.isSeparator(Unicode.Scalar(byte))
        asciiSeparators.record(answer, for: byte)
        return answer
    }

    /// Walks back from the caret over `grammar`'s body to the nearest trigger where a token may
    /// start, then forward from the caret to the body's end. The walk begins at `start`
    /// (``sharedRunStart()``), the scalars from there to the caret being ones it steps over.
    mutating func candidate(for grammar: TokenGrammar, index: Int, from start: Int) -> CaretCandidate? {
        var position = start
        // Members: the scalars met so far that this walk steps over (body, no trigger, no separator).
        // Skipped by run only from a multi-byte scalar: ASCII ones are stepped over as cheaply
        // one by one, and a run stopping at every other byte (`@a@a…`) would cost a call each.
        var body = ScalarRunScanner()
        // Whether members are learnt: on contiguous text, once a multi-byte scalar was met.
        var learns = false
        while position > 0 {
            var last = text.byte(at: position - 1)
            if last >= 0x80, learns, let runStart = text.withContiguousUTF8({ body.runStart(in: $0, endingAt: position) }) {
                position = runStart
                guard position > 0 else { break }
                last = text.byte(at: position - 1)
            }
            let scalar: Unicode.Scalar
            if last < 0x80 {
                if isSeparator(ascii: last) { return nil }
                // An ASCII body byte that is no trigger: step over it.
                if grammar.asciiBody.contains(last) && !grammar.asciiTriggers.contains(last) {
                    if learns { body.insert(last) }
                    position -= 1
                    continue
                }
                scalar = Unicode.Scalar(last)
            } else {
                learns = isContiguous
                scalar = text.scalar(endingAt: position)
                if rules.isSeparator(scalar) { return nil }
            }
            let start = position - UTF8.width(scalar)
            let isTrigger = grammar.isTrigger(scalar)
            if isTrigger, mayStart(grammar, atTriggerStartingAt: start), let end = bodyEnd(of: grammar, from: position) {
                return CaretCandidate(grammar: index, trigger: start..<position, end: end)
            }
            guard grammar.mayContinueBody(with: scalar) else { return nil }
            if learns && !isTrigger { body.insert(scalar) }
            position = start
        }
        return nil
    }

    /// The grammar's start rule for the trigger at `start`, reading the scalars before it on demand.
    /// The last eight read stay at hand (rules read backwards, looking at most a few scalars back
    /// from the furthest one read); an older one is read again.
    func mayStart(_ grammar: TokenGrammar, atTriggerStartingAt start: Int) -> Bool {
        withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: 8) { recent in
            var read = 0
            var position = start
            return grammar.mayStart { k in
                guard k > 0 else { return nil }
                if k <= read - recent.count { return scalar(k, before: start) }
                while read < k {
                    guard position > 0 else { return nil }
                    let last = text.byte(at: position - 1)
                    let scalar = last < 0x80 ? Unicode.Scalar(last) : text.scalar(endingAt: position)
                    position -= UTF8.width(scalar)
                    recent[read % recent.count] = scalar
                    read += 1
                }
                return recent[(k - 1) % recent.count]
            }
        }
    }

    /// The `k`-th scalar before `offset` (`k = 1`: the one ending there), `nil` past the text start.
    func scalar(_ k: Int, before offset: Int) -> Unicode.Scalar? {
        var position = offset
        var scalar: Unicode.Scalar?
        for _ in 0..<k {
            guard position > 0 else { return nil }
            scalar = text.scalar(endingAt: position)
            position -= UTF8.width(scalar!)
        }
        return scalar
    }

    /// Where the body of a token whose trigger ends at `bodyStart` ends, or `nil` when it cannot
    /// begin there. The scalars from `bodyStart` to the caret are body scalars already (the walk
    /// back crossed them); the first must also be one the body may begin with. An empty body is
    /// allowed when the caret is right after the trigger and a separator or the end follows.
    mutating func bodyEnd(of grammar: TokenGrammar, from bodyStart: Int) -> Int? {
        let count = text.utf8Count
        guard bodyStart < count else { return bodyStart }
        let first = text.scalar(startingAt: bodyStart)
        if rules.isSeparator(first) || !grammar.mayBeginBody(with: first) {
            return caret == bodyStart && rules.isSeparator(first) ? bodyStart : nil
        }
        var position = max(bodyStart + UTF8.width(first), caret)
        // Members: the body's scalars met so far (no separator, and the grammar's body).
        var body = ScalarRunScanner()
        while position < count {
            if isContiguous, let end = text.withContiguousUTF8({ body.runEnd(in: $0, startingAt: position) }) {
                position = end
                guard position < count else { break }
            }
            let lead = text.byte(at: position)
            if lead < 0x80 {
                guard grammar.asciiBody.contains(lead) && !isSeparator(ascii: lead) else { break }
                if isContiguous { body.insert(lead) }
                position += 1
                continue
            }
            let scalar = text.scalar(startingAt: position)
            guard body.contains(scalar) || (!rules.isSeparator(scalar) && grammar.mayContinueBody(with: scalar))
            else { break }
            if isContiguous { body.insert(scalar) }
            position += UTF8.width(scalar)
        }
        return position
    }

    /// The token for `range` (which starts with a trigger and contains the caret).
    func token(kind: PatternKind, range: Range<Int>, caret: CaretPosition) -> CaretToken {
        let bodyStart = range.lowerBound + UTF8.width(text.scalar(startingAt: range.lowerBound))
        let query = String(unsafeUninitializedCapacity: caret.utf8 - bodyStart) { buffer in
            text.copyUTF8(bodyStart..<caret.utf8, into: buffer)
            return caret.utf8 - bodyStart
        }
        let utf16Start = caret.utf16 - utf16Count(range.lowerBound..<caret.utf8)
        let utf16End = caret.utf16 + utf16Count(caret.utf8..<range.upperBound)
        return CaretToken(kind: kind, query: query, utf8Range: range, utf16Range: utf16Start..<utf16End)
    }

    /// UTF-16 code units in a range of whole scalars: one per byte that is not a continuation
    /// byte, one more per four-byte lead (a contiguous text counts them sixteen bytes at a time).
    func utf16Count(_ range: Range<Int>) -> Int {
        if let units = text.withContiguousUTF8({ UTF16Offsets.count(in: $0, range) }) { return units }
        var units = 0
        for position in range {
            let byte = text.byte(at: position)
            units += (UTF8Scalar.isContinuation(byte) ? 0 : 1) + (byte >= 0xF0 ? 1 : 0)
        }
        return units
    }
}
