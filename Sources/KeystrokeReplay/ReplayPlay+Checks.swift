import ComposerText
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PatternDetection

extension ReplayPlay {
    /// Compares the lane's tags with a scan of its text by the rule set itself (never the
    /// incremental tokenizer), over the whole document or the edit's neighbourhood as the policy
    /// says, and counts a divergence when they differ.
    ///
    /// A neighbourhood check scans only the words around the neighbourhood: the slice from the
    /// separator before it to the separator after it. By the locality contract (tested on its own
    /// for every rule set) that finds exactly the spans a full scan finds there; the whole-document
    /// checks use a real full scan. Either way the checker's work is independent of the document's
    /// length on most keystrokes.
    func checkDivergences(of lane: ReplayLane, after edit: TextEdit) throws {
        let count = lane.mirror.utf8Count
        let whole = policy.checksWholeDocument(afterKeystroke: lane.keystrokes, of: plannedKeystrokes)
        let matches: Bool
        if whole {
            matches = lane.editor.text.taggedSpans() == Span.mergingTouching(try fullScan(of: &lane.mirror))
        } else {
            guard case .window(let radius, _) = policy else { preconditionFailure("a full check policy checks every keystroke whole") }
            let neighbourhood = Self.scalarAligned(
                max(edit.start - radius, 0)..<min(edit.newEnd + radius, count), in: lane.mirror)
            let expected = Span.mergingTouching(try scan(around: neighbourhood, in: lane.mirror))
            matches = Self.taggedSpans(of: lane.editor.text, in: neighbourhood) == Self.clipped(expected, to: neighbourhood)
        }
        if !matches { lane.divergences += 1 }
    }

    /// All spans of the plain copy, from the rule set directly (no incremental state).
    func fullScan(of mirror: inout UTF8GapBuffer) throws -> [Span] {
        let rules = rules
        return mirror.withContiguousUTF8 { bytes in
            rules.spans(in: bytes)
        }
    }

    /// The spans of the words around `range`, in offsets of the whole text: the rule set scans the
    /// slice [separator before, range, separator after] (or the text's start / end where there is
    /// no separator), so it sees each word and what borders it exactly as a full scan does.
    func scan(around range: Range<Int>, in mirror: UTF8GapBuffer) throws -> [Span] {
        let leading = mirror.precedingSeparator(endingAt: range.lowerBound, where: rules.isSeparator)
        let trailing = mirror.followingSeparator(startingAt: range.upperBound, where: rules.isSeparator)
        let slice = (leading?.lowerBound ?? 0)..<(trailing?.upperBound ?? mirror.utf8Count)
        let window = (leading?.upperBound ?? 0) - slice.lowerBound..<(trailing?.lowerBound ?? mirror.utf8Count) - slice.lowerBound
        var bytes = [UInt8](repeating: 0, count: slice.count)
        bytes.withUnsafeMutableBufferPointer { mirror.copyUTF8(slice, into: $0) }
        let rules = rules
        let found = bytes.withUnsafeBufferPointer { bytes in
            rules.spans(in: bytes, startingIn: window)
        }
        return found.map { $0.shifted(by: slice.lowerBound) }
    }

    /// `range` shrunk to Unicode-scalar boundaries of the text.
    static func scalarAligned(_ range: Range<Int>, in mirror: UTF8GapBuffer) -> Range<Int> {
        let count = mirror.utf8Count
        var lower = range.lowerBound, upper = range.upperBound
        while lower < count, lower > 0, !mirror.isScalarBoundary(lower) { lower += 1 }
        while upper < count, upper > lower, !mirror.isScalarBoundary(upper) { upper -= 1 }
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
        // Every lane's editor must hold what its plain copy holds, and all lanes the same text.
        let finalText = lanes.first?.mirror.string ?? session.initialText
        var reports: [StrategyReport] = []
        for lane in lanes {
            let laneText = String(lane.editor.text.characters[...])
            if laneText != lane.mirror.string || laneText != finalText {
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
                userAttributesPreserved: Self.isStronglyEmphasized(lane.bold, in: lane.editor.text),
                promisesUserAttributes: lane.kind.promisesUserAttributes,
                runsAtEnd: lane.editor.text.runs.count,
                finalSpans: lane.editor.text.taggedSpans(),
                samples: lane.samples))
        }
        return SessionReport(
            session: session.name, rules: rulesName, documentBytes: finalText.utf8.count,
            initialBytes: session.initialText.utf8.count, keystrokes: lanes.first?.keystrokes ?? 0, finalText: finalText,
            divergencePolicy: policy, turns: turns, strategies: reports)
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
