extension SpanStream {
    /// Classifies `buffer[validatedEnd...]` into well-formed runs and ill-formed bytes, leaving out
    /// a sequence cut short by the end of the buffer unless `isFinal` (then it is ill-formed).
    ///
    /// Runs are maximal as in ``UTF8Validation/validRuns(in:)`` over the whole input: every cut
    /// lies on a boundary of that classification, so classifying from a cut gives the same answer.
    /// - Complexity: O(new bytes); well-formed text is checked eight bytes at a time.
    func validate(isFinal: Bool) {
        // Locals in the loop: the class's stored properties would each cost an exclusivity check.
        var runStart = openRunStart
        var closed: [Range<Int>] = []
        let end = buffer.withUnsafeBufferPointer { bytes in
            let count = bytes.count
            var index = validatedEnd
            while index < count {
                // Whole well-formed words first; then one unit (a scalar or a maximal ill-formed
                // subsequence) byte by byte, where a word did not pass or fewer than eight remain.
                let wellFormedEnd = UTF8Validation.wellFormedEnd(in: bytes, from: index)
                if wellFormedEnd > index {
                    if runStart == nil { runStart = index }
                    index = wellFormedEnd
                    guard index < count else { break }
                }
                let lead = bytes[index]
                if lead < 0x80 {
                    if runStart == nil { runStart = index }
                    index += 1
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
