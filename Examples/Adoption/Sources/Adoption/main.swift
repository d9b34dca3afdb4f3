import ComposerPosts
import ComposerText
import ComposerTextStorage
import Foundation
import PatternDetection

/// The storage shows the composer's text, and every tagged run of the composer is coloured there.
func check(_ storage: NSMutableAttributedString, _ composer: ComposerHighlighter, _ step: String) {
    let plain = String(composer.text.characters[...])
    guard storage.string == plain else {
        print("FAIL \(step): storage \(storage.string.debugDescription) vs \(plain.debugDescription)")
        exit(1)
    }
    for run in composer.text.runs where run.textPattern != nil {
        let location = composer.text.utf16.distance(from: composer.text.startIndex, to: run.range.lowerBound)
        let color = storage.attribute(TextStorageAttributes.foregroundColor, at: location, effectiveRange: nil)
        guard color != nil else {
            print("FAIL \(step): the \(run.textPattern!) at \(location) is not coloured in the storage")
            exit(1)
        }
    }
}

/// What UIKit does with a change its delegate lets through: the view replaces the characters
/// itself, new ones taking the attributes around them (its typing attributes); then the
/// delegate's `textViewDidChange` has the mirror follow it, as `ComposerTextViewCoordinator` does.
func viewChanges(
    _ utf16Range: Range<Int>, to replacement: String, announced: Bool = true, marked: Range<Int>? = nil,
    composer: inout ComposerHighlighter, mirror: TextStorageMirror, storage: NSMutableAttributedString
) {
    storage.replaceCharacters(in: NSRange(location: utf16Range.lowerBound, length: utf16Range.count), with: replacement)
    let edit = announced ? TextStorageMirror.AnnouncedEdit(utf16Range: utf16Range, replacement: replacement) : nil
    guard mirror.viewDidChange(updating: &composer, announced: edit, marked: marked) != nil else {
        fatalError("the composer did not follow the view")
    }
    let caret = utf16Range.lowerBound + replacement.utf16.count
    composer.select(utf16Range: caret..<caret)
}

/// Types `text` one character at a time at the caret; returns the most UTF-16 units one key wrote.
func type(
    _ text: String, into composer: inout ComposerHighlighter, mirror: TextStorageMirror, storage: NSMutableAttributedString
) -> Int {
    var touched = 0
    for character in text {
        let before = mirror.unitsTouched
        viewChanges(composer.selectedUTF16Range, to: String(character), composer: &composer, mirror: mirror, storage: storage)
        touched = max(touched, mirror.unitsTouched - before)
        check(storage, composer, "typing \(character)")
    }
    return touched
}

for draftSize in [1_000, 1_000_000] {
    let draft = String(repeating: "A line of an earlier post with #tags and https://example.com/links.\n", count: draftSize / 68)
    var composer = ComposerHighlighter(text: draft, rules: BlueskyRules.shared)
    // The text view's storage.
    let storage = NSMutableAttributedString(string: "")
    let mirror = TextStorageMirror(composer: composer, storage: storage)

    // A typed paragraph.
    let typedWork = type("gm @alice.bsky.social! Shipping #composer today ", into: &composer, mirror: mirror, storage: storage)

    // A paste.
    viewChanges(composer.selectedUTF16Range, to: "https://swift.org/blog/ ", composer: &composer, mirror: mirror, storage: storage)
    check(storage, composer, "paste")

    // An IME composition: kana, then the chosen kanji; the storage's attributes there wait until
    // it is committed. The last step commits it without being announced, as some keyboards do.
    var marked = composer.selectedUTF16Range
    for (step, committing) in [("#に", false), ("#にほ", false), ("#日本", true)] {
        let range = marked
        marked = range.lowerBound..<range.lowerBound + step.utf16.count
        viewChanges(
            range, to: step, announced: !committing, marked: committing ? nil : marked, composer: &composer, mirror: mirror,
            storage: storage)
    }
    check(storage, composer, "IME composition")

    // An accepted completion.
    _ = type(" cc @bo", into: &composer, mirror: mirror, storage: storage)
    guard let token = composer.tokenAtCaret(), token.query == "bo" else { print("FAIL: no token at the caret"); exit(1) }
    // The app's own change: through the composer, then the mirror applies it.
    if let change = composer.accept("@bob.bsky.social ") { mirror.apply(change, from: composer) }
    check(storage, composer, "accepted completion")

    let spans = composer.text.taggedSpans().count
    print("draft \(draftSize) B: storage equals the composer after every step; \(spans) tagged spans; "
        + "most UTF-16 units written for one typed key: \(typedWork); whole-text comparisons: \(mirror.wholeTextComparisons)")
}
print("ok")
