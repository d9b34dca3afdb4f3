import ComposerText
import Foundation
import KeystrokeReplay
import PatternDetection

/// The document sizes measured.
struct DocumentSize: Sendable {
    let bytes: Int
    let label: String

    static let all = [
        DocumentSize(bytes: 280, label: "280B"), DocumentSize(bytes: 1 << 10, label: "1KB"),
        DocumentSize(bytes: 10 << 10, label: "10KB"), DocumentSize(bytes: 100 << 10, label: "100KB"),
        DocumentSize(bytes: 1 << 20, label: "1MB"),
    ]
}

/// What a reply types, a character at a time, over and over.
let replyCharacters: [String] = "reply to @alice.bsky.social about #swift see https://swift.org ok ".map(String.init)

/// A fragmenting editor holding a generated thread with the caret in the middle, and a strategy
/// loaded on it. Each `typeOne()` inserts the next reply character (one run of its own).
final class TypingState {
    var editor: FragmentingEditor
    var fullRebuild: FullRebuild
    var localized: LocalizedTransform
    private(set) var lastEdit = TextEdit(start: 0, oldEnd: 0, newEnd: 0)
    private var typed = 0

    init(documentBytes: Int, rules: any RuleSet, strategy: ComposerHighlighter.Strategy?) {
        let session = SessionGenerator(seed: UInt64(documentBytes)).midDocumentReply(documentUTF8Count: documentBytes, keystrokes: 1)
        editor = FragmentingEditor(text: AttributedString(session.initialText), cursor: session.cursor)
        fullRebuild = FullRebuild(rules: rules)
        localized = LocalizedTransform(rules: rules)
        switch strategy {
        case .fullRebuild: fullRebuild.load(&editor.text)
        case .localized: localized.load(&editor.text)
        case nil: break
        }
    }

    func typeOne() {
        lastEdit = editor.insert(replyCharacters[typed % replyCharacters.count])
        typed += 1
    }

    var selectionIndices: Range<AttributedString.Index> { editor.selectionIndices }
}

/// A plain-text ``SpanDocument`` (gap buffer + incremental tokenizer) with a caret in the middle.
final class SpanDocumentState {
    var document: SpanDocument
    var caret: Int
    private var typed = 0

    init(documentBytes: Int, rules: any RuleSet) {
        let session = SessionGenerator(seed: UInt64(documentBytes)).midDocumentReply(documentUTF8Count: documentBytes, keystrokes: 1)
        document = SpanDocument(text: session.initialText, rules: rules)
        caret = session.cursor ?? 0
    }

    func nextCharacter() -> String {
        defer { typed += 1 }
        return replyCharacters[typed % replyCharacters.count]
    }
}
