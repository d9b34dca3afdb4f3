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
}

extension Array: UTF8TextSource where Element == UInt8 {}
extension ContiguousArray: UTF8TextSource where Element == UInt8 {}
extension UnsafeBufferPointer: UTF8TextSource where Element == UInt8 {}
