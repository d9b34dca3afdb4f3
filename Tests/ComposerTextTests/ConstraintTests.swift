import Foundation
import Testing
import PatternDetection
@testable import ComposerText

@Suite("Value constraints and formatting definitions")
struct ConstraintTests {
    /// "hi @bob #tag https://x.com" with its three tags.
    func sample() -> AttributedString {
        var text = AttributedString("hi @bob #tag https://x.com")
        text[text.utf8Range(3..<7)].textPattern = .mention
        text[text.utf8Range(8..<12)].textPattern = .hashtag
        text[text.utf8Range(13..<26)].textPattern = .url
        return text
    }

    @Test func standardDefinitionColoursByKindAndUnderlinesLinks() {
        var text = sample()
        FormattingDefinition.standard.apply(to: &text)
        #expect(text.runs[text.utf8Index(3)].foregroundColor == .indigo)
        #expect(text.runs[text.utf8Index(8)].foregroundColor == .purple)
        #expect(text.runs[text.utf8Index(13)].foregroundColor == .blue)
        #expect(text.runs[text.utf8Index(13)].underlineStyle == .single)
        #expect(text.runs[text.utf8Index(3)].underlineStyle == nil)
        #expect(text.runs[text.utf8Index(0)].foregroundColor == nil)
    }

    @Test func userColoursOnPlainTextAreCleared() {
        var text = sample()
        text[text.utf8Range(0..<2)].foregroundColor = .red
        text[text.utf8Range(3..<7)].foregroundColor = .red
        FormattingDefinition.standard.apply(to: &text)
        #expect(text.runs[text.utf8Index(0)].foregroundColor == nil)
        #expect(text.runs[text.utf8Index(3)].foregroundColor == .indigo)
    }

    /// Writes its key and, wrongly, another one: the definition must keep only its own key.
    struct Misbehaving: ValueConstraint {
        typealias Key = UnderlineStyleAttribute
        func constrain(_ attributes: inout AttributeContainer) {
            attributes[UnderlineStyleAttribute.self] = .double
            attributes[ForegroundColorAttribute.self] = .yellow
            attributes[TextPatternAttribute.self] = "hijacked"
        }
    }

    @Test func aConstraintWritesOnlyItsOwnKey() {
        var text = sample()
        FormattingDefinition([Misbehaving()]).apply(to: &text)
        #expect(text.runs.allSatisfy { $0.underlineStyle == .double })
        #expect(text.runs.allSatisfy { $0.foregroundColor == nil })
        #expect(text.tagRanges() == [3..<7, 8..<12, 13..<26])
    }

    /// Underlines whatever is purple: only correct if it runs after the colour constraint.
    struct UnderlinePurple: ValueConstraint {
        typealias Key = UnderlineStyleAttribute
        func constrain(_ attributes: inout AttributeContainer) {
            attributes[UnderlineStyleAttribute.self] = attributes[ForegroundColorAttribute.self] == .purple ? .thick : nil
        }
    }

    @Test func constraintsRunInOrder() {
        var colourFirst = sample()
        FormattingDefinition([PatternColorConstraint(), UnderlinePurple()]).apply(to: &colourFirst)
        #expect(colourFirst.runs[colourFirst.utf8Index(8)].underlineStyle == .thick)
        var underlineFirst = sample()
        FormattingDefinition([UnderlinePurple(), PatternColorConstraint()]).apply(to: &underlineFirst)
        #expect(underlineFirst.runs[underlineFirst.utf8Index(8)].underlineStyle == nil)
    }

    @Test func changedRangesOnlyEqualsWholeString() {
        var whole = sample()
        FormattingDefinition.standard.apply(to: &whole)
        // Retag one span, then restyle just that range.
        var partial = whole
        partial[partial.utf8Range(8..<12)].textPattern = .cashtag
        partial[partial.utf8Range(3..<7)].textPattern = nil
        var expected = partial
        FormattingDefinition.standard.apply(to: &expected)
        FormattingDefinition.standard.apply(to: &partial, in: [partial.utf8Range(3..<7), partial.utf8Range(8..<12)])
        #expect(partial == expected)
    }

    @Test func styleTableComesFromTheConstraints() {
        let table = FormattingDefinition.standard.styleTable()
        #expect(table[.hashtag] == PatternStyle(color: .purple))
        #expect(table[.mention] == PatternStyle(color: .indigo))
        #expect(table[.url] == PatternStyle(color: .blue, underline: true))
        #expect(table[.cashtag] == PatternStyle(color: .green))
        #expect(PatternStyleTable.default[.url].underline)
        let custom = FormattingDefinition([PatternColorConstraint(colors: ["shortcode": .teal])]).styleTable(for: ["shortcode"])
        #expect(custom[PatternKind("shortcode")] == PatternStyle(color: .teal))
    }
}
