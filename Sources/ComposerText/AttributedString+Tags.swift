#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PatternDetection

extension AttributedString {
    /// The tags in this string as spans, in UTF-8 offsets.
    ///
    /// One attribute run per tag value: two spans of the same kind that touch (`#tag#tag2` under
    /// icysky) read back as one. Compare with the expected spans with touching same-kind spans merged.
    /// - Complexity: O(runs) — a whole-document read, for tests and checks, not per keystroke.
    public func taggedSpans() -> [Span] {
        var spans: [Span] = []
        var offset = 0
        for (kind, range) in runs[\.textPattern] {
            let length = utf8.distance(from: range.lowerBound, to: range.upperBound)
            if let kind { spans.append(Span(kind: kind, utf8Range: offset..<offset + length)) }
            offset += length
        }
        return spans
    }
}

extension Span {
    /// `spans` with touching spans of the same kind merged: how an attribute run can hold them.
    package static func mergingTouching(_ spans: [Span]) -> [Span] {
        var merged: [Span] = []
        for span in spans {
            if let last = merged.last, last.kind == span.kind, last.utf8Range.upperBound == span.utf8Range.lowerBound {
                merged[merged.count - 1].utf8Range = last.utf8Range.lowerBound..<span.utf8Range.upperBound
            } else {
                merged.append(span)
            }
        }
        return merged
    }
}
