#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Bold, italic and friends: the user's own formatting, which a highlighting strategy must keep.
///
/// Mirrors Foundation's `inlinePresentationIntent` (`.emphasized`, `.stronglyEmphasized`, …), which
/// swift-foundation on Linux does not provide; on Apple platforms an adapter maps one to the other.
/// Inherited by added text, as bold is in every editor: typing inside bold text types bold.
public enum TextEmphasisAttribute: CodableAttributedStringKey {
    public typealias Value = TextEmphasis
    public static let name = "ComposerPatterns.TextEmphasis"
}

/// Inline emphasis options, bit-compatible with Foundation's `InlinePresentationIntent`.
public struct TextEmphasis: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let emphasized = TextEmphasis(rawValue: 1 << 0)
    public static let stronglyEmphasized = TextEmphasis(rawValue: 1 << 1)
    public static let code = TextEmphasis(rawValue: 1 << 2)
    public static let strikethrough = TextEmphasis(rawValue: 1 << 5)
}
