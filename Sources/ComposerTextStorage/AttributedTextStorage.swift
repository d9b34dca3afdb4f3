import Foundation

/// The text a ``TextStorageMirror`` keeps in step: a mutable string with attributes, addressed in
/// UTF-16 units, as a text view's storage is.
///
/// `NSMutableAttributedString` (and so `NSTextStorage`) conforms. Another text engine conforms by
/// giving these few operations; the mirror calls nothing else, and reads the whole string only
/// after a change the view did not announce.
///
/// Requirements a conformer keeps (the mirror relies on them):
/// - ``replaceCharacters(inUTF16Range:with:)`` replaces exactly the range given, or that range
///   grown to whole composed character sequences (``composedCharacterRange(atUTF16Offset:)``); the
///   new characters may take any attributes (a view gives them its typing attributes).
/// - ``addAttributes(_:utf16Range:)`` sets each given key over the range and leaves every other
///   key as it is; ``removeAttribute(_:utf16Range:)`` removes one key and leaves the others.
public protocol AttributedTextStorage: AnyObject {
    /// The length in UTF-16 code units.
    var utf16Count: Int { get }
    /// The characters, without attributes.
    var plainText: String { get }
    /// The UTF-16 code units of `utf16Range`, exactly as stored (a surrogate the range's ends cut
    /// from its pair included).
    func utf16Units(inUTF16Range utf16Range: Range<Int>) -> [UInt16]
    /// The composed character sequence (a grapheme cluster, as the storage draws it) holding the
    /// unit at `utf16Offset`, which is less than ``utf16Count``.
    func composedCharacterRange(atUTF16Offset utf16Offset: Int) -> Range<Int>
    /// Replaces the characters of `utf16Range` with `replacement`.
    func replaceCharacters(inUTF16Range utf16Range: Range<Int>, with replacement: String)
    /// Sets `attributes` over `utf16Range`; other keys there stay.
    func addAttributes(_ attributes: [NSAttributedString.Key: Any], utf16Range: Range<Int>)
    /// Removes `key` over `utf16Range`; other keys there stay.
    func removeAttribute(_ key: NSAttributedString.Key, utf16Range: Range<Int>)
    /// Starts a group of changes the storage may present as one (one layout pass in a text view).
    /// Groups nest; each call is matched by ``endEditing()``.
    func beginEditing()
    /// Ends the group ``beginEditing()`` started.
    func endEditing()
}

extension NSMutableAttributedString: AttributedTextStorage {
    public var utf16Count: Int { length }

    public var plainText: String { string }

    public func utf16Units(inUTF16Range utf16Range: Range<Int>) -> [UInt16] {
        [UInt16](unsafeUninitializedCapacity: utf16Range.count) { buffer, count in
            if let base = buffer.baseAddress { mutableString.getCharacters(base, range: NSRange(utf16Range)) }
            count = utf16Range.count
        }
    }

    public func composedCharacterRange(atUTF16Offset utf16Offset: Int) -> Range<Int> {
        Range(mutableString.rangeOfComposedCharacterSequence(at: utf16Offset)) ?? utf16Offset..<utf16Offset + 1
    }

    public func replaceCharacters(inUTF16Range utf16Range: Range<Int>, with replacement: String) {
        replaceCharacters(in: NSRange(utf16Range), with: replacement)
    }

    public func addAttributes(_ attributes: [NSAttributedString.Key: Any], utf16Range: Range<Int>) {
        addAttributes(attributes, range: NSRange(utf16Range))
    }

    public func removeAttribute(_ key: NSAttributedString.Key, utf16Range: Range<Int>) {
        removeAttribute(key, range: NSRange(utf16Range))
    }
}
