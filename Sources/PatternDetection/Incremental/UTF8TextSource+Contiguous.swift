/// Byte arrays and buffers are text sources: every look-up is O(1) and a copy is one `memcpy`.
///
/// Their bytes must be well-formed UTF-8 (see ``UTF8TextSource``).
extension UTF8TextSource where Self: RandomAccessCollection, Self.Element == UInt8, Self.Index == Int {
    package var utf8Count: Int { count }

    package func scalar(startingAt utf8Offset: Int) -> Unicode.Scalar {
        UTF8Scalar.scalar(startingAt: utf8Offset, count: count) { self[startIndex + $0] }
    }

    package func scalar(endingAt utf8Offset: Int) -> Unicode.Scalar {
        UTF8Scalar.scalar(endingAt: utf8Offset, count: count) { self[startIndex + $0] }
    }

    package func copyUTF8(_ utf8Range: Range<Int>, into destination: UnsafeMutableBufferPointer<UInt8>) {
        precondition(utf8Range.lowerBound >= 0 && utf8Range.upperBound <= count, "range outside the text")
        precondition(destination.count >= utf8Range.count, "destination too small")
        guard !utf8Range.isEmpty else { return }
        let copied: Void? = withContiguousStorageIfAvailable { bytes in
            destination.baseAddress!.update(
                from: bytes.baseAddress! + utf8Range.lowerBound, count: utf8Range.count)
        }
        if copied == nil {
            for offset in utf8Range {
                destination[offset - utf8Range.lowerBound] = self[startIndex + offset]
            }
        }
    }

    package func isScalarBoundary(_ utf8Offset: Int) -> Bool {
        precondition(utf8Offset >= 0 && utf8Offset <= count, "offset \(utf8Offset) outside 0...\(count)")
        return utf8Offset == count || !UTF8Scalar.isContinuation(self[startIndex + utf8Offset])
    }

    /// Inlinable, so a byte loop in another module reads the buffer directly.
    @inlinable @inline(__always)
    package func byte(at utf8Offset: Int) -> UInt8 { self[startIndex + utf8Offset] }

    package func withContiguousUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        withContiguousStorageIfAvailable(body)
    }

    /// Walks back over the buffer, asking `isSeparator` once per scalar value met (a multi-byte
    /// one again if the run scanner's table has let it go) and skipping runs of scalars known not
    /// to be separators, ASCII ones eight at a time (``ScalarRunScanner``).
    package func precedingSeparator(
        endingAt utf8Offset: Int, where isSeparator: (Unicode.Scalar) -> Bool
    ) -> Range<Int>? {
        withContiguousUTF8 { bytes in
            var nonSeparators = ScalarRunScanner()
            var position = utf8Offset
            while position > 0 {
                position = nonSeparators.runStart(in: bytes, endingAt: position)
                guard position > 0 else { break }
                // Not a known non-separator: asked about (again, if the scanner let it go).
                let scalar = bytes.scalar(endingAt: position)
                let start = position - UTF8.width(scalar)
                if isSeparator(scalar) { return start..<position }
                nonSeparators.insert(scalar)
                position = start
            }
            return nil
        } ?? scalarPrecedingSeparator(endingAt: utf8Offset, where: isSeparator)
    }

    /// Walks forward, as ``precedingSeparator(endingAt:where:)`` walks back.
    package func followingSeparator(
        startingAt utf8Offset: Int, where isSeparator: (Unicode.Scalar) -> Bool
    ) -> Range<Int>? {
        withContiguousUTF8 { bytes in
            var nonSeparators = ScalarRunScanner()
            var position = utf8Offset
            let count = bytes.count
            while position < count {
                position = nonSeparators.runEnd(in: bytes, startingAt: position)
                guard position < count else { break }
                let scalar = bytes.scalar(startingAt: position)
                let end = position + UTF8.width(scalar)
                if isSeparator(scalar) { return position..<end }
                nonSeparators.insert(scalar)
                position = end
            }
            return nil
        } ?? scalarFollowingSeparator(startingAt: utf8Offset, where: isSeparator)
    }
}

extension Array: UTF8TextSource where Element == UInt8 {}
extension ContiguousArray: UTF8TextSource where Element == UInt8 {}
extension UnsafeBufferPointer: UTF8TextSource where Element == UInt8 {}
