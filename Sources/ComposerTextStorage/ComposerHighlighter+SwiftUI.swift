#if canImport(SwiftUI)
import ComposerText
import SwiftUI

/// SwiftUI's `TextEditor(text:selection:)` glue: the editor's selection type in and out of the
/// composer. Compiled only where SwiftUI exists; `make apple-check` type-checks it on Linux
/// against the SwiftUI declarations it uses.
extension ComposerHighlighter {
    /// For SwiftUI's `TextEditor(text:selection:)`: the `Range` form of `textDidChange(_:selection:)`
    /// with the editor's `AttributedTextSelection` — a caret, or the characters from the first
    /// selected range to the end of the last — and the composer's selection written back.
    ///
    /// ```swift
    /// struct ComposerView: View {
    ///     @State private var composer = ComposerHighlighter(text: "", rules: BlueskyRules.shared)
    ///     @State private var text = AttributedString()
    ///     @State private var selection = AttributedTextSelection()
    ///
    ///     var body: some View {
    ///         TextEditor(text: $text, selection: $selection)
    ///             .onChange(of: text) { composer.textDidChange(&text, selection: &selection) }
    ///     }
    /// }
    /// ```
    ///
    /// Writing `text` back makes SwiftUI call `onChange` once more; that call finds no edit and
    /// leaves text and selection as they are, so it goes no further.
    @discardableResult
    public mutating func textDidChange(
        _ text: inout AttributedString, selection: inout AttributedTextSelection
    ) -> ComposerChange {
        var range = Self.range(of: selection, in: text)
        let change = textDidChange(&text, selection: &range)
        selection = AttributedTextSelection(range: range)
        return change
    }

    /// `selection` as one range of `text`: a caret is an empty range; a selection in several
    /// pieces (bidirectional text) is covered from its first piece to its last.
    static func range(of selection: AttributedTextSelection, in text: AttributedString) -> Range<AttributedString.Index> {
        switch selection.indices(in: text) {
        case .insertionPoint(let index):
            return index..<index
        case .ranges(let pieces):
            guard let first = pieces.ranges.first, let last = pieces.ranges.last else { return text.endIndex..<text.endIndex }
            return first.lowerBound..<last.upperBound
        }
    }
}
#endif
