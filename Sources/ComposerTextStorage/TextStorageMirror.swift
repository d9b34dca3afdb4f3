import ComposerText
import Foundation
import PatternDetection

/// Keeps a text view's storage — an `NSMutableAttributedString`, which is what `NSTextStorage` is on
/// Apple platforms, or any ``AttributedTextStorage`` — in step with a `ComposerHighlighter`,
/// touching only what each edit changed.
///
/// Edits reach it two ways:
/// - The text view changed the storage's characters itself (it let the user's edit through):
///   ``storageDidChange(updating:announced:)`` brings the composer to the storage's text and sets
///   the attributes the composer's change covers.
/// - The app edited the composer: pass the `ComposerChange` the call returned to
///   ``apply(_:from:)``, which replaces the characters of the change's replaced UTF-16 range with
///   the composer's text at its inserted range, then sets the text-view attributes
///   (``TextStorageAttributes``) over each of its attributed ranges only.
///
/// Nothing else in the storage is read or written, so a keystroke costs O(edit) however long the
/// draft (a change the view made without announcing it costs one comparison of the whole text).
///
/// IME: while the text view marks a range as composition (`markedTextRange`), call
/// ``setMarkedText(_:)``. Attributes for ranges that overlap it are not written but kept, and
/// written by ``commitMarkedText(from:)`` when the composition ends; the characters are always
/// replaced, as the text view itself does while composing.
///
/// Invariant, checked by the tests after every keystroke: with no marked range, the storage's
/// string is the composer's text and, at every position, its attributes under the keys of
/// ``TextStorageAttributes`` are the ones it gives for the composer's run there. The mirror
/// never touches another key: the view's font and paragraph style stay where the view put them.
public final class TextStorageMirror {
    /// The storage a text view shows.
    public let storage: any AttributedTextStorage
    /// How composer attributes become text-view attributes.
    public var attributes: TextStorageAttributes
    /// UTF-16 code units the mirror has written (characters replaced plus attributes set) since it
    /// was made: the work an edit costs.
    public internal(set) var unitsTouched = 0
    /// How many times ``storageDidChange(updating:announced:)`` compared the storage's whole string
    /// with the composer's text, because the view changed it in a way it did not announce.
    public internal(set) var wholeTextComparisons = 0
    /// The UTF-16 range whose attributes wait for the marked text to be committed (the hull of
    /// every deferred range, moved with each edit), or `nil`.
    private var deferred: Range<Int>?

    /// Fills `storage` (a text view's `textStorage`, or a new string) with `composer`'s text —
    /// unless it holds that text already, whose other attributes (the view's font) then stay — and
    /// its attributes, and keeps it in step from then on.
    /// - Complexity: O(n) once.
    public init(
        composer: ComposerHighlighter, storage: any AttributedTextStorage = NSMutableAttributedString(string: ""),
        attributes: TextStorageAttributes = TextStorageAttributes()
    ) {
        self.attributes = attributes
        self.storage = storage
        let plain = String(composer.text.characters[...])
        if storage.plainText != plain {
            storage.replaceCharacters(inUTF16Range: 0..<storage.utf16Count, with: plain)
        }
        write(0..<composer.text.utf16.count, from: composer.text, links: Links(composer))
        unitsTouched = 0
    }

    /// The text view's marked (IME composition) range, in UTF-16 units, or `nil`. While it is set,
    /// attributes for ranges that overlap it are deferred; ``commitMarkedText(from:)`` writes them.
    public private(set) var markedUTF16Range: Range<Int>?

    /// The text view started or changed a composition: `utf16Range` is its marked range.
    public func setMarkedText(_ utf16Range: Range<Int>) {
        markedUTF16Range = utf16Range
    }

    /// The composition ended (committed or cancelled): the deferred attributes are written from
    /// `composer`'s text as it is now.
    /// - Complexity: O(deferred range) on the storage.
    public func commitMarkedText(from composer: ComposerHighlighter) {
        markedUTF16Range = nil
        guard let range = deferred else { return }
        deferred = nil
        let count = composer.text.utf16.count
        write(min(range.lowerBound, count)..<min(range.upperBound, count), from: composer.text, links: Links(composer))
    }

