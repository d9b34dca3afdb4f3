// The part of SwiftUI that ComposerTextStorage calls, declared with the SDK's names and types,
// for `make apple-check`: SwiftUI does not exist on Linux. Nothing here is built into the package.
@_exported import Foundation

public struct AttributedTextSelection: Sendable, Equatable {
    @frozen public enum Indices: Sendable, Equatable {
        case insertionPoint(AttributedString.Index)
        case ranges(RangeSet<AttributedString.Index>)
    }

    public init() {}
    public init(range: Range<AttributedString.Index>) {}
    public init(insertionPoint: AttributedString.Index) {}
    public init(ranges: RangeSet<AttributedString.Index>) {}
    public func indices(in text: AttributedString) -> Indices { fatalError("stub") }
}
