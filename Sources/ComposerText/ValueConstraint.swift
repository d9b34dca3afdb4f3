#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PatternDetection

/// Writes exactly one attribute of a run from the run's other attributes, like SwiftUI's
/// `AttributedTextValueConstraint`.
///
/// Invariant enforced by ``FormattingDefinition``: whatever `constrain` does to the container, only
/// the value of `Key` is taken from it and written back.
public protocol ValueConstraint: Sendable {
    associatedtype Key: AttributedStringKey where Key.Value: Equatable & Sendable

    /// Sets or clears `Key` in `attributes`, reading any other attribute.
    func constrain(_ attributes: inout AttributeContainer)
}

extension ValueConstraint {
    /// The value this constraint writes for a run with `attributes`.
    func constrainedValue(for attributes: AttributeContainer) -> Key.Value? {
        var copy = attributes
        constrain(&copy)
        return copy[Key.self]
    }

    /// Writes this constraint's key over `range` when `constrained` holds a different value for
    /// it than `original` (the run's attributes before the constraints ran).
    func write(
        _ constrained: AttributeContainer, over original: AttributeContainer,
        to text: inout AttributedString, in range: Range<AttributedString.Index>
    ) {
        let value = constrained[Key.self]
        if value != original[Key.self] { text[range][Key.self] = value }
    }
}

/// Colours tagged text by kind and clears the colour everywhere else (user colours on plain text are
/// cleared, as in the seed's composer).
public struct PatternColorConstraint: ValueConstraint {
    public typealias Key = ForegroundColorAttribute
    public var colors: [PatternKind: TextColor]

    public init(colors: [PatternKind: TextColor] = PatternColorConstraint.defaultColors) {
        self.colors = colors
    }

    /// Hashtag purple, mention indigo, URL blue, cashtag green, custom emoji orange (Apple's system
    /// palette).
    public static let defaultColors: [PatternKind: TextColor] = [
        .hashtag: .purple, .mention: .indigo, .url: .blue, .cashtag: .green, .emoji: .orange,
    ]

    public func constrain(_ attributes: inout AttributeContainer) {
        if let kind = attributes[TextPatternAttribute.self] {
            attributes[ForegroundColorAttribute.self] = colors[kind] ?? PatternStyleTable.fallback.color
        } else {
            attributes[ForegroundColorAttribute.self] = nil
        }
    }
}

/// Underlines links (single), and nothing else.
public struct URLUnderlineConstraint: ValueConstraint {
    public typealias Key = UnderlineStyleAttribute
    public var kinds: Set<PatternKind>

    public init(kinds: Set<PatternKind> = [.url]) {
        self.kinds = kinds
    }

    public func constrain(_ attributes: inout AttributeContainer) {
        if let kind = attributes[TextPatternAttribute.self], kinds.contains(kind) {
            attributes[UnderlineStyleAttribute.self] = .single
        } else {
            attributes[UnderlineStyleAttribute.self] = nil
        }
    }
}