    /// Follows one editing call of `composer`: `change` is what it returned, `composer` the
    /// composer after it. The storage is changed in one editing session (one layout pass for a
    /// text view).
    /// - Complexity: O(log n + inserted + attributed ranges) on the storage.
    public func apply(_ change: ComposerChange, from composer: ComposerHighlighter) {
        storage.beginEditing()
        defer { storage.endEditing() }
        let text = composer.text
        // The replaced range grown to whole composed character sequences of the storage's text:
        // some storages (swift-corelibs-foundation's) round a replacement inside a grapheme cluster
        // out to the whole cluster. Outside the edit both texts are the same, so the grown range
        // is replaced with the composer's text over the same stretch, and its attributes written.
        var attributed = change.attributedUTF16Ranges
        if !change.replacedUTF16Range.isEmpty || !change.insertedUTF16Range.isEmpty {
            let (replaced, grown) = grownReplacement(change, newUTF16Count: text.utf16.count)
            let inserted = String(String.UnicodeScalarView(text.unicodeScalars[indices(grown, in: text)]))
            storage.replaceCharacters(inUTF16Range: replaced, with: inserted)
            unitsTouched += replaced.count + grown.count
            if grown != change.insertedUTF16Range { attributed.append(grown) }
        }
        restyle(attributed, after: change, from: composer)
    }

    /// Sets the attributes of `attributed` (UTF-16 ranges of the composer's text) once the
    /// storage holds the characters of `change` (`nil`: no characters changed), deferring those
    /// that touch the marked range.
    func restyle(_ attributed: [Range<Int>], after change: ComposerChange?, from composer: ComposerHighlighter) {
        let text = composer.text
        // A range deferred earlier moves with the edit (its start before, its end after the
        // inserted text).
        if let change, let range = deferred {
            let replaced = change.replacedUTF16Range, delta = change.insertedUTF16Range.count - replaced.count
            let lower = range.lowerBound <= replaced.lowerBound ? range.lowerBound : max(replaced.lowerBound, range.lowerBound + delta)
            let upper = range.upperBound >= replaced.upperBound ? range.upperBound + delta : change.insertedUTF16Range.upperBound
            deferred = lower..<max(lower, upper)
        }
        let links = Links(composer)
        var attributed = attributed
        // A link's target is its whole span's value. Every link whose span is new or changed lies
        // in the composer's rescanned range, and may have changed without any character's
        // attributes changing (a URL is one kind throughout: two links joined, one shortened):
        // those links are written whole. Elsewhere a link is unchanged, and writing part of it
        // writes the same target.
        if let change {
            for link in links.linkRanges(overlapping: change.rescannedUTF16Range, in: text)
            where !attributed.contains(where: { $0.lowerBound <= link.lowerBound && link.upperBound <= $0.upperBound }) {
                attributed.append(link)
            }
        }
        for range in attributed {
            if let marked = markedUTF16Range, range.overlaps(marked) || range.contains(marked.lowerBound) {
                deferred = deferred.map { min($0.lowerBound, range.lowerBound)..<max($0.upperBound, range.upperBound) } ?? range
                continue
            }
            write(range, from: text, links: links)
        }
    }

    /// The change's replaced range (old text) and inserted range (new text), both grown to the
    /// composed character sequences of the storage around the edit.
    private func grownReplacement(_ change: ComposerChange, newUTF16Count: Int) -> (replaced: Range<Int>, inserted: Range<Int>) {
        let length = storage.utf16Count
        var lower = change.replacedUTF16Range.lowerBound, upper = change.replacedUTF16Range.upperBound
        if lower < length {
            lower = min(lower, storage.composedCharacterRange(atUTF16Offset: lower).lowerBound)
        }
        if upper > 0, upper < length {
            let sequence = storage.composedCharacterRange(atUTF16Offset: upper)
            if sequence.lowerBound < upper { upper = max(upper, sequence.upperBound) }
        }
        let grownUpper = change.insertedUTF16Range.upperBound + (upper - change.replacedUTF16Range.upperBound)
        return (lower..<upper, lower..<min(grownUpper, newUTF16Count))
    }

