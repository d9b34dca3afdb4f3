/// A text's UTF-8 bytes in a gap buffer: replacing bytes where the previous replacement happened is
/// O(k) amortised for k bytes, wherever that is in the text (a plain array moves the whole tail on
/// every edit in the middle).
///
/// Invariant: the bytes are well-formed UTF-8 (they start from a `String` and only `String`s are
/// inserted, on scalar boundaries).
///
/// - Complexity: ``replace(_:with:)`` O(k + d) for k inserted bytes and a gap moved by d bytes;
///   reading a byte or scalar O(1); ``copyUTF8(_:into:)`` O(copied).
package struct UTF8GapBuffer: UTF8TextSource, Sendable {
    private var buffer: GapBuffer<UInt8>

    package init(_ text: String) {
        buffer = GapBuffer(text.utf8, filler: 0, extraCapacity: max(64, text.utf8.count / 8))
    }

    package var utf8Count: Int { buffer.count }

    /// See ``GapBuffer/storageAddress``.
    var storageAddress: UnsafeRawPointer? { buffer.storageAddress }

    @inline(__always)
    package func byte(at offset: Int) -> UInt8 { buffer[offset] }

    package func scalar(startingAt utf8Offset: Int) -> Unicode.Scalar {
        UTF8Scalar.scalar(startingAt: utf8Offset, count: buffer.count) { buffer[$0] }
    }

    package func scalar(endingAt utf8Offset: Int) -> Unicode.Scalar {
        UTF8Scalar.scalar(endingAt: utf8Offset, count: buffer.count) { buffer[$0] }
    }

    /// Walks back byte by byte: an ASCII byte is its own scalar (`isSeparator` asked once per ASCII
    /// value met, ``ASCIIAnswers``), a scalar of several bytes is decoded from its lead byte.
    package func precedingSeparator(
        endingAt utf8Offset: Int, where isSeparator: (Unicode.Scalar) -> Bool
    ) -> Range<Int>? {
        var ascii = ASCIIAnswers()
        var position = utf8Offset
        while position > 0 {
            var start = position - 1
            while UTF8Scalar.isContinuation(buffer[start]) { start -= 1 }
            let lead = buffer[start]
            if lead < 0x80 ? ascii.answer(lead, isSeparator) : isSeparator(scalar(startingAt: start)) {
                return start..<position
            }
            position = start
        }
        return nil
    }

    /// Walks forward byte by byte, as ``precedingSeparator(endingAt:where:)`` walks back.
    package func followingSeparator(
        startingAt utf8Offset: Int, where isSeparator: (Unicode.Scalar) -> Bool
    ) -> Range<Int>? {
        var ascii = ASCIIAnswers()
        var position = utf8Offset
        let count = buffer.count
        while position < count {
            let lead = buffer[position]
            let end = position + UTF8Scalar.length(lead: lead)
            if lead < 0x80 ? ascii.answer(lead, isSeparator) : isSeparator(scalar(startingAt: position)) {
                return position..<end
            }
            position = end
        }
        return nil
    }

    package func isScalarBoundary(_ utf8Offset: Int) -> Bool {
        precondition(utf8Offset >= 0 && utf8Offset <= buffer.count, "offset \(utf8Offset) outside 0...\(buffer.count)")
        return utf8Offset == buffer.count || !UTF8Scalar.isContinuation(buffer[utf8Offset])
    }

    package func copyUTF8(_ utf8Range: Range<Int>, into destination: UnsafeMutableBufferPointer<UInt8>) {
        precondition(utf8Range.lowerBound >= 0 && utf8Range.upperBound <= buffer.count, "range outside the text")
        precondition(destination.count >= utf8Range.count, "destination too small")
        let gapStart = buffer.gapStart, gapCount = buffer.gapCount
        buffer.storage.withUnsafeBufferPointer { storage in
            var written = 0
            // The part before the gap, then the part after it.
            let front = utf8Range.clamped(to: 0..<gapStart)
            if !front.isEmpty {
                (destination.baseAddress!).update(from: storage.baseAddress! + front.lowerBound, count: front.count)
                written = front.count
            }
            let back = utf8Range.clamped(to: gapStart..<Int.max)
            if !back.isEmpty {
                (destination.baseAddress! + written).update(
                    from: storage.baseAddress! + back.lowerBound + gapCount, count: back.count)
            }
        }
    }

    /// Replaces the bytes of `utf8Range` with the UTF-8 of `replacement`.
    /// - Precondition: `utf8Range` lies within the text on scalar boundaries.
    package mutating func replace(_ utf8Range: Range<Int>, with replacement: String) {
        replace(utf8Range, with: replacement.utf8)
    }

    /// Replaces the bytes of `utf8Range` with those of `replacement`, which the caller guarantees
    /// to be well-formed UTF-8.
    /// - Precondition: `utf8Range` lies within the text on scalar boundaries.
    mutating func replace(_ utf8Range: Range<Int>, with replacement: some Collection<UInt8>) {
        precondition(isValidRange(utf8Range), "\(utf8Range) is outside the text or splits a scalar")
        buffer.moveGap(to: utf8Range.lowerBound)
        buffer.removeAfterGap(utf8Range.count)
        buffer.insertAtGap(contentsOf: replacement)
    }

    /// Whether `utf8Range` lies within the text with both ends on scalar boundaries.
    package func isValidRange(_ utf8Range: Range<Int>) -> Bool {
        utf8Range.lowerBound >= 0 && utf8Range.upperBound <= buffer.count
            && isScalarBoundary(utf8Range.lowerBound) && isScalarBoundary(utf8Range.upperBound)
    }

    /// The whole text. O(n).
    package var string: String {
        buffer.storage.withUnsafeBufferPointer { storage in
            if buffer.countAfterGap == 0 {
                return String(decoding: UnsafeBufferPointer(rebasing: storage[0..<buffer.gapStart]), as: UTF8.self)
            }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(buffer.count)
            bytes.append(contentsOf: storage[0..<buffer.gapStart])
            bytes.append(contentsOf: storage[buffer.gapEnd...])
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Runs `body` on the text as one contiguous buffer, moving the gap to the end first (O(n) when
    /// it is elsewhere, free when it is already there).
    package mutating func withContiguousUTF8<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        buffer.moveGap(to: buffer.count)
        let count = buffer.count
        return try buffer.storage.withUnsafeBufferPointer { storage throws(Failure) in
            try body(UnsafeBufferPointer(rebasing: storage[0..<count]))
        }
    }
}
