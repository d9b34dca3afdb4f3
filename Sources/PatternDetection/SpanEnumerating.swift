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
    ///
    /// The first ``collectedInPlace`` spans are held in memory lent for the call, so a text with
    /// that many spans or fewer (a post) allocates its array once, at its final size, and one
    /// with none allocates nothing. A text with more moves them to an array that then grows as
    /// one built by appending does, and is returned as it is.
    package func collectSpans(in text: UnsafeBufferPointer<UInt8>, startingIn window: Range<Int>) -> [Span] {
        withUnsafeTemporaryAllocation(of: Span.self, capacity: collectedInPlace) { first in
            var count = 0
            // Empty until the lent memory is full; then every span, in order.
            var spilled: [Span] = []
            forEachSpan(in: text, startingIn: window) { span in
                if count < first.count {
                    (first.baseAddress! + count).initialize(to: span)
                    count += 1
                    return
                }
                if spilled.isEmpty {
                    spilled.reserveCapacity(2 * count)
                    for index in 0..<count { spilled.append((first.baseAddress! + index).move()) }
                }
                spilled.append(span)
            }
            guard spilled.isEmpty else { return spilled }
            guard count > 0 else { return [] }
            var spans: [Span] = []
            spans.reserveCapacity(count)
            for index in 0..<count { spans.append((first.baseAddress! + index).move()) }
            return spans
        }
    }
}

/// How many spans ``SpanEnumerating/collectSpans(in:startingIn:)`` holds before its array: as many
/// as fit the stack's share of a temporary allocation.
private let collectedInPlace = 16
