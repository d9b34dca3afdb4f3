// Shared by the change-report tests and the `composer` fuzz target (Fuzz/ComposerFuzz.swift), which
// compiles the ComposerText sources into its own module and so must not import it.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if !FUZZING
import ComposerText
#endif

/// What a text view's storage does with a ``ComposerChange``, played on an `AttributedString`: the
/// oracle of the tests that check a change reports all a mirror needs.
package enum ChangeFollowing {
    /// `mirror` (the text before the edit) after following `change` from `text` (the composer's
    /// text after it) the way a text view's storage does: through UTF-16 offsets only, the
    /// replaced characters first, then the attributes of the reported ranges.
    package static func follow(_ change: ComposerChange, from text: AttributedString, into mirror: inout AttributedString) {
        func indices(_ range: Range<Int>, in string: AttributedString) -> Range<AttributedString.Index> {
            let lower = string.utf16.index(string.startIndex, offsetBy: range.lowerBound)
            return lower..<string.utf16.index(lower, offsetBy: range.count)
        }
        // Through the scalar views: an inserted combining mark is not a whole `Character`.
        let inserted = text.unicodeScalars[indices(change.insertedUTF16Range, in: text)]
        mirror.unicodeScalars.replaceSubrange(indices(change.replacedUTF16Range, in: mirror), with: inserted)
        for range in change.attributedUTF16Ranges {
            for run in text[indices(range, in: text)].runs {
                let lower = text.utf16.distance(from: text.startIndex, to: run.range.lowerBound)
                let count = text.utf16.distance(from: run.range.lowerBound, to: run.range.upperBound)
                mirror[indices(lower..<lower + count, in: mirror)].setAttributes(run.attributes)
            }
        }
    }

    /// Whether two strings hold the same scalars and the same attribute runs. (Foundation's own
    /// `==` was seen to answer `false` for strings equal in both, after edits inside ZWJ
    /// sequences; what a text view shows is the scalars and the runs.)
    package static func sameContent(_ a: AttributedString, _ b: AttributedString) -> Bool {
        a.unicodeScalars.elementsEqual(b.unicodeScalars) && a.runs == b.runs
    }

    /// Where two strings first differ, for failure messages.
    package static func difference(_ a: AttributedString, _ b: AttributedString) -> String {
        let (plainA, plainB) = (String(a.characters[...]), String(b.characters[...]))
        if Array(a.utf8) != Array(b.utf8) {
            let scalars = { (plain: String) in plain.unicodeScalars.map { String($0.value, radix: 16) } }
            return "text \(scalars(plainA)) vs \(scalars(plainB))"
        }
        for (offset, (x, y)) in zip(a.unicodeScalars.indices, b.unicodeScalars.indices).enumerated() {
            let (runA, runB) = (a.runs[x], b.runs[y])
            if runA.attributes != runB.attributes {
                return "scalar \(offset) of \(plainA.debugDescription): \(runA.attributes) vs \(runB.attributes)"
            }
        }
        let characters = a.characters.elementsEqual(b.characters)
        let scalars = a.unicodeScalars.elementsEqual(b.unicodeScalars)
        let runsEqual = a.runs == b.runs
        let characterCounts = (a.characters.count, b.characters.count)
        if !runsEqual || !characters || !scalars {
            return "characters \(characters) scalars \(scalars) runs \(runsEqual) counts \(characterCounts)"
        }
        let runStarts = { (string: AttributedString) in string.runs.map { string.utf8.distance(from: string.startIndex, to: $0.range.lowerBound) } }
        return "run starts \(runStarts(a)) vs \(runStarts(b))"
    }
}
