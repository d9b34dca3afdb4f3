/// A range of a text in two units: UTF-8 bytes (Swift's `String.utf8`, the facet lexicon) and
/// UTF-16 code units (`NSString`, JavaScript, UIKit/AppKit text views).
///
/// Both are start-inclusive, end-exclusive offsets from the start of the text the report was made
/// for. The UTF-16 bounds lie on scalar boundaries except where a report says otherwise.
public struct TextRange: Sendable, Hashable, Decodable {
    public var utf8: Range<Int>
    public var utf16: Range<Int>

    public init(utf8: Range<Int>, utf16: Range<Int>) {
        self.utf8 = utf8
        self.utf16 = utf16
    }
}
