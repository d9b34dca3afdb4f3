// What the documentation's Swift snippets take as given, for `make snippet-check`, which
// type-checks the snippets of README.md and of every DocC article as one program with this file.
// A snippet that declares one of these names shadows it (each snippet is a scope of its own).
import ComposerText
import ComposerTextStorage
import Foundation
import PatternDetection
import UIKit

/// The body of `GET /api/v1/custom_emojis`.
let customEmojisJSON = Data(#"[{"shortcode":"blobcat","url":"https://files.example.social/emoji/blobcat.png","static_url":"https://files.example.social/emoji/blobcat.png","visible_in_picker":true}]"#.utf8)
/// The body of `GET /api/v2/instance`.
let instanceJSON = Data(#"{"configuration":{"statuses":{"max_characters":1000,"characters_reserved_per_url":23}}}"#.utf8)
/// A post being written.
let draft = "Thanks @alice.bsky.social! Details: https://www.example.com/articles/2026/composer-patterns #swift"

/// A document's bytes, the spans found in them and the rule set that found them.
nonisolated(unsafe) let bytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
let spans: [Span] = []
let rules: any RuleSet = BlueskyRules.shared

/// What an app does with a completion's query.
func showSuggestions(for query: String) {}

// Inside a text view delegate's `textView(_:shouldChangeTextIn:replacementText:)`.
@MainActor let textView = UITextView()
let range = NSRange(location: 0, length: 0)
let text = ""
@MainActor var composer = ComposerHighlighter(text: "", rules: BlueskyRules.shared)
@MainActor let mirror = TextStorageMirror(composer: composer, storage: textView.textStorage)
@MainActor var announced: TextStorageMirror.AnnouncedEdit?
@MainActor let coordinator = ComposerTextViewCoordinator(textView: textView, composer: composer)
