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
    ///             .onChange(of: selection) { composer.selectionDidChange(selection, in: text) }
    ///     }
    /// }
    /// ```
    ///
    /// Writing `text` back makes SwiftUI call `onChange` once more; that call finds no edit and
    /// leaves text and selection as they are, so it goes no further. The second line has the
    /// composer follow the caret when the user moves it without typing (see
    /// ``selectionDidChange(_:in:)``); without it, the next keystroke after a tap elsewhere is
    /// looked for at the old caret.
    @discardableResult
    public mutating func textDidChange(
        _ text: inout AttributedString, selection: inout AttributedTextSelection
    ) -> ComposerChange {
        var range = Self.range(of: selection, in: text)
        let change = textDidChange(&text, selection: &range)
        selection = AttributedTextSelection(range: range)
        return change
    }

    /// For SwiftUI's `TextEditor(text:selection:)`: the editor's `AttributedTextSelection` in
    /// `text` (the editor's current text), taken as the composer's selection when `text` is still
    /// the text the composer last saw — the `Range` form of `selectionDidChange(_:)`, whose
    /// answer it returns. Call it from `.onChange(of: selection)`, in either order with the
    /// action for the text.
    @discardableResult
    public mutating func selectionDidChange(_ selection: AttributedTextSelection, in text: AttributedString) -> Bool {
        selectionDidChange(Self.range(of: selection, in: text))
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
