import Testing
@testable import PatternDetection

/// UTF-8 ↔ UTF-16 ↔ scalar offsets, checked against Swift's own string views.
@Suite("Offsets")
struct OffsetTests {
    /// Fewer than `count` of `pieces`, drawn with `generator`, end to end.
    private static func randomText(of pieces: [String], fewerThan count: UInt64, using generator: inout SplitMix64) -> String {
        (0..<Int(generator.next() % count)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
    }

    /// `count` offsets below `limit`, drawn with `generator`, in ascending order.
    private static func sortedOffsets(_ count: Int, below limit: Int, using generator: inout SplitMix64) -> [Int] {
        (0..<count).map { _ in Int(generator.next() % UInt64(limit)) }.sorted()
    }

    @Test func astralCharactersCountTwiceInUTF16() {
        let text = "a😀b𝄞c"
        // bytes: a=0, 😀=1..<5, b=5, 𝄞=6..<10, c=10
        #expect(TextOffsets.utf16Offsets([0, 1, 5, 6, 10, 11], in: text) == [0, 1, 3, 4, 6, 7])
        #expect(TextOffsets.scalarOffsets([0, 1, 5, 6, 10, 11], in: text) == [0, 1, 2, 3, 4, 5])
    }

    @Test func spanRangesInEveryUnit() {
        let text = "👨‍👩‍👧 @bob.test"
        let start = text.utf8.count - 9
        let span = Span(kind: .mention, utf8Range: start..<text.utf8.count)
        #expect(span.text(in: text) == "@bob.test")
        // The family is 5 scalars (3 people, 2 ZWJ), 8 UTF-16 units, 18 bytes.
        #expect(span.utf16Range(in: text) == 9..<18)
        #expect(span.scalarRange(in: text) == 6..<15)
    }

    @Test func unsortedOffsetsKeepTheirOrder() {
        #expect(TextOffsets.utf16Offsets([5, 0, 1], in: "a😀b") == [3, 0, 1])
    }

    @Test func agreesWithSwiftStringViewsOnRandomText() {
        var generator = SplitMix64(seed: 42)
        let pieces = ["a", "é", "e\u{301}", "東", "😀", "👨‍👩‍👧", "\u{200D}", " ", "𝄞", "\u{FEFF}", "ß"]
        for _ in 0..<200 {
            let text = Self.randomText(of: pieces, fewerThan: 20, using: &generator)
            var utf8Offsets: [Int] = []
            var expectedUTF16: [Int] = []
            var expectedScalars: [Int] = []
            var scalarCount = 0
            for index in text.unicodeScalars.indices {
                utf8Offsets.append(text.utf8.distance(from: text.startIndex, to: index))
                expectedUTF16.append(text.utf16.distance(from: text.startIndex, to: index))
                expectedScalars.append(scalarCount)
                scalarCount += 1
            }
            utf8Offsets.append(text.utf8.count)
            expectedUTF16.append(text.utf16.count)
            expectedScalars.append(scalarCount)
            #expect(TextOffsets.utf16Offsets(utf8Offsets, in: text) == expectedUTF16, "\(text.debugDescription)")
            #expect(TextOffsets.scalarOffsets(utf8Offsets, in: text) == expectedScalars, "\(text.debugDescription)")
        }
    }

    /// Counting sixteen bytes at a time on well-formed text gives the unit-by-unit answer at every
    /// offset, scalar boundary or not, from any starting point: texts of every length up to a few
    /// kilobytes (a jump over many blocks, whose per-lane counts are added up now and then; targets
    /// within a block of the end, counted a word at a time).
    @Test func wellFormedCountingAgreesWithTheWalk() {
        var generator = SplitMix64(seed: 43)
        let pieces = ["a", "é", "東", "😀", "👨‍👩‍👧", " ", "𝄞", "abcdefghij", "\u{10FFFF}", "\u{7F}", "\u{80}"]
        for round in 0..<2_400 {
            let text = Self.randomText(of: pieces, fewerThan: round % 6 == 0 ? 600 : 30, using: &generator)
            let bytes = Array(text.utf8)
            var targets = Self.sortedOffsets(Int(generator.next() % 6), below: bytes.count + 2, using: &generator)
            targets.append(bytes.count)
            bytes.withUnsafeBufferPointer { buffer in
                var walk = TextOffsets.Cursor(), counted = TextOffsets.Cursor()
                for target in targets {
                    walk.advance(to: target, in: buffer)
                    counted.advance(toWellFormed: target, in: buffer)
                    #expect(counted.utf8 == walk.utf8 && counted.utf16 == walk.utf16 && counted.scalars == walk.scalars,
                            "\(text.debugDescription) at \(target)")
                }
                #expect(walk.utf16 == text.utf16.count && walk.scalars == text.unicodeScalars.count)
            }
        }
    }