    /// Sets the text-view attributes of `utf16Range` from the composer's runs there: the keys of
    /// ``TextStorageAttributes`` only, each set or removed; every other attribute (the view's
    /// font, paragraph style, the user's formatting) stays as it is.
    private func write(_ utf16Range: Range<Int>, from text: AttributedString, links: Links) {
        guard !utf16Range.isEmpty else { return }
        let range = indices(utf16Range, in: text)
        for run in text[range].runs {
            let lower = text.utf16.distance(from: text.startIndex, to: run.range.lowerBound)
            let count = text.utf16.distance(from: run.range.lowerBound, to: run.range.upperBound)
            // A link run may hold several links side by side (one kind, so one run): each piece
            // gets its own link's target.
            var pieces: [(utf16Range: Range<Int>, uri: String?)] = [(lower..<lower + count, nil)]
            if run[TextPatternAttribute.self] == .url {
                let utf8Lower = text.utf8.distance(from: text.startIndex, to: run.range.lowerBound)
                let utf8Count = text.utf8.distance(from: run.range.lowerBound, to: run.range.upperBound)
                pieces = links.targets(in: utf8Lower..<utf8Lower + utf8Count, of: text)
            }
            for (range, uri) in pieces {
                // Added keys replace what was there; the others of the mirror's keys are removed.
                let mapped = attributes.attributes(of: run, linkURI: uri)
                for key in TextStorageAttributes.keys where mapped[key] == nil { storage.removeAttribute(key, utf16Range: range) }
                if !mapped.isEmpty { storage.addAttributes(mapped, utf16Range: range) }
            }
            unitsTouched += count
        }
    }

    /// The link spans of a composer's text, for link targets: the localized strategy's own spans
    /// (a look-up per link), or the full rebuild's last scan (a strategy that keeps neither: a
    /// full scan, O(n) per edit as that strategy is). Not the text's tags: they merge touching spans of one kind, and two links
    /// side by side (twitter finds `e.bs` and `ky.so` in `e.bsky.so` after some characters) have
    /// two targets.
    struct Links {
        let rules: any RuleSet
        let document: SpanDocument?
        let tagged: [Span]

        init(_ composer: ComposerHighlighter) {
            rules = composer.rules
            document = composer.strategy.spanDocument
            let spans = document == nil
                ? composer.strategy.lastSpans ?? PatternDetector(rules: composer.rules).spans(in: String(composer.text.characters[...]))
                : []
            tagged = spans.filter { $0.kind == .url }
        }

        /// The link spans overlapping `utf8Range`, sorted.
        private func linkSpans(overlapping utf8Range: Range<Int>) -> [Span] {
            (document?.spans(overlapping: utf8Range) ?? tagged).filter { $0.kind == .url && $0.utf8Range.overlaps(utf8Range) }
        }

        /// The UTF-16 ranges of the link spans that overlap `utf16Range`.
        func linkRanges(overlapping utf16Range: Range<Int>, in text: AttributedString) -> [Range<Int>] {
            guard !utf16Range.isEmpty, let utf8Range = text.utf8Range(ofUTF16Range: utf16Range) else { return [] }
            return linkSpans(overlapping: utf8Range).map { text.utf16Range(ofUTF8Range: $0.utf8Range) }
        }

        /// `utf8Range` (a run of the text) cut at the link spans in it: each piece in UTF-16 units
        /// with the target of the link holding it, or `nil` where no link does.
        func targets(in utf8Range: Range<Int>, of text: AttributedString) -> [(utf16Range: Range<Int>, uri: String?)] {
            var pieces: [(utf16Range: Range<Int>, uri: String?)] = []
            var cursor = utf8Range.lowerBound
            for span in linkSpans(overlapping: utf8Range) {
                if span.utf8Range.lowerBound > cursor {
                    pieces.append((text.utf16Range(ofUTF8Range: cursor..<span.utf8Range.lowerBound), nil))
                }
                let piece = max(cursor, span.utf8Range.lowerBound)..<min(utf8Range.upperBound, span.utf8Range.upperBound)
                let bytes = Array(text.utf8[text.utf8Range(span.utf8Range)])
                let uri = bytes.withUnsafeBufferPointer { rules.value(of: Span(kind: .url, utf8Range: 0..<$0.count), in: $0) }
                pieces.append((text.utf16Range(ofUTF8Range: piece), uri))
                cursor = piece.upperBound
            }
            if cursor < utf8Range.upperBound { pieces.append((text.utf16Range(ofUTF8Range: cursor..<utf8Range.upperBound), nil)) }
            return pieces
        }
    }

    private func indices(_ utf16Range: Range<Int>, in text: AttributedString) -> Range<AttributedString.Index> {
        let lower = text.utf16.index(text.startIndex, offsetBy: utf16Range.lowerBound)
        return lower..<text.utf16.index(lower, offsetBy: utf16Range.count)
    }
}
