import ComposerPosts
import ComposerText
import ComposerTextStorage
import Foundation
import PatternDetection

/// The storage shows the composer's text, and every tagged run of the composer is coloured there.
func check(_ mirror: TextStorageMirror, _ composer: ComposerHighlighter, _ step: String) {
    let plain = String(composer.text.characters[...])
    guard mirror.storage.string == plain else {
        print("FAIL \(step): storage \(mirror.storage.string.debugDescription) vs \(plain.debugDescription)")
        exit(1)
    }
    for run in composer.text.runs where run.textPattern != nil {
        let location = composer.text.utf16.distance(from: composer.text.startIndex, to: run.range.lowerBound)
        let color = mirror.storage.attribute(TextStorageAttributes.foregroundColor, at: location, effectiveRange: nil)
        guard color != nil else {
            print("FAIL \(step): the \(run.textPattern!) at \(location) is not coloured in the storage")
            exit(1)
        }
    }
}

/// Types `text` one character at a time at the caret, as UIKit reports it.
func type(_ text: String, into composer: inout ComposerHighlighter, mirror: TextStorageMirror) -> Int {
    var touched = 0
    for character in text {
        let caret = composer.selectedUTF16Range
        let before = mirror.unitsTouched
        guard let change = composer.replace(utf16Range: caret, with: String(character)) else { fatalError("caret out of the text") }
        mirror.apply(change, from: composer)
        touched = max(touched, mirror.unitsTouched - before)
        check(mirror, composer, "typing \(character)")
    }
    return touched
}

for draftSize in [1_000, 1_000_000] {
    let draft = String(repeating: "A line of an earlier post with #tags and https://example.com/links.\n", count: draftSize / 68)
    var composer = ComposerHighlighter(text: draft, rules: BlueskyRules.shared)
    let mirror = TextStorageMirror(composer: composer)

    // A typed paragraph.
    let typedWork = type("gm @alice.bsky.social! Shipping #composer today ", into: &composer, mirror: mirror)

    // A paste.
    let caret = composer.selectedUTF16Range
    if let change = composer.replace(utf16Range: caret, with: "https://swift.org/blog/ ") { mirror.apply(change, from: composer) }
    check(mirror, composer, "paste")

    // An IME composition: kana, then the chosen kanji; the storage leaves it alone until committed.
    var marked = composer.selectedUTF16Range
    for step in ["#に", "#にほ", "#日本"] {
        guard let change = composer.replace(utf16Range: marked, with: step) else { fatalError("marked range") }
        marked = change.insertedUTF16Range
        mirror.setMarkedText(marked)
        mirror.apply(change, from: composer)
    }
    mirror.commitMarkedText(from: composer)
    check(mirror, composer, "IME composition")

    // An accepted completion.
    _ = type(" cc @bo", into: &composer, mirror: mirror)
    guard let token = composer.tokenAtCaret(), token.query == "bo" else { print("FAIL: no token at the caret"); exit(1) }
    if let change = composer.accept("@bob.bsky.social ") { mirror.apply(change, from: composer) }
    check(mirror, composer, "accepted completion")

    let spans = composer.text.taggedSpans().count
    print("draft \(draftSize) B: storage equals the composer after every step; \(spans) tagged spans; "
        + "most UTF-16 units written for one typed key: \(typedWork)")
}
print("ok")
