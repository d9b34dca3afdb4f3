import Testing
import ComposerCore

/// `ScalarRunScanner` against a plain set of scalars, on random well-formed texts mixing ASCII and
/// two-, three- and four-byte scalars, with more multi-byte members than its table has slots (so
/// members displace one another).
@Suite("Scalar run scanner")
struct ScalarRunScannerTests {
    /// 48 ASCII values, and 150 scalars of each longer width.
    static let alphabet: [Unicode.Scalar] = {
        var scalars = (0x20..<0x50).map { Unicode.Scalar(UInt8($0)) }
        for base in [0x00E0, 0x3040, 0x1F300] {
            scalars += (base..<base + 150).map { Unicode.Scalar($0)! }
        }
        return scalars
    }()

    struct Case {
        var scalars: [Unicode.Scalar]
        var bytes: [UInt8]
        /// The UTF-8 offset where each scalar starts, and the text's length last.
        var offsets: [Int]
        var members: Set<Unicode.Scalar>
    }

    static func randomCase(_ random: inout SplitMix64) -> Case {
        // A few scalars most of the time, so that long runs of repeats and members occur.
        let palette = (0..<(1 + Int(random.next() % 200))).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
        let length = Int(random.next() % 300)
        let scalars = (0..<length).map { _ in palette[Int(random.next() % UInt64(palette.count))] }
        var members = Set<Unicode.Scalar>()
        let share = random.next() % 100
        for scalar in Set(palette) where random.next() % 100 < share { members.insert(scalar) }
        var bytes: [UInt8] = []
        var offsets: [Int] = []
        for scalar in scalars {
            offsets.append(bytes.count)
            bytes += Array(String(scalar).utf8)
        }
        offsets.append(bytes.count)
        return Case(scalars: scalars, bytes: bytes, offsets: offsets, members: members)
    }

    /// A walk back that asks about each scalar the scanner stops at and inserts it when it is a
    /// member (as the separator walks do) stops exactly where the members run out; the same
    /// forward.
    @Test func learningWalksStopWhereMembersRunOut() {
        var random = SplitMix64(seed: 29)
        for _ in 0..<600 {
            let text = Self.randomCase(&random)
            let at = Int(random.next() % UInt64(text.scalars.count + 1))
            var expectedStart = at
            while expectedStart > 0 && text.members.contains(text.scalars[expectedStart - 1]) { expectedStart -= 1 }
            var expectedEnd = at
            while expectedEnd < text.scalars.count && text.members.contains(text.scalars[expectedEnd]) { expectedEnd += 1 }

            var back = ScalarRunScanner()
            var forward = ScalarRunScanner()
            let (start, end) = text.bytes.withUnsafeBufferPointer { buffer in
                var position = text.offsets[at]
                while true {
                    position = back.runStart(in: buffer, endingAt: position)
                    guard let index = text.offsets.firstIndex(of: position), index > 0,
                        text.members.contains(text.scalars[index - 1])
                    else { break }
                    back.insert(text.scalars[index - 1])
                    position = text.offsets[index - 1]
                }
                let start = position
                position = text.offsets[at]
                while true {
                    position = forward.runEnd(in: buffer, startingAt: position)
                    guard let index = text.offsets.firstIndex(of: position), index < text.scalars.count,
                        text.members.contains(text.scalars[index])
                    else { break }
                    forward.insert(text.scalars[index])
                    position = text.offsets[index + 1]
                }
                return (start, position)
            }
            #expect(start == text.offsets[expectedStart], "walk back from scalar \(at) of \(text.scalars.count)")
            #expect(end == text.offsets[expectedEnd], "walk forward from scalar \(at) of \(text.scalars.count)")
        }
    }

    /// With every member inserted up front, a run crosses only members, on scalar boundaries, and
    /// stops only at a non-member or at a member the table no longer holds (`contains` says so).
    @Test func runsCrossOnlyMembersAndStopOnlyWhereTold() {
        var random = SplitMix64(seed: 31)
        var displacedStops = 0
        for _ in 0..<600 {
            let text = Self.randomCase(&random)
            var scanner = ScalarRunScanner()
            for member in text.members { scanner.insert(member) }
            let at = Int(random.next() % UInt64(text.scalars.count + 1))
            let (start, end) = text.bytes.withUnsafeBufferPointer { buffer in
                (scanner.runStart(in: buffer, endingAt: text.offsets[at]),
                 scanner.runEnd(in: buffer, startingAt: text.offsets[at]))
            }
            guard let first = text.offsets.firstIndex(of: start), let last = text.offsets.firstIndex(of: end) else {
                Issue.record("a run ended inside a scalar: \(start), \(end)")
                continue
            }
            #expect(text.scalars[first..<at].allSatisfy(text.members.contains))
            #expect(text.scalars[at..<last].allSatisfy(text.members.contains))
            for stop in [first - 1, last] where stop >= 0 && stop < text.scalars.count {
                let scalar = text.scalars[stop]
                #expect(!scanner.contains(scalar), "stopped at \(scalar.debugDescription), which it holds")
                if text.members.contains(scalar) { displacedStops += 1 }
            }
        }
        // The table is small enough that the cases do displace members.
        #expect(displacedStops > 0)
    }
}
