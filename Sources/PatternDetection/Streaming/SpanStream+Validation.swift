extension SpanStream {
    /// Classifies `buffer[validatedEnd...]` into well-formed runs and ill-formed bytes, leaving out
    /// a sequence cut short by the end of the buffer unless `isFinal` (then it is ill-formed).
    ///
    /// Runs are maximal as in ``UTF8Validation/validRuns(in:)`` over the whole input: every cut
    /// lies on a boundary of that classification, so classifying from a cut gives the same answer.
    /// - Complexity: O(new bytes); ASCII is checked eight bytes at a time.
    func validate(isFinal: Bool) {
        // Locals in the loop: the class's stored properties would each cost an exclusivity check.
        var runStart = openRunStart
        var closed: [Range<Int>] = []
        let end = buffer.withUnsafeBufferPointer { bytes in
            let count = bytes.count
            var index = validatedEnd
            let base = UnsafeRawPointer(bytes.baseAddress)
            while index < count {
                let lead = bytes[index]
                if lead < 0x80 {
                    if runStart == nil { runStart = index }
                    // ASCII eight bytes at a time, straight to the first byte that is not (a
                    // multi-byte sequence goes straight to the checks below, without a load).
                    if index + 8 <= count, let base {
                        let high = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                            & 0x8080_8080_8080_8080
                        index += high.trailingZeroBitCount >> 3
                    } else {
                        index += 1
                    }
                    continue
                }
                let length = UTF8Validation.sequenceLength(bytes, at: index)
                if length > 0 {
                    if runStart == nil { runStart = index }
                    index += length
                    continue
                }
                let invalid = UTF8Validation.invalidLength(bytes, at: index)
                if !isFinal, index + invalid == count, lead >= 0xC2, lead <= 0xF4 {
                    break  // a sequence the next bytes may complete
                }
                if let start = runStart {
                    closed.append(start..<index)
                    runStart = nil
                }
                index += invalid
            }
            return index
        }
        validatedEnd = end
        openRunStart = runStart
        if !closed.isEmpty { closedRuns += closed }
    }
}
