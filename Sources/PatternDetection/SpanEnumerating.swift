/// A rule set that hands out its spans one at a time, in order, as it finds them, instead of in
/// one array: the streamed scan (``SpanStream``) then writes the spans of an enormous word while
/// it scans it, so its memory does not grow with the number of spans in one word.
///
/// Invariant: ``forEachSpan(in:startingIn:_:)`` calls `body` with exactly the spans
/// ``RuleSet/spans(in:startingIn:)`` returns for the same arguments, in the same order.
package protocol SpanEnumerating: RuleSet {
    /// Calls `body` with every span that starts inside `window`, sorted; the arguments are those of
    /// ``RuleSet/spans(in:startingIn:)``.
    func forEachSpan(in text: UnsafeBufferPointer<UInt8>, startingIn window: Range<Int>, _ body: (Span) -> Void)
}

extension SpanEnumerating {
    /// The spans ``forEachSpan(in:startingIn:_:)`` hands out, in one array: how such a rule set
    /// implements ``RuleSet/spans(in:startingIn:)``.
    package func collectSpans(in text: UnsafeBufferPointer<UInt8>, startingIn window: Range<Int>) -> [Span] {
        var spans: [Span] = []
        forEachSpan(in: text, startingIn: window) { spans.append($0) }
        return spans
    }
}
