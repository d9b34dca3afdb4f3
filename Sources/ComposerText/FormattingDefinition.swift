#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PatternDetection

/// An ordered list of constraints: how tags become visible styling. Later constraints see what the
/// earlier ones wrote.
public struct FormattingDefinition: Sendable {
    public var constraints: [any ValueConstraint]

    public init(_ constraints: [any ValueConstraint]) {
        self.constraints = constraints
    }

    /// The seed's definition: ``PatternColorConstraint`` then ``URLUnderlineConstraint``.
    public static let standard = FormattingDefinition([PatternColorConstraint(), URLUnderlineConstraint()])

    /// Runs every constraint, in order, over the whole string.
    /// - Complexity: O(runs × constraints). On a fragmented document (one run per typed character)
    ///   prefer ``apply(to:in:)`` with the changed ranges only.
    public func apply(to text: inout AttributedString) {
        apply(to: &text, in: [text.startIndex..<text.endIndex])
    }

    /// Runs every constraint, in order, over `ranges` only (the ranges whose tags or text changed).
    /// Equals whole-string application when the rest of the string was already constrained.
    ///
    /// One pass over the runs: each run's attributes go through every constraint in turn (a later
    /// constraint sees what the earlier ones wrote — the same as running the constraints one after
    /// the other over the whole range, since each is a function of one run's attributes), and only
    /// the keys whose value changed are written.
    public func apply(to text: inout AttributedString, in ranges: [Range<AttributedString.Index>]) {
        var updates: [(range: Range<AttributedString.Index>, original: AttributeContainer, constrained: AttributeContainer)] = []
        for range in ranges where !range.isEmpty {
            for run in text[range].runs {
                let original = run.attributes
                let constrained = constrained(original)
                if constrained != original { updates.append((run.range, original, constrained)) }
            }
        }
        for update in updates {
            write(update.constrained, over: update.original, to: &text, in: update.range)
        }
    }

    /// `attributes` after every constraint, in order (each writing only its own key).
    public func constrained(_ attributes: AttributeContainer) -> AttributeContainer {
        var constrained = attributes
        for constraint in constraints {
            constraint.constrainInPlace(&constrained)
        }
        return constrained
    }

    /// Writes over `range` each constraint's key whose value in `constrained` differs from its
    /// value in `original` (the attributes the range has now); nothing else.
    package func write(
        _ constrained: AttributeContainer, over original: AttributeContainer,
        to text: inout AttributedString, in range: Range<AttributedString.Index>
    ) {
        for constraint in constraints {
            constraint.write(constrained, over: original, to: &text, in: range)
        }
    }

    /// The style of each kind (and of untagged text), evaluated through the constraints once, for
    /// renderers that style spans directly without an `AttributedString` (the CLI's stream path).
    public func styleTable(for kinds: [PatternKind] = PatternKind.builtIn) -> PatternStyleTable {
        var table = PatternStyleTable(styles: [:])
        for kind in kinds {
            var tagged = AttributeContainer()
            tagged[TextPatternAttribute.self] = kind
            let container = constrained(tagged)
            table.styles[kind] = PatternStyle(
                color: container[ForegroundColorAttribute.self],
                underline: container[UnderlineStyleAttribute.self] != nil)
        }
        return table
    }
}

extension ValueConstraint {
    /// Writes this constraint's key into `container` (and nothing else).
    func constrainInPlace(_ container: inout AttributeContainer) {
        container[Key.self] = constrainedValue(for: container)
    }
}
