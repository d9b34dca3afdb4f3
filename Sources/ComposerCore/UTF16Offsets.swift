/// UTF-16 positions in well-formed UTF-8, for the ranges reports give in both units.
@usableFromInline package enum UTF16Offsets {
    /// UTF-16 code units in `range` of `bytes`.
    /// - Complexity: O(range length), sixteen bytes at a time
    ///   (``TextOffsets/Cursor/advance(toWellFormed:in:)``).
    @inlinable
    package static func count(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var cursor = TextOffsets.Cursor(at: range.lowerBound)
        cursor.advance(toWellFormed: range.upperBound, in: bytes)
        return cursor.utf16
    }

    /// How many bytes apart ``checkpoints(in:)`` records the UTF-16 count.
    @usableFromInline package static let checkpointStride = 256

    /// The UTF-16 units before every ``checkpointStride``-th byte (element k: before byte k ×
    /// stride), for ``count(in:before:checkpoints:)``.
    /// - Complexity: O(n) time, O(n / stride) space.
    @usableFromInline package static func checkpoints(in bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var checkpoints = [0]
        checkpoints.reserveCapacity(bytes.count / checkpointStride + 1)
        var start = 0
        while start + checkpointStride <= bytes.count {
            checkpoints.append(checkpoints[checkpoints.count - 1] + count(in: bytes, start..<start + checkpointStride))
            start += checkpointStride
        }
        return checkpoints
    }

    /// UTF-16 code units before byte `offset`, from the text's ``checkpoints(in:)``.
    /// - Complexity: O(stride).
    @usableFromInline package static func count(in bytes: UnsafeBufferPointer<UInt8>, before offset: Int, checkpoints: [Int]) -> Int {
        let block = offset / checkpointStride
        return checkpoints[block] + count(in: bytes, block * checkpointStride..<offset)
    }

    /// The byte offset `units` UTF-16 units after `start`, rounded down to the scalar boundary when
    /// it falls between the halves of a surrogate pair; never past `end`.
    /// - Complexity: O(bytes walked), eight bytes at a time until the last word.
    @usableFromInline package static func byteOffset(afterUTF16 units: Int, from start: Int, end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var position = start
        var walked = 0
        if let base = bytes.baseAddress {
            // Whole words while all their units fit. A word's last scalar may run past it (its
            // units counted with its lead), so the walk then steps over the rest of that scalar.
            while position + 8 <= end {
                let word = UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(fromByteOffset: position, as: UInt64.self))
                let counts = UTF8Validation.unitCounts(in: word)  // (as the cursor counts a word)
                let wordUnits = 8 - counts.continuations + counts.fourByteLeads
                if walked + wordUnits > units { break }
                walked += wordUnits
                position += 8
            }
            while position < end && UTF8Scalar.isContinuation(bytes[position]) { position += 1 }
        }
        while position < end {
            let length = UTF8Scalar.length(lead: bytes[position])
            let width = length == 4 ? 2 : 1
            if walked + width > units { break }
            walked += width
            position += length
        }
        return position
    }
}
