// The part of SwiftUI that ComposerTextStorage and the documentation's snippets use, declared with
// the SDK's names and types, for `make apple-check` and `make snippet-check`: SwiftUI does not
// exist on Linux. Nothing here is built into the package.
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

@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public var body: Never { fatalError("stub") }
}

@resultBuilder public struct ViewBuilder {
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
}

@propertyWrapper public struct Binding<Value> {
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {}
    public var wrappedValue: Value {
        get { fatalError("stub") }
        nonmutating set {}
    }
}

@propertyWrapper public struct State<Value> {
    public init(wrappedValue value: Value) {}
    public var wrappedValue: Value {
        get { fatalError("stub") }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { fatalError("stub") }
}

public struct TextEditor: View {
    public init(text: Binding<AttributedString>, selection: Binding<AttributedTextSelection>) {}
    public var body: Never { fatalError("stub") }
}

/// What a modifier returns (SwiftUI's `ModifiedContent`, simplified).
public struct ModifiedView<Content: View>: View {
    public var body: Never { fatalError("stub") }
}

extension View {
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> ModifiedView<Self> {
        fatalError("stub")
    }
}
