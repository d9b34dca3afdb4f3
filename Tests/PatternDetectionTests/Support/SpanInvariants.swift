// Shared by the tests and the fuzz driver (Fuzz/), which compiles the library sources into the
// same module and so must not import it.
#if !FUZZING
@testable import PatternDetection
#endif

/// The properties every scan must have, on any bytes: checked by tests and by the fuzz driver.
/// Each check returns a description of the first violation, or `nil`.
enum SpanInvariants {
    /// Spans are non-empty, sorted, non-overlapping, inside well-formed runs and on their scalar
    /// boundaries.
    static func structuralViolation(_ spans: [Span], in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let runs = UTF8Validation.validRuns(in: bytes)
        var previousEnd = 0
        var runIndex = 0
        for span in spans {
            let range = span.utf8Range
            if range.isEmpty { return "empty span \(span)" }
            if range.lowerBound < previousEnd { return "span \(span) overlaps or is out of order" }
            previousEnd = range.upperBound
            while runIndex < runs.count, runs[runIndex].upperBound <= range.lowerBound { runIndex += 1 }
            guard runIndex < runs.count, runs[runIndex].lowerBound <= range.lowerBound,
                range.upperBound <= runs[runIndex].upperBound
            else { return "span \(span) leaves its well-formed run" }
            for bound in [range.lowerBound, range.upperBound] where bound < runs[runIndex].upperBound {
                if bytes[bound] & 0xC0 == 0x80 { return "span \(span) splits a scalar at \(bound)" }
            }
        }
        return nil
    }

    /// No span contains a separator, and a scan starting at a word start (right after a separator)
    /// finds exactly the full scan's spans from there on, also when the text before the
    /// separator is cut away: the locality contract. Checks up to `limit` random word starts.
    /// - Precondition: `text` is well-formed UTF-8.
    static func localityViolation(
        rules: any RuleSet, text: UnsafeBufferPointer<UInt8>, limit: Int,
        using random: inout SplitMix64
    ) -> String? {
        let full = rules.spans(in: text)
        var starts: [Int] = []
        var index = 0
        var nextSpan = 0
        while index < text.count {
            let length = UTF8Scalar.length(lead: text[index])
            let scalar = text.decodeScalar(at: index).scalar
            if rules.isSeparator(scalar) {
                while nextSpan < full.count, full[nextSpan].utf8Range.upperBound <= index { nextSpan += 1 }
                if nextSpan < full.count, full[nextSpan].utf8Range.contains(index) {
                    return "span \(full[nextSpan]) contains the separator U+\(String(scalar.value, radix: 16)) at \(index)"
                }
                starts.append(index + length)
            }
            index += length
        }
        for _ in 0..<min(limit, starts.count) {
            let start = starts[Int(random.next() % UInt64(starts.count))]
            let expected = full.filter { $0.utf8Range.lowerBound >= start }
            let windowed = rules.spans(in: text, startingIn: start..<text.count)
            if windowed != expected {
                return "scan from \(start) found \(windowed), full scan \(expected)"
            }
            // The word alone, with only its separator before it, must agree too.
            let separatorStart = text.scalarStart(before: start)
            let tail = UnsafeBufferPointer(rebasing: text[separatorStart...])
            let shift = separatorStart
            let local = rules.spans(in: tail, startingIn: start - shift..<tail.count)
                .map { $0.shifted(by: shift) }
            if local != expected {
                return "scan of the text cut before \(start) found \(local), full scan \(expected)"
            }
        }
        return nil
    }

    /// Streaming `bytes` in pieces of the given sizes gives back the bytes and the whole scan.
    /// With `vouching`, each piece is cut on a scalar boundary and, when it is well-formed on its
    /// own, handed over as known to be (`knownWellFormed`), as the parallel writer does; the
    /// chunks must still say which bytes are well-formed exactly as a stream that checks them.
    /// With `taking`, every other piece goes in through `append(taking:)` (in an array with room
    /// to spare or with none), which takes over the array's storage whenever the stream holds
    /// nothing but context.
    static func streamingViolation(
        rules: any RuleSet, bytes: UnsafeBufferPointer<UInt8>, pieceSizes: [Int], vouching: Bool = false,
        spansPerPiece: Int = 4096, taking: Bool = false
    ) -> String? {
        let whole = PatternDetector(rules: rules).spans(inUTF8: bytes)
        let stream = SpanStream(rules: rules, spansPerPiece: spansPerPiece)
        var echoed: [UInt8] = []
        var streamed: [Span] = []
        var offset = 0
        var pieceIndex = 0
        var wellFormedness: [(Range<Int>, Bool)] = []
        let collect = { (chunk: StreamChunk) in
            if chunk.streamOffset != echoed.count { streamed.append(Span(kind: "bad-offset", utf8Range: 0..<1)) }
            wellFormedness.append((echoed.count..<echoed.count + chunk.bytes.count, chunk.isWellFormed))
            echoed.append(contentsOf: chunk.bytes)
            for span in chunk.spans {
                streamed.append(span.shifted(by: chunk.streamOffset))
            }
        }
        while offset < bytes.count {
            let size = pieceSizes.isEmpty ? bytes.count : max(1, pieceSizes[pieceIndex % pieceSizes.count])
            pieceIndex += 1
            var end = min(bytes.count, offset + size)
            if vouching {
                while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
            }
            let piece = UnsafeBufferPointer(rebasing: bytes[offset..<end])
            let isKnownWellFormed = vouching && UTF8Validation.isValid(piece)
            if taking && pieceIndex % 2 == 0 {
                var array: [UInt8] = []
                if pieceIndex % 4 == 0 { array.reserveCapacity(piece.count + 8) }
                array.append(contentsOf: piece)
                stream.append(taking: &array, knownWellFormed: isKnownWellFormed, emit: collect)
                if !array.isEmpty { return "append(taking:) left bytes in the array it took" }
            } else {
                stream.append(piece, knownWellFormed: isKnownWellFormed, emit: collect)
            }
            offset = end
        }
        stream.finish(emit: collect)
        if !echoed.elementsEqual(bytes) { return "streamed bytes differ from the input" }
        if streamed != whole { return "streamed spans \(streamed) differ from the whole scan \(whole)" }
        for (range, isWellFormed) in wellFormedness where isWellFormed != UTF8Validation.isValid(UnsafeBufferPointer(rebasing: bytes[range])) {
            return "chunk \(range) says well-formed: \(isWellFormed)"
        }
        return nil
    }
}
