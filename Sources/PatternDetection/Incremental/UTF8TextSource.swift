/// Read access to a document's UTF-8 encoding, so the incremental tokenizer never needs a contiguous
/// copy of the whole text.
///
/// Per edit the tokenizer asks for a few scalars around the edit (to grow the dirty window to the
/// nearest separators) and then for one copy of the window plus its two bordering separators.
/// A contiguous byte array answers all of that in O(1) per byte; a rope such as `AttributedString`'s
/// UTF-8 view answers each look-up in O(log n) for finding the index and O(1) per byte after it,
/// and must never be copied whole per edit.
///
/// Conformers implement four requirements: ``utf8Count``, ``scalar(startingAt:)``,
/// ``scalar(endingAt:)`` and ``copyUTF8(_:into:)``. The others have defaults built on those
/// (``withContiguousUTF8(_:)``'s: `nil`) and exist so a rope can answer them with one index
/// computation and a walk instead of one index computation per scalar, and a contiguous source can
/// hand its bytes over whole.
///
/// The text must be well-formed UTF-8 (every Swift `String` and `AttributedString` is). Offsets passed
/// in are on scalar boundaries unless a method says otherwise.
package protocol UTF8TextSource {
    /// Length of the text in UTF-8 bytes.
    var utf8Count: Int { get }

    /// The scalar whose first byte is at `utf8Offset`.
    /// - Precondition: `0 <= utf8Offset < utf8Count`, on a scalar boundary.
    func scalar(startingAt utf8Offset: Int) -> Unicode.Scalar

    /// The scalar whose last byte is just before `utf8Offset`.
    /// - Precondition: `0 < utf8Offset <= utf8Count`, on a scalar boundary.
    func scalar(endingAt utf8Offset: Int) -> Unicode.Scalar

    /// Copies the bytes of `utf8Range` to the start of `destination`.
    /// - Precondition: `utf8Range` lies within the text; `destination.count >= utf8Range.count`.
    func copyUTF8(_ utf8Range: Range<Int>, into destination: UnsafeMutableBufferPointer<UInt8>)

    /// The byte at `utf8Offset`: how byte loops (the caret token's walks) read ASCII stretches
    /// without decoding scalars. The default copies one byte; random-access sources read it.
    /// - Precondition: `0 <= utf8Offset < utf8Count`.
    func byte(at utf8Offset: Int) -> UInt8

    /// `body` applied to the whole text as one buffer, for a source that holds its bytes
    /// contiguously (byte arrays and buffers); `nil`, without calling `body`, for one that does not
    /// (the default: a gap buffer, a rope), whose bytes are read through the other requirements.
    /// Long byte loops (the caret token's walks) run over the buffer instead of per-byte look-ups.
    func withContiguousUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result?

    /// Whether `utf8Offset` (any offset in `0...utf8Count`) is a scalar boundary: the text's ends,
    /// or an offset whose byte is not a UTF-8 continuation byte.
    func isScalarBoundary(_ utf8Offset: Int) -> Bool

    /// The nearest scalar that ends at or before `utf8Offset` and satisfies `isSeparator`, as its
    /// byte range; `nil` when there is none between the text start and `utf8Offset`.
    /// - Complexity: default O(k) scalar look-ups, k the scalars walked.
    func precedingSeparator(endingAt utf8Offset: Int, where isSeparator: (Unicode.Scalar) -> Bool) -> Range<Int>?

    /// The nearest scalar that starts at or after `utf8Offset` and satisfies `isSeparator`, as its
    /// byte range; `nil` when there is none between `utf8Offset` and the text end.
    /// - Complexity: default O(k) scalar look-ups, k the scalars walked.
    func followingSeparator(startingAt utf8Offset: Int, where isSeparator: (Unicode.Scalar) -> Bool) -> Range<Int>?
}

extension UTF8TextSource {
    package func byte(at utf8Offset: Int) -> UInt8 {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1) { byte in
            copyUTF8(utf8Offset..<utf8Offset + 1, into: byte)
            return byte[0]
        }
    }

    package func withContiguousUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        nil
    }

    package func isScalarBoundary(_ utf8Offset: Int) -> Bool {
        precondition(utf8Offset >= 0 && utf8Offset <= utf8Count, "offset \(utf8Offset) outside 0...\(utf8Count)")
        if utf8Offset == 0 || utf8Offset == utf8Count { return true }
        return !UTF8Scalar.isContinuation(byte(at: utf8Offset))
    }

    package func precedingSeparator(
        endingAt utf8Offset: Int, where isSeparator: (Unicode.Scalar) -> Bool
    ) -> Range<Int>? {
        scalarPrecedingSeparator(endingAt: utf8Offset, where: isSeparator)
    }

    package func followingSeparator(
        startingAt utf8Offset: Int, where isSeparator: (Unicode.Scalar) -> Bool
    ) -> Range<Int>? {
        scalarFollowingSeparator(startingAt: utf8Offset, where: isSeparator)
    }

    /// The default ``precedingSeparator(endingAt:where:)``: one `scalar(endingAt:)` per scalar.
    package func scalarPrecedingSeparator(
        endingAt utf8Offset: Int, where isSeparator: (Unicode.Scalar) -> Bool
    ) -> Range<Int>? {
        var position = utf8Offset
        while position > 0 {
            let scalar = scalar(endingAt: position)
            let start = position - UTF8.width(scalar)
            if isSeparator(scalar) { return start..<position }
            position = start
        }
        return nil
    }

    /// The default ``followingSeparator(startingAt:where:)``: one `scalar(startingAt:)` per scalar.
    package func scalarFollowingSeparator(
        startingAt utf8Offset: Int, where isSeparator: (Unicode.Scalar) -> Bool
    ) -> Range<Int>? {
        var position = utf8Offset
        let count = utf8Count
        while position < count {
            let scalar = scalar(startingAt: position)
            let end = position + UTF8.width(scalar)
            if isSeparator(scalar) { return position..<end }
            position = end
        }
        return nil
    }
}
