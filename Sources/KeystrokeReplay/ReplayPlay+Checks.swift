import ComposerText
import Foundation
import PatternDetection

extension ReplayPlay {
    /// Compares every lane's tags with a full scan of the text, over the whole document or the
    /// edit's neighbourhood as the policy says, and counts a divergence for each lane that differs.
    mutating func checkDivergences(after edit: TextEdit) throws {
        let expected = Span.mergingTouching(try fullScan())
        let whole = policy.checksWholeDocument(afterKeystroke: keystrokes, of: plannedKeystrokes)
        let neighbourhood: Range<Int>
        switch policy {
        case .everyKeystroke:
            neighbourhood = 0..<mirror.count
        case .window(let radius, _):
            neighbourhood = scalarAligned(max(edit.start - radius, 0)..<min(edit.newEnd + radius, mirror.count))
        }
        for lane in lanes {
            let matches: Bool
            if whole {
                matches = lane.editor.text.taggedSpans() == expected
            } else {
                matches = Self.taggedSpans(of: lane.editor.text, in: neighbourhood)
                    == Self.clipped(expected, to: neighbourhood)
            }
            if !matches { lane.divergences += 1 }
        }
    }

    /// All spans of the plain copy, from the rule set directly (no incremental state).
    func fullScan() throws -> [Span] {
        try mirror.withUnsafeBufferPointer { bytes throws(PatternError) in
            try rules.spans(in: bytes, scratch: scratch)
        }
    }

    /// `range` shrunk to Unicode-scalar boundaries of the text.
    func scalarAligned(_ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < mirror.count, lower > 0, mirror[lower] & 0xC0 == 0x80 { lower += 1 }
        while upper < mirror.count, upper > lower, mirror[upper] & 0xC0 == 0x80 { upper -= 1 }
        return lower..<max(lower, upper)
    }

    /// The tags of `text` inside `window`, runs crossing its borders clipped to it.
    /// - Complexity: O(log n + runs in the window).
    static func taggedSpans(of text: AttributedString, in window: Range<Int>) -> [Span] {
        var spans: [Span] = []
        var offset = window.lowerBound
        for (kind, range) in text[text.utf8Range(window)].runs[\.textPattern] {
            let length = text.utf8.distance(from: range.lowerBound, to: range.upperBound)
            if let kind {
                if let last = spans.last, last.kind == kind, last.utf8Range.upperBound == offset {
                    spans[spans.count - 1].utf8Range = last.utf8Range.lowerBound..<offset + length
                } else {
                    spans.append(Span(kind: kind, utf8Range: offset..<offset + length))
                }
            }
            offset += length
        }
        return spans
    }

    /// `spans` cut to `window` (those outside dropped).
    static func clipped(_ spans: [Span], to window: Range<Int>) -> [Span] {
        spans.compactMap { span in
            let lower = max(span.utf8Range.lowerBound, window.lowerBound)
            let upper = min(span.utf8Range.upperBound, window.upperBound)
            return lower < upper ? Span(kind: span.kind, utf8Range: lower..<upper) : nil
        }
    }

    /// The reports, after checking the text and the bold bytes at the end.
    func report(rulesName: String) throws -> SessionReport {
        let finalText = String(decoding: mirror, as: UTF8.self)
        var reports: [StrategyReport] = []
        for lane in lanes {
            let laneText = String(lane.editor.text.characters[...])
            if laneText != finalText {
                throw ReplayError.invalidStep(
                    session: session.name, step: session.steps.count - 1,
                    reason: "\(lane.kind.rawValue): the editor's text differs from the replayed text")
            }
            let strategyTimes = lane.samples.map(\.strategyMicroseconds)
            reports.append(StrategyReport(
                name: lane.strategy.name,
                p50Microseconds: Percentile.of(strategyTimes, 0.5),
                p99Microseconds: Percentile.of(strategyTimes, 0.99),
                maxMicroseconds: strategyTimes.max() ?? 0,
                editP50Microseconds: Percentile.of(lane.samples.map(\.editMicroseconds), 0.5),
                divergences: lane.divergences,
                selectionPreserved: lane.selectionLost == 0,
                userAttributesPreserved: Self.isStronglyEmphasized(bold, in: lane.editor.text),
                promisesUserAttributes: lane.kind.promisesUserAttributes,
                runsAtEnd: lane.editor.text.runs.count,
                finalSpans: lane.editor.text.taggedSpans(),
                samples: lane.samples))
        }
        return SessionReport(
            session: session.name, rules: rulesName, documentBytes: mirror.count,
            initialBytes: session.initialText.utf8.count, keystrokes: keystrokes, finalText: finalText,
            divergencePolicy: policy, strategies: reports)
    }

    /// Whether every byte of `set` carries strong emphasis in `text`.
    static func isStronglyEmphasized(_ set: UTF8RangeSet, in text: AttributedString) -> Bool {
        for range in set.ranges {
            for (emphasis, _) in text[text.utf8Range(range)].runs[\.emphasis] {
                guard let emphasis, emphasis.contains(.stronglyEmphasized) else { return false }
            }
        }
        return true
    }
}
