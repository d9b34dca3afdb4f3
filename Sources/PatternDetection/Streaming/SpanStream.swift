/// Finds spans in a byte stream of any length in bounded memory: bytes go in as they arrive,
/// chunks come out with their spans, and the result is exactly a whole-input scan
/// (``PatternDetector/spans(inUTF8:)-(UnsafeBufferPointer<UInt8>)``).
///
/// ## Where chunks are cut
/// Only where no span can cross and no rule can look across:
/// - right after a separator scalar of the rule set inside well-formed UTF-8 (the locality
///   contract of ``RuleSet``). The separator stays in the buffer as read-only context, so the next
///   chunk's first word is scanned with the separator before it, as in the whole text;
/// - at the edges of ill-formed bytes, which end a well-formed text in a whole-input scan too;
/// - never inside a UTF-8 sequence: a sequence split by the end of the bytes read so far waits for
///   the next ``append(_:emit:)``.
/// Each ``append(_:emit:)`` emits everything up to the last such cut, so a line typed at a
/// terminal comes out as soon as its line break arrives. A single word longer than what was read
/// grows the buffer until its end arrives: memory is O(chunk + longest word). A rule set without
/// separators therefore buffers well-formed input whole. A chunk's spans are held until it is
/// emitted, except where the rule set hands them out as it finds them (``SpanEnumerating``): such
/// a chunk goes out in pieces of at most ``spansPerPiece`` spans, so a word with any number of
/// spans costs no more memory than its bytes.
///
/// - Complexity: every byte is validated once and looked at once by the cut search; scanning
///   costs what the rule set costs on each chunk.
package final class SpanStream {
    package let rules: any RuleSet
    let separators: SeparatorTable
    let valueBytesRules: ValueBytesRules
    /// The rule set, when it hands out spans as it finds them (looked up once, not per chunk).
    let enumerator: (any SpanEnumerating)?
    /// The most spans a piece of a chunk holds when the rule set hands out its spans as it finds
    /// them (``SpanEnumerating``); a chunk with fewer is emitted whole.
    package let spansPerPiece: Int

    /// Bytes not yet emitted, after `contextCount` bytes of emitted context.
    var buffer: [UInt8] = []
    /// `buffer[0..<contextCount]` is the separator scalar before the next byte to emit (already
    /// emitted), or nothing at the start or after ill-formed bytes.
    var contextCount = 0
    /// `buffer[0..<validatedEnd]` has been classified into well-formed runs and ill-formed bytes.
    var validatedEnd = 0
    /// Well-formed runs that ended (ill-formed bytes follow them), in `buffer` coordinates.
    var closedRuns: [Range<Int>] = []
    /// The start of the well-formed run reaching `validatedEnd`, if one does.
    var openRunStart: Int?
    /// No separator lies in the open run before `searchedUpTo` beyond the last cut: the cut search
    /// stops here, so a long word is searched once, not once per append.
    var searchedUpTo = 0
    /// Bytes emitted so far.
    package private(set) var emittedCount = 0
    /// Empty storage for the next chunk's spans.
    private var spareSpans: [Span] = []

    /// - Parameter spansPerPiece: at least 1; the default keeps a piece's spans within a few
    ///   hundred kilobytes. Tests set it low to cut pieces often.
    package init(rules: any RuleSet, spansPerPiece: Int = 4096) {
        precondition(spansPerPiece >= 1, "a piece holds at least one span")
        self.rules = rules
        self.spansPerPiece = spansPerPiece
        self.separators = SeparatorTable(rules: rules)
        self.valueBytesRules = ValueBytesRules(rules)
        self.enumerator = rules as? any SpanEnumerating
    }

    /// Starts the stream over as the rest of a longer stream that was cut right after the separator
    /// `context` (one scalar, well-formed), `streamOffset` bytes from its start: the separator is
    /// read-only context for the first word, exactly as after a cut of this stream's own, so the
    /// pieces of an input cut at separators and streamed separately give the spans of one stream.
    /// An empty `context` starts at the beginning of a text.
    /// - Precondition: `context` is empty or one scalar that ``RuleSet/isSeparator(_:)`` accepts.
    package func restart(afterSeparator context: UnsafeBufferPointer<UInt8>, streamOffset: Int) {
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: context)
        contextCount = context.count
        validatedEnd = context.count
        closedRuns.removeAll()
        openRunStart = context.isEmpty ? nil : 0
        searchedUpTo = context.count
        emittedCount = streamOffset
    }

    /// Takes in the next bytes of the stream and emits every chunk that is now complete.
    ///
    /// With `knownWellFormed`, the caller vouches that `bytes` are well-formed UTF-8 on their own
    /// (whole scalars: it checked them, as the parallel JSON writer's counting pass does): they are
    /// not validated again, unless the bytes before them end inside a sequence.
    /// - Throws: ``PatternError`` from the rule set; the stream is then unusable.
    package func append(
        _ bytes: UnsafeBufferPointer<UInt8>, knownWellFormed: Bool = false, emit: (StreamChunk) -> Void
    ) {
        let start = buffer.count
        buffer.append(contentsOf: bytes)
        didAppend(from: start, knownWellFormed: knownWellFormed, emit: emit)
    }

    /// Takes in the next bytes as ``append(_:knownWellFormed:emit:)`` does, taking over the storage
    /// of `bytes` instead of copying them when the stream holds nothing but context (as after
    /// ``restart(afterSeparator:streamOffset:)``): a segment that is one enormous word is then held
    /// once, not twice. `bytes` is left empty, with the stream's previous storage when it took over.
    package func append(taking bytes: inout [UInt8], knownWellFormed: Bool = false, emit: (StreamChunk) -> Void) {
        guard buffer.count == contextCount else {
            bytes.withUnsafeBufferPointer { append($0, knownWellFormed: knownWellFormed, emit: emit) }
            bytes.removeAll(keepingCapacity: true)
            return
        }
        let start = buffer.count
        // The context moves in front of the bytes, within their storage when it has room.
        if start > 0 { bytes.insert(contentsOf: buffer, at: 0) }
        swap(&buffer, &bytes)
        bytes.removeAll(keepingCapacity: true)
        didAppend(from: start, knownWellFormed: knownWellFormed, emit: emit)
    }

    /// Takes in `bytes` as ``append(_:knownWellFormed:emit:)`` does, at most `blockBytes` at a
    /// time, so that the stream holds a block and the unfinished word before it rather than all of
    /// `bytes`, and its work on each block stays in the cache. With `knownWellFormed` the blocks end
    /// on scalar boundaries, so none needs checking again.
    /// - Precondition: `blockBytes >= 4`.
    package func append(
        _ bytes: UnsafeBufferPointer<UInt8>, inBlocksOf blockBytes: Int, knownWellFormed: Bool = false,
        emit: (StreamChunk) -> Void
    ) {
        precondition(blockBytes >= 4, "a block holds at least one scalar")
        var blockStart = 0
        while blockStart < bytes.count {
            var blockEnd = min(bytes.count, blockStart + blockBytes)
            // At most three continuation bytes to step back over.
            if knownWellFormed {
                while blockEnd < bytes.count && bytes[blockEnd] & 0xC0 == 0x80 { blockEnd -= 1 }
            }
            append(UnsafeBufferPointer(rebasing: bytes[blockStart..<blockEnd]), knownWellFormed: knownWellFormed, emit: emit)
            blockStart = blockEnd
        }
    }

    /// Validates what was appended from `start` on (unless the caller vouched for it) and emits
    /// every chunk that is now complete.
    private func didAppend(from start: Int, knownWellFormed: Bool, emit: (StreamChunk) -> Void) {
        if knownWellFormed && validatedEnd == start {
            if openRunStart == nil && buffer.count > start { openRunStart = start }
            validatedEnd = buffer.count
        } else {
            validate(isFinal: false)
        }
        guard let cut = lastCut() else { return }
        emitChunk(upTo: cut, emit: emit)
    }

    /// Ends the stream: emits what is left (a truncated UTF-8 sequence at the very end is
    /// ill-formed bytes). The stream starts over afterwards, as a new document.
    package func finish(emit: (StreamChunk) -> Void) {
        validate(isFinal: true)
        if let start = openRunStart {
            closedRuns.append(start..<validatedEnd)
            openRunStart = nil
        }
        if validatedEnd > contextCount {
            emitChunk(upTo: Cut(end: validatedEnd, separatorStart: nil), emit: emit)
        }
        buffer.removeAll(keepingCapacity: true)
        contextCount = 0
        validatedEnd = 0
        closedRuns.removeAll()
        openRunStart = nil
        searchedUpTo = 0
        emittedCount = 0
    }

    /// Where a chunk ends: `end`, and when it ends after a separator inside the open run, where
    /// that separator starts.
    struct Cut {
        var end: Int
        var separatorStart: Int?
    }

    /// The last safe cut in what has been validated, `nil` when there is none beyond the context.
    func lastCut() -> Cut? {
        guard let runStart = openRunStart else {
            return validatedEnd > contextCount ? Cut(end: validatedEnd, separatorStart: nil) : nil
        }
        let floor = max(runStart, searchedUpTo, contextCount)
        let found: Cut? = buffer.withUnsafeBufferPointer { bytes in
            var end = validatedEnd
            while end > floor {
                let start = bytes.scalarStart(before: end)
                if separators.separatorLength(at: start, in: bytes) > 0 {
                    return Cut(end: end, separatorStart: start)
                }
                end = start
            }
            return nil
        }
        searchedUpTo = validatedEnd
        if let found { return found }
        return runStart > contextCount ? Cut(end: runStart, separatorStart: nil) : nil
    }

    /// Scans and emits `buffer[contextCount..<cut.end]`, then drops it (keeping a separator as
    /// context when the cut follows one).
    ///
    /// The chunk goes out as one ``StreamChunk``, or, when the rule set is ``SpanEnumerating`` and
    /// finds more than ``spansPerPiece`` spans in it, as consecutive pieces cut right after a span
    /// (so no span crosses a piece's edges), each emitted as soon as it is full.
    func emitChunk(upTo cut: Cut, emit: (StreamChunk) -> Void) {
        var piece = Piece(start: contextCount)
        // The span list's storage is kept from chunk to chunk, so it is not grown anew each time.
        swap(&piece.spans, &spareSpans)
        defer {
            piece.spans.removeAll(keepingCapacity: true)
            swap(&piece.spans, &spareSpans)
        }
        let context = contextCount
        buffer.withUnsafeBufferPointer { bytes in
            // Written through a pointer: a local captured by the per-span closure would have every
            // access checked for exclusivity at run time.
            withUnsafeMutablePointer(to: &piece) { piece in
                func scan(_ text: Range<Int>, windowEnd: Int) {
                    let windowStart = max(context, text.lowerBound)
                    guard windowStart < windowEnd else { return }
                    let part = UnsafeBufferPointer(rebasing: bytes[text])
                    let window = windowStart - text.lowerBound..<windowEnd - text.lowerBound
                    if let enumerator {
                        piece.pointee.texts.append(text)
                        let limit = spansPerPiece
                        // Spans go in as found (offsets in `part`) and are shifted in place when the
                        // piece is full or the text done: no span is copied twice.
                        var unshifted = piece.pointee.spans.count
                        enumerator.forEachSpan(in: part, startingIn: window) { span in
                            piece.pointee.spans.append(span)
                            if piece.pointee.spans.count == limit {
                                piece.pointee.shiftSpans(from: unshifted, by: text.lowerBound - piece.pointee.start)
                                emitPiece(&piece.pointee, upTo: text.lowerBound + span.utf8Range.upperBound, of: bytes, emit: emit)
                                unshifted = 0
                            }
                        }
                        piece.pointee.shiftSpans(from: unshifted, by: text.lowerBound - piece.pointee.start)
                        return
                    }
                    let found = rules.spans(in: part, startingIn: window)
                    guard !found.isEmpty else { return }
                    piece.pointee.texts.append(text)
                    let unshifted = piece.pointee.spans.count
                    if unshifted == 0 { piece.pointee.spans = found } else { piece.pointee.spans += found }
                    piece.pointee.shiftSpans(from: unshifted, by: text.lowerBound - piece.pointee.start)
                }
                for run in closedRuns where run.lowerBound < cut.end {
                    scan(run, windowEnd: run.upperBound)
                }
                if let runStart = openRunStart, runStart < cut.end, let separatorStart = cut.separatorStart {
                    scan(runStart..<cut.end, windowEnd: separatorStart)
                }
                // A piece that was full may have ended right at the cut.
                if piece.pointee.start < cut.end { emitPiece(&piece.pointee, upTo: cut.end, of: bytes, emit: emit) }
            }
        }
        let drop = cut.separatorStart ?? cut.end
        buffer.removeSubrange(0..<drop)
        contextCount = cut.end - drop
        validatedEnd -= drop
        closedRuns.removeAll()
        if let runStart = openRunStart { openRunStart = max(0, runStart - drop) }
        searchedUpTo = max(0, searchedUpTo - drop)
    }

    /// The part of a chunk not emitted yet: from `start` (in `buffer`), with the spans found in it
    /// (offsets relative to `start`) and the well-formed texts they were found in.
    struct Piece {
        var start: Int
        var spans: [Span] = []
        var texts: [Range<Int>] = []

        /// Adds `offset` to the offsets of `spans[index...]`, in place.
        @inline(__always)
        mutating func shiftSpans(from index: Int, by offset: Int) {
            guard offset != 0, index < spans.count else { return }
            spans.withUnsafeMutableBufferPointer { spans in
                for position in index..<spans.count {
                    let range = spans[position].utf8Range
                    spans[position].utf8Range = range.lowerBound + offset..<range.upperBound + offset
                }
            }
        }
    }

    /// Emits `piece` up to `end` (a scalar boundary no span crosses) and starts the next piece there.
    private func emitPiece(
        _ piece: inout Piece, upTo end: Int, of bytes: UnsafeBufferPointer<UInt8>, emit: (StreamChunk) -> Void
    ) {
        emit(StreamChunk(
            bytes: UnsafeBufferPointer(rebasing: bytes[piece.start..<end]), streamOffset: emittedCount,
            spans: piece.spans, rules: rules, valueBytesRules: valueBytesRules, buffer: bytes,
            bytesOffset: piece.start, texts: piece.texts, isWellFormed: isWellFormed(piece.start..<end)))
        emittedCount += end - piece.start
        piece.start = end
        piece.spans.removeAll(keepingCapacity: true)
    }

    /// Whether `piece` (validated bytes, `buffer` coordinates) lies inside one well-formed run.
    private func isWellFormed(_ piece: Range<Int>) -> Bool {
        if let runStart = openRunStart, runStart <= piece.lowerBound, piece.upperBound <= validatedEnd { return true }
        return closedRuns.contains { $0.lowerBound <= piece.lowerBound && $0.upperBound >= piece.upperBound }
    }
}