    /// A span's two bounds counted together (a window of four blocks, after whole windows for a
    /// long gap) give the unit-by-unit answer at both: bounds at every distance from the cursor
    /// and from each other, inside scalars or not, near the buffer's end (where no window is
    /// readable) or far from it, and a start behind a cursor that rounded up past it.
    @Test func spanBoundsCountedTogetherAgreeWithTheWalk() {
        var generator = SplitMix64(seed: 46)
        let pieces = ["a", "é", "東", "😀", "👨‍👩‍👧", " ", "𝄞", "abcdefghij", "\u{10FFFF}", "\u{80}", "#tag "]
        for round in 0..<2_400 {
            let text = Self.randomText(of: pieces, fewerThan: round % 5 == 0 ? 400 : 60, using: &generator)
            let bytes = Array(text.utf8)
            let bounds = Self.sortedOffsets(2 * Int(generator.next() % 8), below: bytes.count + 1, using: &generator)
            bytes.withUnsafeBufferPointer { buffer in
                var walk = TextOffsets.Cursor(), counted = TextOffsets.Cursor()
                for pair in stride(from: 0, to: bounds.count, by: 2) {
                    let (start, end) = (bounds[pair], bounds[pair + 1])
                    walk.advance(to: start, in: buffer)
                    let expected = (utf16: walk.utf16, scalars: walk.scalars)
                    walk.advance(to: end, in: buffer)
                    let atStart = counted.advance(toWellFormed: start, then: end, in: buffer)
                    #expect(atStart == expected, "\(text.debugDescription) at \(start)")
                    #expect(counted.utf8 == walk.utf8 && counted.utf16 == walk.utf16 && counted.scalars == walk.scalars,
                            "\(text.debugDescription) at \(start)..<\(end)")
                }
            }
        }
    }

    /// The UTF-16 count of a range, eight bytes at a time, against Swift's UTF-16 view, for every
    /// range between scalar boundaries (so words start at every alignment and tails have every
    /// length).
    @Test func utf16CountsOfEveryRangeAgreeWithSwift() {
        var generator = SplitMix64(seed: 44)
        let pieces = ["a", "é", "東", "😀", " ", "𝄞", "abcdefghij", "\u{10FFFF}", "\u{7F}", "\u{80}", "\u{FFFF}"]
        for _ in 0..<300 {
            let text = Self.randomText(of: pieces, fewerThan: 16, using: &generator)
            let bytes = Array(text.utf8)
            let boundaries = text.unicodeScalars.indices.map { text.utf8.distance(from: text.startIndex, to: $0) } + [bytes.count]
            bytes.withUnsafeBufferPointer { buffer in
                for lower in boundaries {
                    for upper in boundaries where upper >= lower {
                        let expected = String(decoding: buffer[lower..<upper], as: UTF8.self).utf16.count
                        if UTF16Offsets.count(in: buffer, lower..<upper) != expected {
                            Issue.record("\(text.debugDescription) \(lower)..<\(upper)")
                            return
                        }
                    }
                }
            }
        }
    }

    /// The byte offset after a number of UTF-16 units, a word at a time, against Swift's views:
    /// the last scalar boundary at or before that many units, for every number of units and
    /// from every scalar boundary.
    @Test func byteOffsetsAfterUTF16UnitsAgreeWithSwift() {
        var generator = SplitMix64(seed: 45)
        let pieces = ["a", "é", "東", "😀", " ", "𝄞", "abcdefghij", "\u{10FFFF}", "\u{80}"]
        for _ in 0..<300 {
            let text = Self.randomText(of: pieces, fewerThan: 16, using: &generator)
            let bytes = Array(text.utf8)
            // (UTF-8 offset, UTF-16 offset) of every scalar boundary, the end included.
            var boundaries = [(0, 0)]
            for scalar in text.unicodeScalars {
                boundaries.append((boundaries.last!.0 + UTF8.width(scalar), boundaries.last!.1 + UTF16.width(scalar)))
            }
            bytes.withUnsafeBufferPointer { buffer in
                for (startUTF8, startUTF16) in boundaries {
                    for units in 0...(text.utf16.count - startUTF16 + 1) {
                        let expected = boundaries.last { $0.0 >= startUTF8 && $0.1 - startUTF16 <= units }!.0
                        let found = UTF16Offsets.byteOffset(afterUTF16: units, from: startUTF8, end: buffer.count, in: buffer)
                        if found != expected {
                            Issue.record("\(text.debugDescription) from \(startUTF8) after \(units): \(found), expected \(expected)")
                            return
                        }
                    }
                }
            }
        }
    }

    @Test func illFormedBytesCountAsOneReplacementEach() {
        // "a" 0xFF "b" 0xE2 0x82 (truncated €) "c": each ill-formed part decodes to one U+FFFD.
        let bytes: [UInt8] = [0x61, 0xFF, 0x62, 0xE2, 0x82, 0x63]
        let converted = bytes.withUnsafeBufferPointer { TextOffsets.convert([0, 1, 2, 3, 5, 6], in: $0) }
        #expect(converted.map(\.scalars) == [0, 1, 2, 3, 4, 5])
        // The truncated sequence is one maximal ill-formed subsequence: Swift repairs it to one U+FFFD.
        #expect(String(decoding: bytes, as: UTF8.self).unicodeScalars.count == 5)
    }

    @Test func validRunsFollowUnicodeMaximalSubparts() {
        let cases: [([UInt8], [Range<Int>])] = [
            ([], [0..<0]),
            ([0x61, 0x62], [0..<2]),
            ([0xC0, 0x80, 0x61], [2..<3]),  // overlong: two separate bad bytes
            ([0xED, 0xA0, 0x80, 0x61], [3..<4]),  // surrogate
            ([0xF4, 0x90, 0x80, 0x80], []),  // beyond U+10FFFF
            ([0x61, 0xE2, 0x82, 0x61, 0xF0, 0x9F, 0x98, 0x80], [0..<1, 3..<8]),
        ]
        for (bytes, expected) in cases {
            let runs = bytes.withUnsafeBufferPointer { UTF8Validation.validRuns(in: $0) }
            #expect(runs == expected, "\(bytes)")
            let swiftValid = String(validating: bytes, as: UTF8.self) != nil
            #expect(bytes.withUnsafeBufferPointer { UTF8Validation.isValid($0) } == swiftValid)
        }
    }

    @Test func validationAgreesWithSwiftOnRandomBytes() {
        var generator = SplitMix64(seed: 7)
        let interesting: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF, 0x9F, 0xA0, 0x8F, 0x90]
        for _ in 0..<5000 {
            let bytes = (0..<Int(generator.next() % 8)).map { _ in interesting[Int(generator.next() % UInt64(interesting.count))] }
            let ours = bytes.withUnsafeBufferPointer { UTF8Validation.isValid($0) }
            #expect(ours == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
            // Every run is itself valid and the ill-formed parts between runs are repaired to the
            // same number of U+FFFD as Swift's decoder produces.
            let runs = bytes.withUnsafeBufferPointer { UTF8Validation.validRuns(in: $0) }
            for run in runs {
                #expect(String(validating: bytes[run], as: UTF8.self) != nil)
            }
            let total = bytes.withUnsafeBufferPointer { TextOffsets.convert([bytes.count], in: $0) }[0]
            let repaired = String(decoding: bytes, as: UTF8.self)
            #expect(total.scalars == repaired.unicodeScalars.count, "\(bytes)")
            #expect(total.utf16 == repaired.utf16.count, "\(bytes)")
        }
    }

    /// Runs as Swift's own UTF-8 parser reads the bytes: each error it reports is one maximal
    /// ill-formed subsequence.
    static func runsBySwiftsParser(_ bytes: [UInt8]) -> [Range<Int>] {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var runs: [Range<Int>] = []
        var (offset, runStart) = (0, 0)
        parsing: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .error(let length):
                if runStart < offset { runs.append(runStart..<offset) }
                offset += length
                runStart = offset
            case .emptyInput: break parsing
            }
        }
        if runStart < bytes.count || bytes.isEmpty { runs.append(runStart..<bytes.count) }
        return runs
    }

    /// Longer inputs than above, so whole words (eight bytes) go through the word-at-a-time DFA,
    /// with every lead and boundary byte at every position of a word and across word edges.
    @Test func wordAtATimeValidationAgreesWithSwiftsParser() {
        var generator = SplitMix64(seed: 0x0DFA)
        let interesting: [UInt8] = [
            0x41, 0x41, 0x41, 0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1,
            0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
        ]
        let wellFormed = Array("aé東😀\u{10FFFF}\u{D7FF}\u{E000}\u{800}\u{10000}".utf8)
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(generator.next() % 40) {
                switch generator.next() % 3 {
                case 0: bytes.append(interesting[Int(generator.next() % UInt64(interesting.count))])
                case 1: bytes += Array(repeating: 0x61, count: Int(generator.next() % 9))
                default:
                    let start = Int(generator.next() % UInt64(wellFormed.count))
                    bytes += wellFormed[start..<min(wellFormed.count, start + Int(generator.next() % 6))]
                }
            }
            let expected = Self.runsBySwiftsParser(bytes)
            bytes.withUnsafeBufferPointer { buffer in
                #expect(UTF8Validation.validRuns(in: buffer) == expected, "\(bytes)")
                #expect(UTF8Validation.isValid(buffer) == (expected == [0..<bytes.count]), "\(bytes)")
                // Counting through well-formed stretches and ill-formed units alike: one U+FFFD
                // per maximal ill-formed subsequence, as Swift repairs the bytes.
                let total = TextOffsets.convert([bytes.count], in: buffer)[0]
                let repaired = String(decoding: bytes, as: UTF8.self)
                #expect(total.scalars == repaired.unicodeScalars.count && total.utf16 == repaired.utf16.count, "\(bytes)")
                // A well-formed prefix ending on a scalar boundary (so inside the first run),
                // past a first word of ASCII.
                let end = UTF8Validation.wellFormedEnd(in: buffer, from: 0)
                #expect(end == 0 || (expected.first.map { $0.lowerBound == 0 && end <= $0.upperBound } ?? false))
                #expect(String(validating: bytes[..<end], as: UTF8.self) != nil, "\(bytes)")
                #expect(end >= 8 || bytes.count < 8 || !bytes[..<8].allSatisfy { $0 < 0x80 }, "\(bytes) ended at \(end)")
            }
        }
    }
    /// Long inputs whose non-ASCII and ASCII words alternate for hundreds of bytes, so the
    /// validator switches to its every-word DFA stretches and back, with ill-formed bytes placed
    /// anywhere: inside a stretch, at its edges, in the ASCII between.
    @Test func denseStretchValidationAgreesWithSwiftsParser() {
        var generator = SplitMix64(seed: 0xDE45E)
        let mixed = ["é", "東", "😀", "a", "b", " ", "ü", "\u{10FFFF}"].map { Array($0.utf8) }
        let interesting: [UInt8] = [0x80, 0xBF, 0xC0, 0xC2, 0xE0, 0xED, 0xF0, 0xF4, 0xF5, 0xFF, 0x00]
        var switchedToStretches = 0
        for _ in 0..<1_500 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(1 + generator.next() % 5) {
                if generator.next() % 3 == 0 {
                    bytes += Array(repeating: 0x61, count: Int(generator.next() % 600))
                } else {
                    for _ in 0..<Int(40 + generator.next() % 400) { bytes += mixed[Int(generator.next() % UInt64(mixed.count))] }
                }
            }
            for _ in 0..<Int(generator.next() % 3) where !bytes.isEmpty {
                bytes.insert(interesting[Int(generator.next() % UInt64(interesting.count))], at: Int(generator.next() % UInt64(bytes.count)))
            }
            if Self.runsBySwiftsParser(bytes).contains(where: { $0.count >= 512 }) { switchedToStretches += 1 }
            Self.expectValidationAgreesWithSwiftsParser(bytes)
        }
        #expect(switchedToStretches > 300)
    }

    /// The validator's runs, its verdict, the counting pass's totals and its ill-formed flag (the
    /// parallel writer then lets the stream skip its own check), each against Swift's parser.
    private static func expectValidationAgreesWithSwiftsParser(
        _ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let expected = runsBySwiftsParser(bytes)
        bytes.withUnsafeBufferPointer { buffer in
            #expect(UTF8Validation.validRuns(in: buffer) == expected, sourceLocation: sourceLocation)
            #expect(UTF8Validation.isValid(buffer) == (expected == [0..<bytes.count]), sourceLocation: sourceLocation)
            let total = TextOffsets.convert([bytes.count], in: buffer)[0]
            let repaired = String(decoding: bytes, as: UTF8.self)
            #expect(
                total.scalars == repaired.unicodeScalars.count && total.utf16 == repaired.utf16.count,
                sourceLocation: sourceLocation)
            var cursor = TextOffsets.Cursor()
            cursor.advance(to: bytes.count, in: buffer)
            #expect(cursor.passedIllFormedBytes == (expected != [0..<bytes.count]), sourceLocation: sourceLocation)
        }
    }

    /// Dense text (checked in blocks of sixteen bytes, each byte against the three before it)
    /// with each rule of well-formed UTF-8 broken once, at every offset of a stretch of several
    /// chunks: a second byte outside its lead's narrower range (`E0`, `ED`, `F0`, `F4`), a lead
    /// that never occurs, a sequence cut short or run long; and the same sequences at their
    /// narrower ranges' edges, which are well-formed.
    @Test func blockValidationAgreesWithSwiftsParserOnEveryRuleAtEveryOffset() {
        var generator = SplitMix64(seed: 0xB10C)
        let mixed = ["é", "東", "😀", "ü", "\u{10FFFF}", "ж", "€", "\u{800}", "\u{D7FF}", "\u{E000}", "\u{10000}"].map { Array($0.utf8) }
        var text: [UInt8] = []
        while text.count < 900 { text += mixed[Int(generator.next() % UInt64(mixed.count))] }
        let sequences: [[UInt8]] = [
            [0xE0, 0x9F, 0x80], [0xE0, 0xA0, 0x80], [0xED, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF],
            [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xC0, 0x80], [0xC1, 0xBF],
            [0xC2, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xE1, 0x80], [0xF1, 0x80, 0x80], [0xC2, 0x80, 0x80],
            [0xE1, 0x80, 0x80, 0x80], [0x80], [0xC2], [0xF1, 0x80, 0x80, 0x80, 0x80],
        ]
        var checked = 0
        for offset in 300..<460 {
            // At a scalar boundary, so the sequence's own bytes decide.
            guard text[offset] & 0xC0 != 0x80 else { continue }
            for sequence in sequences {
                var bytes = text
                bytes.insert(contentsOf: sequence, at: offset)
                Self.expectValidationAgreesWithSwiftsParser(bytes)
                // The block test itself, at every offset: no lane flagged in well-formed text (a
                // block that fails only sends the walk back to the DFA, so the verdicts above
                // would not show a false alarm), some lane around the sequence otherwise.
                let flagged = bytes.withUnsafeBytes { raw in
                    (3...(bytes.count - 16)).contains { !ByteBlock.isZero(UTF8Validation.blockErrors(at: $0, in: raw.baseAddress!)) }
                }
                #expect(flagged == (String(validating: bytes, as: UTF8.self) == nil), "\(sequence) at \(offset)")
                checked += 1
            }
        }
        #expect(checked > 1_000)
    }

    /// Text with no ASCII word for thousands of bytes, so the validator checks it in blocks, with
    /// one ill-formed byte inserted, or one byte removed, at every offset: inside a block, at a
    /// block's or a chunk's edge, where a stretch ends. Also the well-formed text cut at every
    /// length.
    @Test func denseTextAgreesWithSwiftsParserAtEveryOffset() {
        var generator = SplitMix64(seed: 0x9A1_4ED)
        let mixed = ["é", "東", "😀", "ü", "\u{10FFFF}", "ж", "€"].map { Array($0.utf8) }
        var text: [UInt8] = []
        while text.count < 1_800 { text += mixed[Int(generator.next() % UInt64(mixed.count))] }
        let interesting: [UInt8] = [0x80, 0xBF, 0xC0, 0xC2, 0xE0, 0xED, 0xF0, 0xF4, 0xF5, 0xFF, 0x00, 0x61]
        func check(_ bytes: [UInt8]) { Self.expectValidationAgreesWithSwiftsParser(bytes) }
        check(text)
        for offset in 0..<1_400 {
            var inserted = text
            inserted.insert(interesting[offset % interesting.count], at: offset)
            check(inserted)
            var removed = text
            removed.remove(at: offset)
            check(removed)
        }
        for length in stride(from: 500, through: text.count, by: 7) { check(Array(text[..<length])) }
    }
}
